package jmpi.examples.ft;

/**
 * FT's time step in frequency space (evolve of ft.f): {@code u0 *= twiddle; u1 = u0}, where
 * {@code twiddle(x, y, z) = exp(-4 alpha pi^2 (kx^2 + ky^2 + kz^2))} and {@code k} is the signed
 * frequency of the index ({@code i} for {@code i < n/2}, {@code i - n} above; NPB's index map). The
 * twiddle array is computed once per box; because {@code kx^2 + ky^2 + kz^2} is an integer below
 * {@code 3 (n/2)^2}, each distinct exponential is computed once from a table of them, giving the same
 * values as calling {@code exp} per point.
 */
public final class Evolve {
    private Evolve() {
    }

    /**
     * @param box the part of the grid (in frequency space) the arrays hold
     * @param alpha the time-step constant
     * @return a table {@code e[s] = exp(-4 alpha pi^2 s)} for every possible {@code s = kx^2+ky^2+kz^2}
     */
    public static double[] exponentials(Box box, double alpha) {
        long max = sq(box.nx() / 2) + sq(box.ny() / 2) + sq(box.nz() / 2);
        double ap = -4.0 * alpha * Math.PI * Math.PI;
        double[] e = new double[(int) max + 1];
        for (int s = 0; s <= max; s++) {
            e[s] = Math.exp(ap * s);
        }
        return e;
    }

    private static long sq(long v) {
        return v * v;
    }

    /**
     * @param i an index along an axis of length {@code n}
     * @param n the axis length
     * @return the signed frequency squared, {@code ((i + n/2) mod n - n/2)^2}
     */
    public static int frequencySquared(int i, int n) {
        int k = (i + n / 2) % n - n / 2;
        return k * k;
    }

    /**
     * Fills the twiddle factors of the box's local z-planes {@code [from, to)}.
     *
     * @param twiddle one double per complex element of the box
     * @param box the box
     * @param exponentials the table of {@link #exponentials}
     * @param from first local z-plane
     * @param to one past the last local z-plane
     */
    public static void twiddle(double[] twiddle, Box box, double[] exponentials, int from, int to) {
        int nx = box.nx();
        int[] kx = new int[nx];
        for (int x = 0; x < nx; x++) {
            kx[x] = frequencySquared(x, nx);
        }
        for (int k = from; k < to; k++) {
            int kz = frequencySquared(box.z0() + k, box.nz());
            for (int y = box.y0(); y < box.y0() + box.yn(); y++) {
                int kyz = kz + frequencySquared(y, box.ny());
                int at = box.index(0, y, box.z0() + k);
                for (int x = 0; x < nx; x++) {
                    twiddle[at + x] = exponentials[kx[x] + kyz];
                }
            }
        }
    }

    /**
     * One time step over the complex elements {@code [from, to)}: {@code u0 *= twiddle},
     * {@code u1 = u0}.
     *
     * @param u0 the frequency-space state, updated
     * @param u1 receives a copy of the new state (to be inverse transformed)
     * @param twiddle the twiddle factors
     * @param from first complex element
     * @param to one past the last complex element
     */
    public static void step(double[] u0, double[] u1, double[] twiddle, int from, int to) {
        for (int i = from; i < to; i++) {
            double t = twiddle[i];
            double re = u0[2 * i] * t;
            double im = u0[2 * i + 1] * t;
            u0[2 * i] = re;
            u0[2 * i + 1] = im;
            u1[2 * i] = re;
            u1[2 * i + 1] = im;
        }
    }

    /**
     * One axis's factors of the evolution to time {@code t} straight from the initial transform (the FT
     * specification's {@code exp(-4 alpha pi^2 (kx^2 + ky^2 + kz^2) t)}, which factors over the axes):
     * {@code f[i] = exp(-4 alpha pi^2 t k(first + i)^2)} for the {@code count} indices from {@code first}
     * on an axis of length {@code n}. The product of the three axes' factors equals {@code twiddle^t} to
     * a few ulps, without a twiddle array or writing the evolved field back every step.
     *
     * @param n the axis length
     * @param first first global index
     * @param count number of indices
     * @param alpha the time-step constant
     * @param t the time step, at least 0
     * @return the factors
     */
    public static double[] axisFactors(int n, int first, int count, double alpha, int t) {
        if (t < 0 || first < 0 || count < 0 || first + count > n) {
            throw new IllegalArgumentException("indices [" + first + ", " + (first + count) + ") of " + n + " at t=" + t);
        }
        double ap = -4.0 * alpha * Math.PI * Math.PI * t;
        double[] f = new double[count];
        for (int i = 0; i < count; i++) {
            f[i] = Math.exp(ap * frequencySquared(first + i, n));
        }
        return f;
    }
}
