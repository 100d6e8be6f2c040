package jmpi.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Locale;

/**
 * The physical floor of a message between two threads of one JVM: two threads ping-pong a counter through two
 * longs 128 bytes apart (one cache line per direction, the adjacent-line prefetcher kept out), each spinning on
 * its line with plain polling and publishing with a release store, as a transport's one-line slot would. Half
 * the round trip is one cache-line hand-off one way: no MPI library between two threads can deliver a message
 * faster. Prints, per round, the one-way time in ns, and the best of the rounds:
 * {@code HANDOFF best_ns round_ns...}. Not an MPI program: {@code java -cp jmpi-bench.jar jmpi.bench.HandOff
 * [round trips per round] [rounds]} (defaults 2 000 000 and 5; the first round is JIT warm-up and not counted).
 */
public final class HandOff {
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    /** Index of the ping line and of the pong line: 128 bytes apart, away from the array header. */
    private static final int PING = 16;
    private static final int PONG = 32;

    private HandOff() {
    }

    public static void main(String[] args) throws InterruptedException {
        int trips = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        if (trips < 1 || rounds < 1) {
            throw new IllegalArgumentException("round trips and rounds must be at least 1");
        }
        StringBuilder each = new StringBuilder();
        double best = Double.MAX_VALUE;
        for (int r = 0; r <= rounds; r++) {
            double ns = round(trips);
            if (r > 0) {
                best = Math.min(best, ns);
                each.append(String.format(Locale.ROOT, " %.1f", ns));
            }
        }
        System.out.println(String.format(Locale.ROOT, "HANDOFF %.1f%s", best, each));
    }

    /** One round: {@code trips} round trips; returns the one-way time in ns. */
    private static double round(int trips) throws InterruptedException {
        long[] lines = new long[48];
        Thread pong = new Thread(() -> {
            for (long i = 1; i <= trips; i++) {
                while ((long) LONGS.getAcquire(lines, PING) != i) {
                    // poll
                }
                LONGS.setRelease(lines, PONG, i);
            }
        }, "handoff-pong");
        pong.setDaemon(true);
        pong.start();
        long t0 = System.nanoTime();
        for (long i = 1; i <= trips; i++) {
            LONGS.setRelease(lines, PING, i);
            while ((long) LONGS.getAcquire(lines, PONG) != i) {
                // poll
            }
        }
        long t = System.nanoTime() - t0;
        pong.join();
        return t / (2.0 * trips);
    }
}
