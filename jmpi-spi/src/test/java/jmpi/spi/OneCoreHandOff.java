package jmpi.spi;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Two threads hand a counter back and forth, each waiting for its turn through {@link Backoff#idle}
 * with an endless spin phase; prints the median number of idle steps a wait took. Run on one core
 * ({@code taskset -c 0}) by {@link BackoffOneCoreTest}: there the peer a waiter waits for is queued
 * behind it, and only a yield of the spin phase lets it run before the scheduler's time slice ends.
 *
 * <p>Arguments: the {@code spinYieldSteps} to use, and the number of hand-offs.
 */
public final class OneCoreHandOff {
    private OneCoreHandOff() {
    }

    public static void main(String[] args) throws InterruptedException {
        int steps = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Backoff backoff = new Backoff(3_600_000_000_000L, steps, 0, 1_000_000);
        AtomicLong turn = new AtomicLong();
        long[][] waits = new long[2][rounds];
        Thread[] threads = new Thread[2];
        for (int me = 0; me < 2; me++) {
            int self = me;
            threads[me] = new Thread(() -> {
                for (int r = 0; r < rounds; r++) {
                    long mine = 2L * r + self;
                    int i = 0;
                    long idleSince = 0;
                    while (turn.get() != mine) {
                        if (i == Backoff.SPIN_ITERATIONS) {
                            idleSince = System.nanoTime();
                        }
                        if (!backoff.idle(idleSince, i++)) {
                            throw new AssertionError("the spin phase ended");
                        }
                    }
                    waits[self][r] = i;
                    turn.set(mine + 1);
                }
            }, "hand-off-" + me);
            threads[me].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        // Thread 0's first wait is free (its turn is 0); drop the first tenth of both, where the JIT is busiest.
        long[] all = new long[2 * (rounds - rounds / 10)];
        int n = 0;
        for (long[] w : waits) {
            for (int r = rounds / 10; r < rounds; r++) {
                all[n++] = w[r];
            }
        }
        Arrays.sort(all);
        System.out.println("median-steps " + all[all.length / 2]);
    }
}
