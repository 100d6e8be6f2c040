package jmpi.bench;

/**
 * Hockney's model of a message transfer, {@code t(n) = t0 + n / rInf}, fitted by ordinary least squares
 * to measured points (bytes, microseconds), as Parkbench comms1 / comms2 do (the CLEI 1999 mpiJava paper, formula 1 and
 * Table 1). A pure function: no state, no I/O.
 *
 * <ul>
 *   <li>{@code rInf}: the asymptotic rate, bytes per microsecond, which is MB/s with MB = 10^6 bytes;</li>
 *   <li>{@code t0}: the start-up time, the intercept of the line at n = 0, microseconds;</li>
 *   <li>{@code nHalf = t0 * rInf}: the message length that reaches half of rInf, bytes.</li>
 * </ul>
 *
 * Unweighted least squares is dominated by the largest messages (their times are largest), exactly as in
 * Parkbench; {@code t0} is then an extrapolation, not the measured small-message latency, and can come out
 * negative on a machine whose large-message rate falls off (caches). A slope that is not positive (time
 * not growing with size) gives {@code rInf} and {@code nHalf} as infinite / NaN rather than an exception,
 * so a long run still prints its table.
 */
public final class HockneyFit {
    private HockneyFit() {
    }

    /** The fitted parameters. */
    public record Result(double t0Micros, double rInfMBps, double nHalfBytes, int points) {
        /** The model's time for {@code bytes}, microseconds. */
        public double predictMicros(double bytes) {
            return t0Micros + bytes / rInfMBps;
        }
    }

    /**
     * Fits {@code t = t0 + n / rInf} to the points {@code (bytes[i], micros[i])}.
     *
     * @throws IllegalArgumentException if the arrays differ in length, hold fewer than 2 points, hold a
     *                                  non-finite value, or all the sizes are equal
     */
    public static Result fit(double[] bytes, double[] micros) {
        if (bytes.length != micros.length) {
            throw new IllegalArgumentException(bytes.length + " sizes but " + micros.length + " times");
        }
        int m = bytes.length;
        if (m < 2) {
            throw new IllegalArgumentException("a line needs at least 2 points, got " + m);
        }
        double meanN = 0;
        double meanT = 0;
        for (int i = 0; i < m; i++) {
            if (!Double.isFinite(bytes[i]) || !Double.isFinite(micros[i])) {
                throw new IllegalArgumentException("point " + i + " is not finite: (" + bytes[i] + ", " + micros[i] + ")");
            }
            meanN += bytes[i];
            meanT += micros[i];
        }
        meanN /= m;
        meanT /= m;
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < m; i++) {
            double dx = bytes[i] - meanN;
            sxx += dx * dx;
            sxy += dx * (micros[i] - meanT);
        }
        if (sxx == 0) {
            throw new IllegalArgumentException("all " + m + " points have the same size " + bytes[0] + ": no slope");
        }
        double slope = sxy / sxx;          // microseconds per byte
        double t0 = meanT - slope * meanN;  // microseconds
        double rInf = slope > 0 ? 1.0 / slope : Double.POSITIVE_INFINITY;
        double nHalf = slope > 0 ? t0 * rInf : Double.NaN;
        return new Result(t0, rInf, nHalf, m);
    }
}
