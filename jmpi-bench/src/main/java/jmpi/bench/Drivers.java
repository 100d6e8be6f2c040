package jmpi.bench;

import java.util.ArrayList;
import java.util.List;

import mpi.MPI;

/**
 * Start-up shared by the driver programs: MPI initialisation, option parsing, and the check that the job
 * has the two ranks every measurement needs. Measures nothing.
 */
final class Drivers {
    private Drivers() {
    }

    /**
     * Initialises MPI and parses the program's arguments over the driver's defaults. On a bad option or
     * fewer than 2 ranks, rank 0 says why on standard error and every rank ends with exit code 2.
     */
    static BenchOptions start(String benchmark, String[] args, int defaultIters, int defaultWarmup) {
        String[] own = MPI.Init(args);
        String problem;
        BenchOptions options = null;
        try {
            options = BenchOptions.parse(own, defaultIters, defaultWarmup);
            problem = MPI.COMM_WORLD.Size() < 2 ? "needs at least 2 ranks, got " + MPI.COMM_WORLD.Size() : null;
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            if (MPI.COMM_WORLD.Rank() == 0) {
                System.err.println("jmpibench " + benchmark + ": " + problem);
            }
            System.exit(2);
        }
        return options;
    }

    /** A timed loop at one size: the measured value on rank 0. */
    interface SizeKernel {
        double run(int bytes, int iters, int warmup);
    }

    /** The JIT warm-up pass sends at least this many messages at each of its sizes up to 64 KiB. */
    static final int JIT_WARMUP_MESSAGES = 20_000;

    /**
     * The untimed pass before the table, at {@link BenchOptions#jitWarmupSizes()}: per size, the larger of
     * 5 times the size's warm-up count and enough iterations for {@link #JIT_WARMUP_MESSAGES} messages
     * (scaled down for sizes above 64 KiB like the timed counts); skipped when the warm-up count is 0.
     * Returns its header line.
     *
     * @param messagesPerIteration how many messages one iteration of the kernel sends, all ranks together
     */
    /** Rounds of the warm-up pass for sizes up to 64 KiB. */
    static final int SMALL_WARMUP_ROUNDS = 10;

    static String warmUpJit(BenchOptions o, SizeKernel kernel, int messagesPerIteration) {
        Report.prime(o, MPI.COMM_WORLD);
        if (o.warmup == 0) {
            return "# JIT warm-up pass: none (--warmup 0)";
        }
        int byMessages = (JIT_WARMUP_MESSAGES + messagesPerIteration - 1) / messagesPerIteration;
        BenchOptions counts = BenchOptions.parse(new String[] {"--iters", Integer.toString(byMessages)}, 1, 0);
        List<String> done = new ArrayList<>();
        // One short pass over every size of the table up to 64 KiB first: a branch first taken at a later
        // size (a copy of 2..7 bytes takes another path than one of 1 or 8) would otherwise deoptimize the
        // compiled paths in the middle of the table (seen on native: 2 and 4 B at 10x the latency of 1 and 8 B).
        int swept = 0;
        for (int n : o.sizes()) {
            if (n <= 65536) {
                kernel.run(n, Math.max(1, o.warmupFor(n)), 0);
                swept++;
            }
        }
        if (swept > 0) {
            done.add(swept + " sizes x " + o.warmupFor(o.sizes().get(0)));
        }
        for (int n : o.jitWarmupSizes()) {
            // Small sizes get many rounds: the engine's paths are only fully compiled (C2, inlined
            // through the transport) after some hundred thousand messages.
            int rounds = n <= 65536 ? SMALL_WARMUP_ROUNDS : 1;
            int iters = Math.max(5 * o.warmupFor(n), counts.itersFor(n));
            for (int r = 0; r < rounds; r++) {
                kernel.run(n, iters, o.warmupFor(n)); // same shape as the measured runs (warm-up branch included)
            }
            done.add(n + " B x " + rounds * iters);
        }
        double seconds = keepWarmingUp(o.warmupSeconds, () -> {
            for (int n : o.jitWarmupSizes()) {
                if (n <= 65536) {
                    kernel.run(n, Math.max(1, 5 * o.warmupFor(n)), 0);
                }
            }
        });
        return "# JIT warm-up pass, untimed, before the table: " + String.join(", ", done) + " iterations"
                + (seconds > 0 ? String.format(java.util.Locale.ROOT, "; then %.2f s of rounds at the sizes up to 64 KiB"
                + " (--warmup-seconds %s)", seconds, o.warmupSeconds) : "");
    }

