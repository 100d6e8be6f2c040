package jmpi.examples.ft;

import java.io.PrintStream;

/**
 * Wall-clock time per phase of an FT run (measured on the driving thread around each phase, so a
 * threaded phase counts once): setup (twiddle factors and initial conditions), FFTs along x, y and z,
 * transposes (slab exchanges; none in one process), evolve and checksum.
 */
public final class FtProfile {
    /** The phases. */
    public enum Phase {
        /** Twiddle factors and initial conditions. */
        SETUP,
        /** 1-D FFTs along x. */
        FFT_X,
        /** 1-D FFTs along y. */
        FFT_Y,
        /** 1-D FFTs along z. */
        FFT_Z,
        /** FFTs along x and y fused plane by plane (FtRank), the plane still in cache for the second. */
        FFT_XY,
        /** Slab transposes (pack, exchange, unpack). */
        TRANSPOSE,
        /** The time step in frequency space. */
        EVOLVE,
        /** Checksums. */
        CHECKSUM
    }

    private final long[] nanos = new long[Phase.values().length];

    /** Creates an empty profile. */
    public FtProfile() {
    }

    /**
     * @param phase the phase
     * @param ns nanoseconds to add
     */
    public void add(Phase phase, long ns) {
        nanos[phase.ordinal()] += ns;
    }

    /**
     * @param phase the phase
     * @return seconds spent in it
     */
    public double seconds(Phase phase) {
        return nanos[phase.ordinal()] * 1e-9;
    }

    /** Clears every phase. */
    public void reset() {
        java.util.Arrays.fill(nanos, 0);
    }

    /**
     * Prints one line per phase with its share of {@code total}.
     *
     * @param out where
     * @param total the run's total seconds
     */
    public void print(PrintStream out, double total) {
        out.println(" Profile (seconds, share of total):");
        double fft = seconds(Phase.FFT_X) + seconds(Phase.FFT_Y) + seconds(Phase.FFT_Z) + seconds(Phase.FFT_XY);
        for (Phase p : Phase.values()) {
            out.printf("   %-10s %10.4f  %5.1f%%%n", p.name().toLowerCase(), seconds(p), 100 * seconds(p) / total);
        }
        out.printf("   %-10s %10.4f  %5.1f%%%n", "fft (all)", fft, 100 * fft / total);
    }
}
