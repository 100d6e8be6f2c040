package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class NpbRandomTest {
    private static final BigInteger MOD = BigInteger.ONE.shiftLeft(46);

    @Test
    void theFirstNumbersOfFtsStream() {
        // (5^13)^k * 314159265 mod 2^46, k = 1, 2, 3, computed exactly elsewhere.
        double[] y = new double[3];
        double x = NpbRandom.vranlc(3, NpbRandom.SEED, NpbRandom.A, y, 0);
        assertEquals(55909509111989.0 / 0x1p46, y[0], 0.0);
        assertEquals(61155031930969.0 / 0x1p46, y[1], 0.0);
        assertEquals(45573031421645.0 / 0x1p46, y[2], 0.0);
        assertEquals(45573031421645.0, x, 0.0);
        double[] state = {NpbRandom.SEED};
        assertEquals(y[0], NpbRandom.randlc(state, NpbRandom.A), 0.0);
        assertEquals(55909509111989.0, state[0], 0.0);
    }

    @Test
    void theDoubleArithmeticIsExactModulo2To46() {
        SplittableRandom rnd = new SplittableRandom(42);
        for (int i = 0; i < 100_000; i++) {
            long a = rnd.nextLong(1, 1L << 46);
            long x = rnd.nextLong(1, 1L << 46);
            long expect = BigInteger.valueOf(a).multiply(BigInteger.valueOf(x)).mod(MOD).longValueExact();
            assertEquals((double) expect, NpbRandom.next(x, a), 0.0, a + " * " + x);
        }
    }

    @Test
    void powersAndJumpsMatchTheStream() {
        BigInteger a = BigInteger.valueOf(1220703125L);
        for (long e : new long[] {0, 1, 2, 3, 7, 64, 1000, 123_456_789L, 1L << 40}) {
            assertEquals(a.modPow(BigInteger.valueOf(e), MOD).doubleValue(), NpbRandom.pow46(NpbRandom.A, e), 0.0, "e=" + e);
        }
        double[] y = new double[5000];
        NpbRandom.vranlc(y.length, NpbRandom.SEED, NpbRandom.A, y, 0);
        for (int k : new int[] {0, 1, 2, 999, 4999}) {
            double[] one = new double[1];
            NpbRandom.vranlc(1, NpbRandom.stateAt(k), NpbRandom.A, one, 0);
            assertEquals(y[k], one[0], 0.0, "jump to " + k);
        }
    }

    @Test
    void theIntegerVranlcEqualsTheDoubleRecurrenceBitForBit() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int trial = 0; trial < 200; trial++) {
            double x = rnd.nextLong(0, 1L << 46);
            double a = trial == 0 ? NpbRandom.A : rnd.nextLong(0, 1L << 46);
            int n = rnd.nextInt(0, 300);
            double[] y = new double[n + 3];
            double end = NpbRandom.vranlc(n, x, a, y, 2);
            double state = x;
            for (int i = 0; i < n; i++) {
                state = NpbRandom.next(state, a);
                assertEquals(NpbRandom.R46 * state, y[2 + i], 0.0, "number " + i);
            }
            assertEquals(state, end, 0.0);
            assertEquals(0.0, y[0], 0.0, "nothing before the offset");
            assertEquals(0.0, y[n + 2], 0.0, "nothing after the n numbers");
        }
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> NpbRandom.vranlc(1, 0.5, NpbRandom.A, new double[1], 0));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> NpbRandom.vranlc(1, 0x1p46, NpbRandom.A, new double[1], 0));
    }
}