    /**
     * The distinct sizes, after {@link CollKernel#effectiveBytes}, of {@code requested} that a collective's points
     * will measure: usable by its algorithm and within {@code memCap} ({@link CollKernel#memoryNeed}).
     */
    static List<Long> runnableSizes(List<Long> requested, CollKernel k, long memCap, int sharers) {
        List<Long> out = new ArrayList<>();
        for (long r : requested) {
            long e = k.effectiveBytes(r);
            if (e >= 0 && whyNotRunnable(k, e, memCap, sharers) == null && !out.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Why a point of {@code bytes} (after {@link CollKernel#effectiveBytes}) is not measured, or null: its forced
     * algorithm cannot run it, or its buffers ({@link CollKernel#memoryNeed}) exceed {@code memCap}.
     */
    static String whyNotRunnable(CollKernel k, long bytes, long memCap, int sharers) {
        String why = k.unusable(bytes);
        long need = k.memoryNeed(bytes, sharers);
        if (why == null && need > memCap) {
            why = "needs about " + need / (1 << 20) + " MiB of buffers > cap " + memCap / (1 << 20) + " MiB";
        }
        return why;
    }

    /**
     * One warm-up round of a collective over its sizes: {@code 5 x} the warm-up count at each size up to 64 KiB,
     * and in the first round one call at each larger size (their paths are compiled by then from the small
     * sizes' rounds, and a call of megabytes per round would stretch the warm-up).
     */
    static Runnable roundOver(List<Long> sizes, CollKernel k, BenchOptions o) {
        boolean[] first = {true};
        return () -> {
            for (long n : sizes) {
                if (n <= BenchOptions.LARGE_BYTES) {
                    k.run(n, Math.max(1, 5 * o.warmupFor(n)), 0);
                } else if (first[0]) {
                    k.run(n, 1, 0);
                }
            }
            first[0] = false;
        };
    }

    /**
     * Runs {@code round} on every rank until {@code seconds} have passed on rank 0's clock (at least once when
     * seconds is above 0); rank 0 tells the others point to point whether to go on, so the decision costs no
     * collective (a collective may be forced to an algorithm that refuses it). Returns the seconds spent on rank 0.
     */
    static double keepWarmingUp(double seconds, Runnable round) {
        if (seconds <= 0) {
            return 0;
        }
        long start = System.nanoTime();
        long until = start + (long) (seconds * 1e9);
        whileRank0Says(() -> System.nanoTime() - until < 0, round);
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * The point's own JIT warm-up, before it is timed: untimed calls of {@code k} at {@code bytes}, in blocks of
     * at most {@code o.itersFor(bytes)}, until {@code o.pointWarmupCalls} have run or {@code o.pointWarmupSeconds}
     * have passed on rank 0's clock, whichever comes first. The rounds over all sizes ({@link #roundOver}) compile
     * the small sizes' paths, but they run a size above 64 KiB once: on the process transports a collective of
     * 80 kB then still ran C1 code (a bcast at 200-400 us a call, against 11 us once C2 had compiled its path, which
     * took about 10^4 calls: bench/results/2026-11-29-bcast-warmup.txt). Rank 0 then prints
     * {@code # point warm-up POINT: N calls, S s}.
     *
     * @param point names the point in that line (collective, ranks, bytes, and the algorithm where several run)
     */
    static void warmPoint(CollKernel k, long bytes, BenchOptions o, String point) {
        if (o.pointWarmupCalls <= 0) {
            return;
        }
        long start = System.nanoTime();
        long until = start + (long) (o.pointWarmupSeconds * 1e9);
        int block = Math.max(1, Math.min(o.itersFor(bytes), o.pointWarmupCalls));
        int[] done = {0};
        whileRank0Says(() -> done[0] < o.pointWarmupCalls && System.nanoTime() - until < 0, () -> {
            int n = Math.min(block, o.pointWarmupCalls - done[0]);
            k.run(bytes, n, 0);
            done[0] += n;
        });
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.println(String.format(java.util.Locale.ROOT, "# point warm-up %s: %d calls, %.2f s", point, done[0],
                    (System.nanoTime() - start) / 1e9));
        }
    }

    /**
     * Runs {@code round} on every rank, then again for as long as {@code more} says so on rank 0 (asked after each
     * round); rank 0 sends its answer point to point, so the others' {@code more} is not asked.
     */
    private static void whileRank0Says(java.util.function.BooleanSupplier more, Runnable round) {
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        int[] goOn = {1};
        while (goOn[0] != 0) {
            round.run();
            if (rank == 0) {
                goOn[0] = more.getAsBoolean() ? 1 : 0;
                for (int r = 1; r < ranks; r++) {
                    MPI.COMM_WORLD.Send(goOn, 0, 1, MPI.INT, r, 0);
                }
            } else {
                MPI.COMM_WORLD.Recv(goOn, 0, 1, MPI.INT, 0, 0);
            }
        }
    }

    /** The largest size, as an array length. */
    static byte[] buffer(BenchOptions o) {
        byte[] b = new byte[(int) o.maxBytes];
        java.util.Arrays.fill(b, (byte) 'a'); // touch every page before timing
        return b;
    }
}
