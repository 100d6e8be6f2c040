package mpjbuf;

/**
 * The argument checks of {@link Buffer}'s element operations: a range of an array, an index list, and the
 * multi-strided regions of {@code strGather} / {@code strScatter} (see {@link Buffer}'s class comment),
 * which it also turns into the list of indexes they reach. Out-of-range arguments are
 * {@link ArrayIndexOutOfBoundsException}s naming the array and the range. Stateless.
 */
final class Regions {
    private Regions() {
    }

    static void checkRange(int length, int off, int n, String what) {
        if (n < 0) {
            throw new ArrayIndexOutOfBoundsException("negative element count " + n);
        }
        if (off < 0 || (long) off + n > length) {
            throw new ArrayIndexOutOfBoundsException("elements [" + off + ", " + ((long) off + n) + ") are outside the "
                    + what + " array of length " + length);
        }
    }

    static void checkIndexes(int length, int n, int idxOff, int[] indexes, String what) {
        checkRange(indexes.length, idxOff, n, "indexes");
        for (int i = 0; i < n; i++) {
            int k = indexes[idxOff + i];
            if (k < 0 || k >= length) {
                throw new ArrayIndexOutOfBoundsException("indexes[" + (idxOff + i) + "] = " + k + " is outside the "
                        + what + " array of length " + length);
            }
        }
    }

    /** The indexes of a multi-strided region, in order, after checking it lies within the array. */
    static int[] region(int length, int off, int rank, int exts, int strs, int[] shape, String what)
            throws IllegalArgumentException {
        if (rank < 0) {
            throw new IllegalArgumentException("negative rank " + rank + " of a strided region");
        }
        checkRange(shape.length, exts, rank, "shape (extents)");
        checkRange(shape.length, strs, rank, "shape (strides)");
        long volume = 1;
        long min = off;
        long max = off;
        for (int i = 0; i < rank; i++) {
            int ext = shape[exts + i];
            int str = shape[strs + i];
            if (ext < 0) {
                throw new ArrayIndexOutOfBoundsException("negative extent " + ext + " in dimension " + i);
            }
            if (ext == 0) {
                return new int[0];
            }
            long reach = (long) str * (ext - 1);
            if (reach < 0) {
                min += reach;
            } else {
                max += reach;
            }
            volume *= ext;
            if (volume > Integer.MAX_VALUE - 8) {
                throw new ArrayIndexOutOfBoundsException("strided region of " + volume + " elements is too large");
            }
        }
        if (min < 0 || max >= length) {
            throw new ArrayIndexOutOfBoundsException("strided region reaches elements [" + min + ", " + max
                    + "] outside the " + what + " array of length " + length);
        }
        int[] idx = new int[(int) volume];
        int[] pos = new int[rank];
        for (int e = 0; e < idx.length; e++) {
            long at = off;
            for (int i = 0; i < rank; i++) {
                at += (long) pos[i] * shape[strs + i];
            }
            idx[e] = (int) at;
            for (int i = rank - 1; i >= 0; i--) {
                if (++pos[i] < shape[exts + i]) {
                    break;
                }
                pos[i] = 0;
            }
        }
        return idx;
    }
}
