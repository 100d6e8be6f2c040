package jmpi.examples.ft;

/**
 * Complex 1-D FFTs of length {@code n = 2^m} over a block of lines at once: the self-sorting Stockham
 * scheme of NPB FT's cfftz / fftz2 (its twiddle factor depends on the outer index only), written from
 * the algorithm, with pairs of its radix-2 stages merged into one radix-4 pass (half the sweeps over the
 * block; an odd {@code m} starts with one radix-2 pass). A block holds {@code width} lines as split real
 * and imaginary arrays, point-major and line-minor: point {@code p} of line {@code j} is at
 * {@code p * width + j}. Every butterfly then runs down {@code lk * width} contiguous elements with one
 * set of twiddle factors.
 *
 * <p>Two implementations: the radix-4 passes on the Vector API ({@link Fft1dVector}), used when the
 * module {@code jdk.incubator.vector} is in the boot layer (run the JVM with {@code --add-modules
 * jdk.incubator.vector}; bench/ft.sh does) and not disabled with {@code -Djmpi.ft.scalar=true}; otherwise
 * scalar radix-2 passes (C2 does not vectorize those loops: see {@link Fft1dVector}). Both compute the
 * same transform; their roundings differ in the last bits.
 *
 * <p>Radix-4 pass from stage {@code l} (stages {@code l} and {@code l + 1} of the radix-2 scheme, with
 * {@code L = 2^(l-1)}, {@code I = n / 2L}): for {@code i < I/2}, {@code k < L} and inputs
 * {@code a, b, c, d} at {@code iL + k} plus {@code 0, n/2, n/4, 3n/4}, with {@code w = exp(sign i pi i / I)}
 * and {@code j = sign i}: outputs at {@code 4iL + k} plus {@code 0, L, 2L, 3L} are {@code a+b+c+d},
 * {@code w ((a-b) + j (c-d))}, {@code w^2 ((a+b) - (c+d))}, {@code w^3 ((a-b) - j (c-d))}.
 *
 * <p>Sign: {@code +1} uses {@code exp(+i pi k / l)} factors (NPB's forward direction), {@code -1} the
 * conjugates. Neither direction scales; a forward then inverse transform multiplies by {@code n}.
 * The plan is immutable (its root tables are computed once) and may be shared by threads.
 */
public final class Fft1d {
    /** Whether {@link #transform} uses the Vector API passes (for blocks whose width is a multiple of its lanes). */
    public static final boolean VECTOR = !Boolean.getBoolean("jmpi.ft.scalar")
            && ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private final int n;
    private final int m;
    private final double[] rootRe; // rootRe[l + k] = cos(pi k / l) for l = 1, 2, 4, .. n/2 and 0 <= k < l
    private final double[] rootIm;
    private final double[] root3Re; // root3Re[l + k] = cos(3 pi k / l): the third power, for radix-4 passes
    private final double[] root3Im;

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
        root3Re = new double[n];
        root3Im = new double[n];
        for (int l = 1; l < n; l <<= 1) {
            double t = Math.PI / l;
            for (int k = 0; k < l; k++) {
                rootRe[l + k] = Math.cos(k * t);
                rootIm[l + k] = Math.sin(k * t);
                root3Re[l + k] = Math.cos(3 * k * t);
                root3Im[l + k] = Math.sin(3 * k * t);
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
        if (VECTOR && width % Fft1dVector.LANES == 0) {
            return transformVector(sign, ar, ai, br, bi, width);
        }
        return transformScalar(sign, ar, ai, br, bi, width);
    }

    /** @return a description of the passes {@link #transform} uses for blocks of {@code width} lines */
    public static String kernel(int width) {
        return VECTOR && width % Fft1dVector.LANES == 0 ? "radix-4, Vector API, " + Fft1dVector.LANES + " lanes"
                : "radix-2, scalar";
    }

    /** The Vector API passes; {@code width} must be a multiple of {@link Fft1dVector#LANES}. */
    boolean transformVector(int sign, double[] ar, double[] ai, double[] br, double[] bi, int width) {
        if (width % Fft1dVector.LANES != 0) {
            throw new IllegalArgumentException("block width " + width + " is not a multiple of " + Fft1dVector.LANES);
        }
        boolean inB = false;
        int l = 1;
        if ((m & 1) != 0) {
            Fft1dVector.radix2(n, rootRe, rootIm, sign, ar, ai, br, bi, width);
            l = 2;
            inB = true;
        }
        for (; l < m; l += 2) {
            if (inB) {
                Fft1dVector.radix4(n, m, rootRe, rootIm, root3Re, root3Im, sign, l, br, bi, ar, ai, width);
            } else {
                Fft1dVector.radix4(n, m, rootRe, rootIm, root3Re, root3Im, sign, l, ar, ai, br, bi, width);
            }
            inB = !inB;
        }
        return inB;
    }

    /** The scalar radix-2 passes, any width. */
    boolean transformScalar(int sign, double[] ar, double[] ai, double[] br, double[] bi, int width) {
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

    /** Stage {@code l} (1-based) of the radix-2 Stockham transform, from x into y. */
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
