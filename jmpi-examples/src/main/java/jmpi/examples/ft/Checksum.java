package jmpi.examples.ft;

/**
 * FT's checksum (checksum of ft.f): the sum of the 1024 elements {@code (j mod nx, 3j mod ny,
 * 5j mod nz)}, {@code j = 1 .. 1024}, divided by {@code nx ny nz}. {@link #partial} sums the points a
 * box holds, so that ranks add their partials (an Allreduce of two doubles) before
 * {@link #normalize}.
 */
public final class Checksum {
    /** Number of sampled points. */
    public static final int POINTS = 1024;

    private Checksum() {
    }

    /**
     * @param u the box's interleaved array (in physical space)
     * @param box the box
     * @return {@code {re, im}}: the sum over the sampled points the box holds, not normalized
     */
    public static double[] partial(double[] u, Box box) {
        double re = 0;
        double im = 0;
        for (int j = 1; j <= POINTS; j++) {
            int x = j % box.nx();
            int y = (3 * j) % box.ny();
            int z = (5 * j) % box.nz();
            if (box.contains(x, y, z)) {
                int at = 2 * box.index(x, y, z);
                re += u[at];
                im += u[at + 1];
            }
        }
        return new double[] {re, im};
    }

    /**
     * @param sum the sum over all ranks' partials, normalized in place
     * @param total {@code nx ny nz}
     * @return {@code sum}
     */
    public static double[] normalize(double[] sum, long total) {
        sum[0] /= total;
        sum[1] /= total;
        return sum;
    }
}
