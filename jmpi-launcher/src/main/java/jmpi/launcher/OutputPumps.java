package jmpi.launcher;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

/**
 * The output side of a {@link ProcessJob}: copies each rank process's standard output and error
 * to the launcher's streams, one virtual thread per stream, whole lines at a time (a line is never
 * mixed with another rank's), prefixed {@code [rank] } when the job tags its output.
 *
 * <p>Concurrency: {@link #pump} from the thread that spawns the ranks; lines are written under the
 * destination stream's monitor; {@link #join} from the deciding thread at the end of the job.
 */
final class OutputPumps {
    private static final Logger LOG = System.getLogger(OutputPumps.class.getName());
    /** A line longer than this is emitted in parts (a rank printing without newlines still shows). */
    private static final int MAX_LINE = 64 * 1024;
    /** How long {@link #join} waits for the pumps to reach the end of their streams. */
    private static final long JOIN_MILLIS = 1_000;

    private final boolean tagOutput;
    private final List<Thread> pumps = new ArrayList<>();

    /** @param tagOutput prefix lines with their rank (when the rank's JVM does not do it itself) */
    OutputPumps(boolean tagOutput) {
        this.tagOutput = tagOutput;
    }

    /** Copies a rank's stream to {@code to} line by line, whole lines at a time, tagged when asked. */
    void pump(int rank, InputStream from, PrintStream to, boolean tag) {
        byte[] prefix = tagOutput && tag ? ("[" + rank + "] ").getBytes() : new byte[0];
        Thread t = Thread.ofVirtual().name("jmpi-out-" + rank).start(() -> {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            try (InputStream in = new BufferedInputStream(from)) {
                int b;
                while ((b = in.read()) >= 0) {
                    line.write(b);
                    if (b == '\n' || line.size() >= MAX_LINE) {
                        emit(to, prefix, line, false);
                    }
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "output of rank " + rank + " ended", e);
            }
            if (line.size() > 0) {
                emit(to, prefix, line, true);
            }
        });
        synchronized (pumps) {
            pumps.add(t);
        }
    }

    private static void emit(PrintStream to, byte[] prefix, ByteArrayOutputStream line, boolean addNewline) {
        synchronized (to) {
            to.write(prefix, 0, prefix.length);
            to.write(line.toByteArray(), 0, line.size());
            if (addNewline) {
                to.write('\n');
            }
            to.flush();
        }
        line.reset();
    }

    /** Waits (at most about a second in all) for every pump to copy the rest of its stream. */
    void join() {
        long until = System.nanoTime() + JOIN_MILLIS * 1_000_000;
        List<Thread> all;
        synchronized (pumps) {
            all = new ArrayList<>(pumps);
        }
        for (Thread t : all) {
            long left = (until - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
