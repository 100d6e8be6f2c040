package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class Fft1dTest {
    /** The batch transform equals the direct DFT sum(x_p exp(sign 2 pi i p k / n)) line by line. */
    @Test
    void equalsTheDirectTransformForEveryLineAndSign() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int n : new int[] {2, 4, 8, 32, 64}) {
            Fft1d plan = new Fft1d(n);
            int width = FftScratch.WIDTH;
            for (int sign : new int[] {1, -1}) {
                double[] ar = new double[n * width];
                double[] ai = new double[n * width];
                for (int i = 0; i < ar.length; i++) {
                    ar[i] = rnd.nextDouble(-1, 1);
                    ai[i] = rnd.nextDouble(-1, 1);
                }
                double[] xr = ar.clone();
                double[] xi = ai.clone();
                double[] br = new double[n * width];
                double[] bi = new double[n * width];
                boolean inB = plan.transform(sign, ar, ai, br, bi, width);
                double[] rr = inB ? br : ar;
                double[] ri = inB ? bi : ai;
                for (int j = 0; j < width; j++) {
                    for (int k = 0; k < n; k++) {
                        double sr = 0;
                        double si = 0;
                        for (int p = 0; p < n; p++) {
                            double t = sign * 2 * Math.PI * p * k / n;
                            sr += xr[p * width + j] * Math.cos(t) - xi[p * width + j] * Math.sin(t);
                            si += xr[p * width + j] * Math.sin(t) + xi[p * width + j] * Math.cos(t);
                        }
                        assertEquals(sr, rr[k * width + j], 1e-12 * n, "n=" + n + " line " + j + " k " + k);
                        assertEquals(si, ri[k * width + j], 1e-12 * n);
                    }
                }
            }
        }
    }

    @Test
    void lengthsMustBePowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new Fft1d(12));
        assertThrows(IllegalArgumentException.class, () -> new Fft1d(1));
    }
}
