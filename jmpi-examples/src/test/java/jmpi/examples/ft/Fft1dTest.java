package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class Fft1dTest {
    /** Which passes a call runs. */
    enum Kernel {
        VECTOR,
        SCALAR,
        DEFAULT
    }

    private static double[][] transform(Fft1d plan, Kernel kernel, int sign, double[] xr, double[] xi, int width) {
        double[] ar = xr.clone();
        double[] ai = xi.clone();
        double[] br = new double[ar.length];
        double[] bi = new double[ar.length];
        boolean inB = switch (kernel) {
            case VECTOR -> plan.transformVector(sign, ar, ai, br, bi, width);
            case SCALAR -> plan.transformScalar(sign, ar, ai, br, bi, width);
            case DEFAULT -> plan.transform(sign, ar, ai, br, bi, width);
        };
        return inB ? new double[][] {br, bi} : new double[][] {ar, ai};
    }

    /** The batch transform equals the direct DFT sum(x_p exp(sign 2 pi i p k / n)) line by line. */
    private static void checkAgainstDft(Kernel kernel, int n, int width, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Fft1d plan = new Fft1d(n);
        for (int sign : new int[] {1, -1}) {
            double[] xr = new double[n * width];
            double[] xi = new double[n * width];
            for (int i = 0; i < xr.length; i++) {
                xr[i] = rnd.nextDouble(-1, 1);
                xi[i] = rnd.nextDouble(-1, 1);
            }
            double[][] r = transform(plan, kernel, sign, xr, xi, width);
            for (int j = 0; j < width; j++) {
                for (int k = 0; k < n; k++) {
                    double sr = 0;
                    double si = 0;
                    for (int p = 0; p < n; p++) {
                        double t = sign * 2 * Math.PI * (((long) p * k) % n) / n;
                        sr += xr[p * width + j] * Math.cos(t) - xi[p * width + j] * Math.sin(t);
                        si += xr[p * width + j] * Math.sin(t) + xi[p * width + j] * Math.cos(t);
                    }
                    String at = kernel + " n=" + n + " width=" + width + " sign=" + sign + " line " + j + " k " + k;
                    assertEquals(sr, r[0][k * width + j], 1e-12 * n, at);
                    assertEquals(si, r[1][k * width + j], 1e-12 * n, at);
                }
            }
        }
    }

    @Test
    void theTestsRunWithTheVectorModule() {
        // surefire adds --add-modules jdk.incubator.vector: without it the vector passes would go untested
        assertTrue(Fft1d.VECTOR, "jdk.incubator.vector is in the boot layer of the test JVM");
        assertTrue(Fft1d.kernel(FftScratch.WIDTH).startsWith("radix-4, Vector API"), Fft1d.kernel(FftScratch.WIDTH));
    }

    @Test
    void vectorPassesEqualTheDirectTransformAtEveryLengthAndWidth() {
        int lanes = Fft1dVector.LANES;
        // even and odd log2(n) (a leading radix-2 pass or not), one to several vectors of lines
        for (int n : new int[] {2, 4, 8, 16, 32, 64, 128, 256, 512}) {
            for (int width : new int[] {lanes, 2 * lanes, 3 * lanes}) {
                checkAgainstDft(Kernel.VECTOR, n, width, 31L * n + width);
            }
        }
    }

    @Test
    void scalarPassesEqualTheDirectTransformAtEveryLengthAndWidth() {
        for (int n : new int[] {2, 4, 8, 32, 64, 128, 256}) {
            for (int width : new int[] {1, 3, 16, 17}) {
                checkAgainstDft(Kernel.SCALAR, n, width, 17L * n + width);
            }
        }
    }

    @Test
    void theDispatchFallsBackToScalarForWidthsTheVectorsDoNotDivide() {
        int odd = Fft1dVector.LANES + 1;
        checkAgainstDft(Kernel.DEFAULT, 64, odd, 5);
        assertEquals("radix-2, scalar", Fft1d.kernel(odd));
        assertThrows(IllegalArgumentException.class,
                () -> new Fft1d(8).transformVector(1, new double[8 * odd], new double[8 * odd], new double[8 * odd],
                        new double[8 * odd], odd));
    }

    @Test
    void vectorAndScalarAgreeAndInverseUndoesForward() {
        SplittableRandom rnd = new SplittableRandom(11);
        int width = 2 * Fft1dVector.LANES;
        for (int n : new int[] {128, 256, 512}) {
            Fft1d plan = new Fft1d(n);
            double[] xr = new double[n * width];
            double[] xi = new double[n * width];
            for (int i = 0; i < xr.length; i++) {
                xr[i] = rnd.nextDouble(-1, 1);
                xi[i] = rnd.nextDouble(-1, 1);
            }
            double[][] v = transform(plan, Kernel.VECTOR, 1, xr, xi, width);
            double[][] s = transform(plan, Kernel.SCALAR, 1, xr, xi, width);
            assertArrayEquals(s[0], v[0], 1e-12 * n);
            assertArrayEquals(s[1], v[1], 1e-12 * n);
            double[][] back = transform(plan, Kernel.VECTOR, -1, v[0], v[1], width);
            for (int i = 0; i < xr.length; i++) {
                assertEquals(xr[i], back[0][i] / n, 1e-13, "n=" + n + " at " + i);
                assertEquals(xi[i], back[1][i] / n, 1e-13);
            }
        }
    }

    @Test
    void lengthsMustBePowersOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new Fft1d(12));
        assertThrows(IllegalArgumentException.class, () -> new Fft1d(1));
    }

    @Test
    void vectorSplitAndJoinOfInterleavedRunsMatchElementByElement() {
        SplittableRandom rnd = new SplittableRandom(23);
        int lanes = Fft1dVector.LANES;
        for (int count : new int[] {lanes, 2 * lanes, 5 * lanes}) {
            for (int src : new int[] {0, 2, 6, 10}) { // complex offsets: any even double offset
                double[] u = new double[src + 2 * count + 7];
                for (int i = 0; i < u.length; i++) {
                    u[i] = rnd.nextDouble(-1, 1);
                }
                double[] scale = new double[count + 3];
                for (int i = 0; i < scale.length; i++) {
                    scale[i] = rnd.nextDouble(-2, 2);
                }
                int dst = 3;
                double[] re = new double[dst + count + 1];
                double[] im = new double[dst + count + 1];
                Fft1dVector.deinterleave(u, src, re, im, dst, count, null, 0, 1);
                for (int j = 0; j < count; j++) {
                    assertEquals(u[src + 2 * j], re[dst + j], 0.0);
                    assertEquals(u[src + 2 * j + 1], im[dst + j], 0.0);
                }
                assertEquals(0.0, re[dst - 1], 0.0, "nothing written before the run");
                assertEquals(0.0, im[dst + count], 0.0, "nothing written after the run");
                double factor = 0.75;
                Fft1dVector.deinterleave(u, src, re, im, dst, count, scale, 2, factor);
                for (int j = 0; j < count; j++) {
                    double t = scale[2 + j] * factor;
                    assertEquals(u[src + 2 * j] * t, re[dst + j], 0.0, "the scalar kernel's rounding");
                    assertEquals(u[src + 2 * j + 1] * t, im[dst + j], 0.0);
                }
                double[] back = new double[u.length];
                Fft1dVector.interleave(re, im, dst, back, src, count);
                for (int j = 0; j < count; j++) {
                    assertEquals(re[dst + j], back[src + 2 * j], 0.0);
                    assertEquals(im[dst + j], back[src + 2 * j + 1], 0.0);
                }
                for (int i = 0; i < src; i++) {
                    assertEquals(0.0, back[i], 0.0, "nothing written before the run");
                }
                assertEquals(0.0, back[src + 2 * count], 0.0, "nothing written after the run");
            }
        }
    }
}
