package jmpi.datatype;

import java.util.Arrays;

/**
 * Collects the runs of one item's data entries (in type-map order), merging a run into the previous one
 * when it continues it in the array. While the merged runs are regular (one length, a constant distance
 * between starts) only that pattern is kept, so a vector of a million blocks costs no memory; the first
 * irregular run materializes the list. Not thread-safe (used during compilation only).
 */
final class RunBuilder {
    private boolean hasCurrent;
    private long currentStart;
    private long currentLength;

    private int runs;
    private boolean regular = true;
    private long first;
    private long length;
    private long stride;

    private int[] starts;
    private int[] lengths;

    /** Appends the run [start, start + length) of the type map. */
    void run(long start, long length) {
        if (length == 0) {
            return;
        }
        if (hasCurrent && start == currentStart + currentLength) {
            currentLength += length;
            return;
        }
        flush();
        hasCurrent = true;
        currentStart = start;
        currentLength = length;
    }

    private void flush() {
        if (!hasCurrent) {
            return;
        }
        hasCurrent = false;
        if (regular) {
            if (runs == 0) {
                first = currentStart;
                length = currentLength;
                runs = 1;
                return;
            }
            if (currentLength == length) {
                if (runs == 1) {
                    stride = currentStart - first;
                    runs = 2;
                    return;
                }
                if (currentStart == first + runs * stride) {
                    runs++;
                    return;
                }
            }
            materialize();
        }
        if (runs == starts.length) {
            int grown = (int) Math.min(Integer.MAX_VALUE - 8, 2L * runs);
            starts = Arrays.copyOf(starts, grown);
            lengths = Arrays.copyOf(lengths, grown);
        }
        starts[runs] = (int) currentStart;
        lengths[runs] = (int) currentLength;
        runs++;
    }

    private void materialize() {
        regular = false;
        int capacity = Math.max(16, runs * 2);
        starts = new int[capacity];
        lengths = new int[capacity];
        for (int r = 0; r < runs; r++) {
            starts[r] = (int) (first + r * stride);
            lengths[r] = (int) length;
        }
    }

    /** Ends the list. */
    void finish() {
        flush();
    }

    int runs() {
        return runs;
    }

    boolean regular() {
        return regular;
    }

    long first() {
        return first;
    }

    long length() {
        return length;
    }

    long stride() {
        return stride;
    }

    int[] starts() {
        return Arrays.copyOf(starts, runs);
    }

    int[] lengths() {
        return Arrays.copyOf(lengths, runs);
    }
}
