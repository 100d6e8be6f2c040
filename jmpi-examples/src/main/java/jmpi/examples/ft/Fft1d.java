package jmpi.examples.ft;

/**
 * Complex 1-D FFTs of length {@code n = 2^m} over a block of lines at once: the radix-2 Stockham
 * scheme NPB FT uses (its cfftz / fftz2), written from the algorithm. A block holds {@code width}
 * lines as split real and imaginary arrays, point-major and line-minor: point {@code p} of line
 * {@code j} is at {@code p * width + j}. Every butterfly then runs down {@code width} (or
 * {@code lk * width}) contiguous elements with one twiddle factor, a loop the JIT vectorizes.
 *
 * <p>Sign: {@code +1} uses {@code exp(+i pi k / l)} factors (NPB's forward direction), {@code -1} the
 * conjugates. Neither direction scales; a forward then inverse transform multiplies by {@code n}.
 * The plan is immutable (its root table is computed once) and may be shared by threads.
 */
public final class Fft1d {
    private final int n;
    private final int m;
    private final double[] rootRe; // rootRe[l + k] = cos(pi k / l) for l = 1, 2, 4, .. n/2 and 0 <= k < l
    private final double[] rootIm;

    /**
     * @param n the transform length, a power of two {@code >= 2}
     */
    public Fft1d(int n) {
        if (n < 2 || Integer.bitCount(n) != 1) {
            throw new IllegalArgumentException("FFT length must be a power of two >= 2: " + n);
        }
        this.n = n;
        this.m = Integer.numberOfTrailingZeros(n);
        rootRe = new double[n];
        rootIm = new double[n];
        for (int l = 1; l < n; l <<= 1) {
            double t = Math.PI / l;
            for (int k = 0; k < l; k++) {
                rootRe[l + k] = Math.cos(k * t);
                rootIm[l + k] = Math.sin(k * t);
            }
        }
    }

    /** @return the transform length */
    public int length() {
        return n;
    }

    /**
     * Transforms the {@code width} lines of a block held in {@code (ar, ai)}, using {@code (br, bi)} as
     * the other half of the Stockham ping-pong. Each array holds at least {@code n * width} doubles.
     *
     * @param sign {@code +1} or {@code -1}
     * @param ar real parts, point-major
     * @param ai imaginary parts
     * @param br work array
     * @param bi work array
     * @param width lines in the block (the stride between points)
     * @return {@code true} if the result ended in {@code (br, bi)}, {@code false} if in {@code (ar, ai)}
     */
    public boolean transform(int sign, double[] ar, double[] ai, double[] br, double[] bi, int width) {
        double[] xr = ar;
        double[] xi = ai;
        double[] yr = br;
        double[] yi = bi;
        for (int l = 1; l <= m; l++) {
            step(sign, l, xr, xi, yr, yi, width);
            double[] t = xr;
            xr = yr;
            yr = t;
            t = xi;
            xi = yi;
            yi = t;
        }
        return (m & 1) != 0;
    }

    /** Stage {@code l} (1-based) of the Stockham transform, from x into y. */
    private void step(int sign, int l, double[] xr, double[] xi, double[] yr, double[] yi, int width) {
        int half = n >> 1;
        int lk = 1 << (l - 1);
        int li = 1 << (m - l);
        int run = lk * width; // the k and line loops merge: for fixed i they touch contiguous runs
        for (int i = 0; i < li; i++) {
            double wr = rootRe[li + i];
            double wi = sign > 0 ? rootIm[li + i] : -rootIm[li + i];
            int p11 = i * lk * width;
            int p12 = p11 + half * width;
            int p21 = 2 * i * lk * width;
            int p22 = p21 + run;
            for (int t = 0; t < run; t++) {
                double x11r = xr[p11 + t];
                double x11i = xi[p11 + t];
                double x21r = xr[p12 + t];
                double x21i = xi[p12 + t];
                yr[p21 + t] = x11r + x21r;
                yi[p21 + t] = x11i + x21i;
                double dr = x11r - x21r;
                double di = x11i - x21i;
                yr[p22 + t] = wr * dr - wi * di;
                yi[p22 + t] = wr * di + wi * dr;
            }
        }
    }
}
