package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * The fused kernels of {@link Fft3d} against the plain ones they replace: the y-FFT through row tables
 * against {@code alongY} followed by {@link SlabTranspose#packZToY} (and the inverse direction against
 * {@link SlabTranspose#unpackYToZ} followed by {@code alongY}), the evolved z-FFT against
 * {@link Evolve#step} followed by {@code alongZ}; over shapes with uneven slabs, blocks wider than a
 * plane's x-run and partial line ranges. The fused kernels do the same arithmetic in the same order,
 * so the results must be equal bit for bit.
 */
class Fft3dTest {
    private static double[] random(int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] u = new double[n];
        for (int i = 0; i < n; i++) {
            u[i] = rnd.nextDouble(-1, 1);
        }
        return u;
    }

    /** (nx, ny, nz, ranks) with uneven slabs (nz or ny not divisible by ranks) and nx below a block. */
    private static final int[][] SHAPES = {
        {8, 8, 8, 1}, {16, 8, 4, 2}, {8, 16, 16, 3}, {32, 4, 8, 4}, {4, 32, 8, 3}, {64, 16, 8, 3}, {2, 4, 4, 3}};

    @Test
    void planeRowsArePlainRowMajor() {
        Fft3d f = new Fft3d(new Box(8, 4, 8, 0, 4, 2, 3));
        int[] rows = f.planeRows();
        assertEquals(3 * 4, rows.length);
        for (int k = 0; k < 3; k++) {
            for (int y = 0; y < 4; y++) {
                assertEquals(8 * (y + 4 * k), rows[k * 4 + y]);
            }
        }
        assertThrows(IllegalStateException.class, () -> new Fft3d(new Box(8, 4, 8, 1, 2, 0, 8)).planeRows());
    }

    @Test
    void rowTablesDescribeTheLayoutOfPackZToY() {
        for (int[] sh : SHAPES) {
            int nx = sh[0];
            int ny = sh[1];
            int nz = sh[2];
            int p = sh[3];
            for (int r = 0; r < p; r++) {
                SlabTranspose t = new SlabTranspose(nx, ny, nz, p, r);
                assertTrue(t.ySideIsSlabLayout(), "y side is the y-slab's layout");
                Box zb = t.zBox(r);
                double[] z = random(zb.doubles(), r);
                double[] send = new double[t.bufferDoubles()];
                t.packZToY(z, send, 0, p);
                int[] rows = t.zSideRows();
                assertEquals(zb.zn() * ny, rows.length);
                for (int k = 0; k < zb.zn(); k++) {
                    for (int y = 0; y < ny; y++) {
                        for (int x = 0; x < nx; x++) {
                            int from = 2 * zb.index(x, y, zb.z0() + k);
                            int to = 2 * (rows[k * ny + y] + x);
                            assertEquals(z[from], send[to], 0.0);
                            assertEquals(z[from + 1], send[to + 1], 0.0);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theYFftThroughRowTablesEqualsTransformThenPackAndUnpackThenTransform() {
        for (int width : new int[] {FftScratch.WIDTH, 3, 2 * Fft1dVector.LANES}) {
            for (int[] sh : SHAPES) {
                int nx = sh[0];
                int ny = sh[1];
                int nz = sh[2];
                int p = sh[3];
                for (int r = 0; r < p; r++) {
                    SlabTranspose t = new SlabTranspose(nx, ny, nz, p, r);
                    Box zb = t.zBox(r);
                    Fft3d f = new Fft3d(zb);
                    FftScratch s = new FftScratch(Math.max(nx, Math.max(ny, nz)), width);
                    double[] z = random(zb.doubles(), 100 + r);
                    // forward: transform in place, then pack; against: transform straight into the packed buffer
                    double[] plain = z.clone();
                    f.alongY(+1, plain, 0, zb.zn(), s);
                    double[] expect = new double[t.bufferDoubles()];
                    t.packZToY(plain, expect, 0, p);
                    double[] fused = new double[t.bufferDoubles()];
                    int mid = zb.zn() / 2; // two calls, as two workers would make them
                    f.alongY(+1, z, f.planeRows(), fused, t.zSideRows(), 0, mid, s);
                    f.alongY(+1, z, f.planeRows(), fused, t.zSideRows(), mid, zb.zn(), s);
                    String at = "width " + width + " shape " + java.util.Arrays.toString(sh) + " rank " + r;
                    assertArrayEquals(expect, fused, 0.0, at);
                    // inverse: unpack then transform; against: transform straight out of the packed buffer
                    double[] unpacked = new double[zb.doubles()];
                    t.unpackYToZ(fused, unpacked, 0, p);
                    f.alongY(-1, unpacked, 0, zb.zn(), s);
                    double[] back = new double[zb.doubles()];
                    f.alongY(-1, fused, t.zSideRows(), back, f.planeRows(), 0, zb.zn(), s);
                    assertArrayEquals(unpacked, back, 0.0, at);
                    // in place with the same table
                    double[] inPlace = plain.clone();
                    double[] copy = plain.clone();
                    f.alongY(-1, inPlace, f.planeRows(), inPlace, f.planeRows(), 0, zb.zn(), s);
                    f.alongY(-1, copy, 0, zb.zn(), s);
                    assertArrayEquals(copy, inPlace, 0.0, at);
                }
            }
        }
    }

    @Test
    void theEvolvedZFftEqualsScaleByTheFactorsThenTransform() {
        for (int width : new int[] {FftScratch.WIDTH, 5, 2 * Fft1dVector.LANES}) {
            for (int[] sh : SHAPES) {
                int nx = sh[0];
                int ny = sh[1];
                int nz = sh[2];
                int p = sh[3];
                SlabTranspose t = new SlabTranspose(nx, ny, nz, p, p - 1);
                Box yb = t.yBox(p - 1);
                Fft3d f = new Fft3d(yb);
                FftScratch s = new FftScratch(Math.max(nx, Math.max(ny, nz)), width);
                double[] u0 = random(yb.doubles(), 7);
                double[] fx = random(nx, 8);
                double[] fy = random(yb.yn(), 9);
                double[] fz = random(nz, 10);
                double[] expect = new double[u0.length];
                for (int z = 0; z < nz; z++) {
                    for (int y = yb.y0(); y < yb.y0() + yb.yn(); y++) {
                        for (int x = 0; x < nx; x++) {
                            int e = yb.index(x, y, z);
                            double factor = fx[x] * fy[y - yb.y0()] * fz[z];
                            expect[2 * e] = u0[2 * e] * factor;
                            expect[2 * e + 1] = u0[2 * e + 1] * factor;
                        }
                    }
                }
                f.alongZ(-1, expect, 0, f.linesZ(), s);
                double[] before = u0.clone();
                double[] out = random(u0.length, 11); // stale contents must not matter
                int lines = f.linesZ();
                int a = Math.min(lines, 3);
                int[] cuts = {0, a, Math.max(a, lines / 2), lines}; // partial blocks at odd places
                for (int c = 0; c + 1 < cuts.length; c++) {
                    f.alongZEvolved(-1, u0, fx, fy, fz, out, cuts[c], cuts[c + 1], s);
                }
                String at = "width " + width + " shape " + java.util.Arrays.toString(sh);
                assertArrayEquals(before, u0, 0.0, at + ": u0 only read");
                assertArrayEquals(expect, out, 0.0, at + ": transform of the evolved lines");
            }
        }
        Fft3d f = new Fft3d(new Box(4, 4, 4, 0, 4, 0, 4));
        double[] u = new double[128];
        double[] four = new double[4];
        assertThrows(IllegalArgumentException.class,
                () -> f.alongZEvolved(-1, u, four, four, four, u, 0, 16, new FftScratch(4)));
        assertThrows(IllegalArgumentException.class,
                () -> f.alongZEvolved(-1, u, four, new double[3], four, new double[128], 0, 16, new FftScratch(4)));
    }

    @Test
    void theAxisFactorsToTimeTMatchTheTwiddlePoweredToT() {
        // the product of the three axes' factors at t equals NPB's twiddle multiplied in t times
        Box box = new Box(16, 8, 32, 2, 4, 0, 32);
        double[] exps = Evolve.exponentials(box, FtClass.ALPHA * 1e4); // a larger alpha: factors far from 1
        double[] twiddle = new double[box.elements()];
        Evolve.twiddle(twiddle, box, exps, 0, box.zn());
        for (int t : new int[] {0, 1, 2, 7, 20}) {
            double[] fx = Evolve.axisFactors(16, 0, 16, FtClass.ALPHA * 1e4, t);
            double[] fy = Evolve.axisFactors(8, 2, 4, FtClass.ALPHA * 1e4, t);
            double[] fz = Evolve.axisFactors(32, 0, 32, FtClass.ALPHA * 1e4, t);
            for (int z = 0; z < 32; z++) {
                for (int y = 2; y < 6; y++) {
                    for (int x = 0; x < 16; x++) {
                        double powered = 1;
                        for (int k = 0; k < t; k++) {
                            powered *= twiddle[box.index(x, y, z)];
                        }
                        double factor = fx[x] * fy[y - 2] * fz[z];
                        // exp of an argument a is good to about |a| ulps: here |a| reaches ~75 per step
                        assertEquals(powered, factor, 1e-13 * Math.max(1, t) * powered, "t=" + t + " at " + x + "," + y + "," + z);
                    }
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> Evolve.axisFactors(8, 6, 4, 1e-6, 1));
        assertThrows(IllegalArgumentException.class, () -> Evolve.axisFactors(8, 0, 8, 1e-6, -1));
    }
}
