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

    /** The largest size, as an array length. */
    static byte[] buffer(BenchOptions o) {
        byte[] b = new byte[(int) o.maxBytes];
        java.util.Arrays.fill(b, (byte) 'a'); // touch every page before timing
        return b;
    }
}
