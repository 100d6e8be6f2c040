package jmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** HockneyFit recovers known (t0, r_inf) from exact and noisy synthetic points and rejects degenerate input. */
class HockneyFitTest {
    /** Points exactly on t = t0 + n / r for doubling sizes 1 B .. 4 MiB. */
    private static double[][] line(double t0, double rInf) {
        int m = 23;
        double[] n = new double[m];
        double[] t = new double[m];
        for (int i = 0; i < m; i++) {
            n[i] = 1L << i;
            t[i] = t0 + n[i] / rInf;
        }
        return new double[][] {n, t};
    }

    @Test
    void recoversExactParameters() {
        double[][] p = line(44.81, 12.48); // the CLEI 1999 mpiJava paper, comms1 g77
        HockneyFit.Result r = HockneyFit.fit(p[0], p[1]);
        assertEquals(12.48, r.rInfMBps(), 1e-9);
        assertEquals(44.81, r.t0Micros(), 1e-6);
        assertEquals(44.81 * 12.48, r.nHalfBytes(), 1e-4);
        assertEquals(23, r.points());
        assertEquals(44.81 + 1000 / 12.48, r.predictMicros(1000), 1e-6);
    }

    @Test
    void recoversParametersFromNoisyData() {
        double t0 = 0.5;
        double rInf = 8000; // 8 GB/s
        double[][] p = line(t0, rInf);
        Random rnd = new Random(42);
        for (int i = 0; i < p[1].length; i++) {
            p[1][i] *= 1 + 0.01 * rnd.nextGaussian(); // 1 % multiplicative noise
        }
        HockneyFit.Result r = HockneyFit.fit(p[0], p[1]);
        assertEquals(rInf, r.rInfMBps(), rInf * 0.02);
        // the intercept is an extrapolation dominated by the largest points: only its scale is checked
        assertTrue(Math.abs(r.t0Micros()) < 20, "t0 " + r.t0Micros());
    }

    @Test
    void twoPointsAreEnough() {
        HockneyFit.Result r = HockneyFit.fit(new double[] {0, 1000}, new double[] {2, 4});
        assertEquals(500, r.rInfMBps(), 1e-12);
        assertEquals(2, r.t0Micros(), 1e-12);
        assertEquals(1000, r.nHalfBytes(), 1e-9);
    }

    @Test
    void rejectsFewerThanTwoPoints() {
        assertThrows(IllegalArgumentException.class, () -> HockneyFit.fit(new double[0], new double[0]));
        assertThrows(IllegalArgumentException.class, () -> HockneyFit.fit(new double[] {8}, new double[] {1}));
    }

    @Test
    void rejectsMismatchedEqualSizedAndNonFinitePoints() {
        assertThrows(IllegalArgumentException.class, () -> HockneyFit.fit(new double[] {1, 2}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> HockneyFit.fit(new double[] {8, 8}, new double[] {1, 2}));
        assertThrows(IllegalArgumentException.class,
                () -> HockneyFit.fit(new double[] {1, 2}, new double[] {1, Double.NaN}));
    }

    @Test
    void flatTimesGiveInfiniteRateNotAnException() {
        HockneyFit.Result r = HockneyFit.fit(new double[] {1, 2, 4}, new double[] {3, 3, 3});
        assertEquals(Double.POSITIVE_INFINITY, r.rInfMBps());
        assertTrue(Double.isNaN(r.nHalfBytes()));
        assertEquals(3, r.t0Micros(), 1e-12);
    }
}
