package jmpi.examples.ft;

/**
 * The NAS Parallel Benchmarks pseudo-random generator: the linear congruential sequence
 * {@code x(k+1) = a * x(k) mod 2^46}, returned as {@code x * 2^-46} in (0, 1). As NPB defines it
 * (randlc, vranlc), the 46-bit product is formed exactly in double precision by splitting both
 * factors into 23-bit halves; every step here is that arithmetic, so the streams equal NPB's bit for
 * bit. FT uses {@code a = 5^13} and the seed 314159265.
 */
public final class NpbRandom {
    /** The multiplier of FT: 5^13. */
    public static final double A = 1220703125.0;
    /** The seed of FT. */
    public static final double SEED = 314159265.0;
    static final double R23 = 0x1p-23;
    static final double R46 = 0x1p-46;
    static final double T23 = 0x1p23;
    static final double T46 = 0x1p46;
    private static final long MASK46 = (1L << 46) - 1;

    private NpbRandom() {
    }

    /**
     * One step of randlc: the next state {@code a * x mod 2^46}. The random number NPB's randlc
     * returns is {@code next * 2^-46}.
     *
     * @param x the current state, an integer in (0, 2^46) held in a double
     * @param a the multiplier, an integer in (0, 2^46)
     * @return the next state
     */
    public static double next(double x, double a) {
        double t1 = R23 * a;
        double a1 = (long) t1;
        double a2 = a - T23 * a1;
        t1 = R23 * x;
        double x1 = (long) t1;
        double x2 = x - T23 * x1;
        t1 = a1 * x2 + a2 * x1;
        double t2 = (long) (R23 * t1);
        double z = t1 - T23 * t2;
        double t3 = T23 * z + a2 * x2;
        double t4 = (long) (R46 * t3);
        return t3 - T46 * t4;
    }

    /**
     * NPB's randlc: advances the state and returns the random number.
     *
     * @param state {@code state[0]} is advanced in place
     * @param a the multiplier
     * @return the new state times 2^-46
     */
    public static double randlc(double[] state, double a) {
        state[0] = next(state[0], a);
        return R46 * state[0];
    }

    /**
     * NPB's vranlc: writes {@code n} consecutive random numbers of the sequence after {@code x} into
     * {@code y[offset ..]}.
     *
     * @param n how many numbers
     * @param x the state before the first number
     * @param a the multiplier
     * @param y the destination
     * @param offset first index written
     * @return the state after the last number
     */
    public static double vranlc(int n, double x, double a, double[] y, int offset) {
        // x and a are integers below 2^46, exact as doubles. In 64-bit integer arithmetic the product
        // wraps modulo 2^64, a multiple of 2^46, so its low 46 bits are exactly (a x) mod 2^46: the
        // value next(x, a) computes with split doubles, at a fraction of the cost.
        long xl = (long) x;
        long al = (long) a;
        if (xl != x || al != a || xl < 0 || al < 0 || xl >= (1L << 46) || al >= (1L << 46)) {
            throw new IllegalArgumentException("state and multiplier must be integers in [0, 2^46): " + x + ", " + a);
        }
        for (int i = 0; i < n; i++) {
            xl = (xl * al) & MASK46;
            y[offset + i] = R46 * xl;
        }
        return xl;
    }

    /**
     * NPB's ipow46: {@code a^exponent mod 2^46} by repeated squaring, with the same multiplication.
     *
     * @param a the base
     * @param exponent the exponent, {@code >= 0}
     * @return the power (1 for exponent 0)
     */
    public static double pow46(double a, long exponent) {
        if (exponent < 0) {
            throw new IllegalArgumentException("negative exponent " + exponent);
        }
        double result = 1;
        double q = a;
        long n = exponent;
        while (n > 0) {
            if ((n & 1) != 0) {
                result = next(result, q);
            }
            n >>>= 1;
            if (n > 0) {
                q = next(q, q);
            }
        }
        return result;
    }

    /**
     * The state of FT's stream just before element {@code index} (counting real and imaginary parts
     * separately): {@code SEED * A^index mod 2^46}. Lets every worker or rank start its part of the
     * initial conditions independently.
     *
     * @param index position in the stream
     * @return the state from which {@link #vranlc} produces element {@code index} first
     */
    public static double stateAt(long index) {
        return next(SEED, pow46(A, index));
    }
}
