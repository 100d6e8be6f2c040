package jmpi.examples.ft;

import java.io.PrintStream;

/** Prints an FT run the way NPB does (checksums per iteration, then the summary block). */
public final class FtReport {
    private FtReport() {
    }

    /**
     * @param out where
     * @param r the run
     * @param processes number of processes (1 for one JVM)
     * @param profile whether to print the per-phase profile
     */
    public static void print(PrintStream out, FtSolver.Result r, int processes, boolean profile) {
        FtClass c = r.cls();
        out.println();
        out.println(" NAS Parallel Benchmarks (jmpi, NPB 3.4 FT algorithm) - FT Benchmark");
        out.println();
        out.printf(" Size                : %4dx%4dx%4d  (class %s)%n", c.nx(), c.ny(), c.nz(), c.name());
        out.printf(" Iterations          : %14d%n", c.iterations());
        out.printf(" Number of processes : %14d%n", processes);
        out.printf(" Threads per process : %14d%n", r.threads());
        out.println();
        for (int it = 1; it <= r.checksums().length; it++) {
            double[] s = r.checksums()[it - 1];
            out.printf(" T = %4d     Checksum = %22.12E %22.12E   (rel. error %.1e)%n", it, s[0], s[1],
                    Verifier.relativeError(s, c.reference(), it));
        }
        out.println(r.verified() ? " Result verification successful" : " Result verification failed");
        out.println(" class = " + c.name());
        out.println();
        out.println(" FT Benchmark Completed.");
        out.printf(" Class           = %24s%n", c.name());
        out.printf(" Size            = %24s%n", String.format("%4dx%4dx%4d", c.nx(), c.ny(), c.nz()));
        out.printf(" Iterations      = %24d%n", c.iterations());
        out.printf(" Time in seconds = %24.3f%n", r.seconds());
        out.printf(" Total processes = %24d%n", processes);
        out.printf(" Threads         = %24d%n", r.threads());
        out.printf(" Mop/s total     = %24.2f%n", r.mops());
        out.printf(" Operation type  = %24s%n", "floating point");
        out.printf(" Verification    = %24s%n", r.verified() ? "SUCCESSFUL" : "UNSUCCESSFUL");
        out.printf(" FFT kernel      = %24s%n", Fft1d.kernel(FftScratch.WIDTH));
        if (profile) {
            out.println();
            r.profile().print(out, r.seconds());
        }
    }
}
