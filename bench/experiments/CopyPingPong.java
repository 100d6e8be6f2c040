import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The floor under jmpi's large-message ping-pong on the threads transport, without jmpi: two threads
 * pass a message back and forth by System.arraycopy between two reused byte arrays, handing over with a
 * spinning flag. Measures, per size, the one-way time when (1) one thread copies the whole message
 * (what a single-copy rendezvous does) and (2) both threads copy half of it at once. Also prints a
 * single-thread copy for reference. Run: {@code java bench/experiments/CopyPingPong.java [maxMiB]}.
 */
public final class CopyPingPong {
    public static void main(String[] args) throws InterruptedException {
        int maxMiB = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        System.out.printf("%10s %14s %18s %18s%n", "bytes", "1-thread_us", "whole_copy_us", "split_copy_us");
        for (int n = 1 << 20; n <= maxMiB << 20; n <<= 1) {
            byte[] a = new byte[n];
            byte[] b = new byte[n];
            Arrays.fill(a, (byte) 1);
            Arrays.fill(b, (byte) 2);
            int reps = Math.max(40, (int) (4_000_000_000L / n));
            System.out.printf("%10d %14.1f %18.1f %18.1f%n", n, local(a, b, reps), pingPong(a, b, reps, n),
                    pingPong(a, b, reps, n / 2));
        }
    }

    /** One thread copying a to b repeatedly: microseconds per copy. */
    private static double local(byte[] a, byte[] b, int reps) {
        for (int i = 0; i < 10; i++) {
            System.arraycopy(a, 0, b, 0, a.length);
        }
        long t = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            System.arraycopy(a, 0, b, 0, a.length);
        }
        return (System.nanoTime() - t) / 1e3 / reps;
    }

    /**
     * Messages alternate a to b, then b to a. The helper thread copies bytes [mainPart, n) of every
     * message and the main thread bytes [0, mainPart); mainPart 0 on odd turns means the helper copies
     * a to b whole and the main thread copies b to a whole (a single-copy ping-pong); mainPart n/2 splits
     * every copy between the two threads. Returns microseconds per one-way message.
     */
    private static double pingPong(byte[] a, byte[] b, int reps, int mainPart) throws InterruptedException {
        int n = a.length;
        boolean whole = mainPart == n;
        AtomicInteger go = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        Thread helper = new Thread(() -> {
            for (int i = 1; i <= 2 * reps; i++) {
                while (go.get() != i) {
                    Thread.onSpinWait();
                }
                boolean forth = (i & 1) == 1;
                if (whole) {
                    if (forth) {
                        System.arraycopy(a, 0, b, 0, n); // the helper takes every a -> b message
                    }
                } else {
                    System.arraycopy(forth ? a : b, mainPart, forth ? b : a, mainPart, n - mainPart);
                }
                done.set(i);
            }
        });
        helper.start();
        long t = 0;
        for (int i = 1; i <= 2 * reps; i++) {
            if (i == 21) {
                t = System.nanoTime();
            }
            boolean forth = (i & 1) == 1;
            go.set(i);
            if (whole) {
                while (done.get() != i) {
                    Thread.onSpinWait();
                }
                if (!forth) {
                    System.arraycopy(b, 0, a, 0, n); // the main thread takes every b -> a message
                }
            } else {
                System.arraycopy(forth ? a : b, 0, forth ? b : a, 0, mainPart);
                while (done.get() != i) {
                    Thread.onSpinWait();
                }
            }
        }
        double us = (System.nanoTime() - t) / 1e3 / (2 * reps - 20);
        helper.join();
        return us;
    }
}
