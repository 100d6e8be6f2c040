package jmpi.bench;

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

    /** How many untimed iterations the JIT warm-up pass runs at a size: 5 times its warm-up count. */
    static final int JIT_WARMUP_FACTOR = 5;

    /**
     * The untimed pass before the table ({@link BenchOptions#jitWarmupSizes()}, {@link #JIT_WARMUP_FACTOR}
     * times each size's warm-up count); skipped when the warm-up count is 0. Returns its header line.
     */
    static String warmUpJit(BenchOptions o, SizeKernel kernel) {
        if (o.warmup == 0) {
            return "# JIT warm-up pass: none (--warmup 0)";
        }
        for (int n : o.jitWarmupSizes()) {
            kernel.run(n, JIT_WARMUP_FACTOR * o.warmupFor(n), 0);
        }
        return "# JIT warm-up pass: " + JIT_WARMUP_FACTOR + " x warm-up iterations, untimed, at sizes "
                + o.jitWarmupSizes() + " before the table";
    }

    /** The largest size, as an array length. */
    static byte[] buffer(BenchOptions o) {
        byte[] b = new byte[(int) o.maxBytes];
        java.util.Arrays.fill(b, (byte) 'a'); // touch every page before timing
        return b;
    }
}
