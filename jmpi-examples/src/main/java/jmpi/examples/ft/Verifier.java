package jmpi.examples.ft;

/**
 * FT's verification as ft.f does it: a run verifies when for every iteration
 * {@code |checksum - reference| / |reference| <= 1e-12}, both as complex numbers (modulus). NPB3.0-JAV
 * checked real or imaginary part separately, which is looser; not here.
 */
public final class Verifier {
    /** The tolerance of ft.f. */
    public static final double EPSILON = 1.0e-12;

    private Verifier() {
    }

    /**
     * @param checksum {@code {re, im}}
     * @param reference {@code re, im} pairs per iteration
     * @param iteration 1-based iteration
     * @return the relative error of that iteration
     */
    public static double relativeError(double[] checksum, double[] reference, int iteration) {
        double rr = reference[2 * (iteration - 1)];
        double ri = reference[2 * (iteration - 1) + 1];
        return Math.hypot(checksum[0] - rr, checksum[1] - ri) / Math.hypot(rr, ri);
    }

    /**
     * @param checksums {@code {re, im}} per iteration, iteration 1 first
     * @param reference {@code re, im} pairs per iteration
     * @return whether every iteration is within {@link #EPSILON} (and the counts match)
     */
    public static boolean verify(double[][] checksums, double[] reference) {
        if (checksums.length * 2 != reference.length) {
            return false;
        }
        for (int it = 1; it <= checksums.length; it++) {
            double err = relativeError(checksums[it - 1], reference, it);
            if (!(err <= EPSILON)) { // NaN fails too
                return false;
            }
        }
        return true;
    }
}
