package jmpi.examples.ft;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The passes of {@link Fft1d} written with the Vector API ({@code jdk.incubator.vector}): the same
 * arithmetic as the scalar passes, element for element, on {@link #LANES} lines at a time. C2 does not
 * auto-vectorize the scalar passes (each stage reads one array at two or four offsets that differ by a
 * loop invariant, which its alias analysis cannot separate), so this is where the FFT's speed comes from.
 * Only loaded when the module is in the boot layer ({@link Fft1d#VECTOR}); the program runs without it
 * on the scalar passes.
 */
final class Fft1dVector {
    private static final VectorSpecies<Double> S = DoubleVector.SPECIES_PREFERRED;

    /** Doubles per vector. */
    static final int LANES = S.length();

    /** Lane {@code i} takes element {@code 2i} of the pair of vectors (real parts of interleaved data). */
    private static final VectorShuffle<Double> EVEN = shuffle(0);
    /** Lane {@code i} takes element {@code 2i + 1} of the pair (imaginary parts). */
    private static final VectorShuffle<Double> ODD = shuffle(1);
    /** Interleaves the low halves of (re, im): re0 im0 re1 im1 ... */
    private static final VectorShuffle<Double> LOW = interleave(0);
    /** Interleaves the high halves of (re, im). */
    private static final VectorShuffle<Double> HIGH = interleave(LANES / 2);

    private Fft1dVector() {
    }

    private static VectorShuffle<Double> shuffle(int parity) {
        int[] idx = new int[LANES];
        for (int i = 0; i < LANES; i++) {
            idx[i] = 2 * i + parity; // indexes past the first vector select from the second
        }
        return VectorShuffle.fromArray(S, idx, 0);
    }

    private static VectorShuffle<Double> interleave(int from) {
        int[] idx = new int[LANES];
        for (int i = 0; i < LANES; i++) {
            idx[i] = (i % 2 == 0 ? 0 : LANES) + from + i / 2;
        }
        return VectorShuffle.fromArray(S, idx, 0);
    }

    /**
     * Splits {@code count} interleaved complex values {@code u[src..src + 2 count)} into {@code re} and
     * {@code im} from {@code dst}, each multiplied by {@code scale[scaleAt + j] * factor} when {@code scale}
     * is not {@code null}; {@code count} a multiple of {@link #LANES}.
     */
    static void deinterleave(double[] u, int src, double[] re, double[] im, int dst, int count, double[] scale,
            int scaleAt, double factor) {
        for (int j = 0; j < count; j += LANES) {
            DoubleVector a = DoubleVector.fromArray(S, u, src + 2 * j);
            DoubleVector b = DoubleVector.fromArray(S, u, src + 2 * j + LANES);
            DoubleVector r = a.rearrange(EVEN, b);
            DoubleVector i = a.rearrange(ODD, b);
            if (scale != null) {
                DoubleVector f = DoubleVector.fromArray(S, scale, scaleAt + j).mul(factor);
                r = r.mul(f);
                i = i.mul(f);
            }
            r.intoArray(re, dst + j);
            i.intoArray(im, dst + j);
        }
    }

    /** The inverse of {@link #deinterleave} without scaling: {@code count} a multiple of {@link #LANES}. */
    static void interleave(double[] re, double[] im, int src, double[] u, int dst, int count) {
        for (int j = 0; j < count; j += LANES) {
            DoubleVector r = DoubleVector.fromArray(S, re, src + j);
            DoubleVector i = DoubleVector.fromArray(S, im, src + j);
            r.rearrange(LOW, i).intoArray(u, dst + 2 * j);
            r.rearrange(HIGH, i).intoArray(u, dst + 2 * j + LANES);
        }
    }

    /** The first radix-2 stage ({@code lk = 1}, {@code li = n/2}) from x into y; width a multiple of LANES. */
    static void radix2(int n, double[] rootRe, double[] rootIm, int sign, double[] xr, double[] xi, double[] yr,
            double[] yi, int width) {
        int half = n >> 1;
        for (int i = 0; i < half; i++) {
            double wr = rootRe[half + i];
            double wi = sign > 0 ? rootIm[half + i] : -rootIm[half + i];
            int p11 = i * width;
            int p12 = p11 + half * width;
            int p21 = 2 * i * width;
            int p22 = p21 + width;
            for (int t = 0; t < width; t += LANES) {
                DoubleVector ar = DoubleVector.fromArray(S, xr, p11 + t);
                DoubleVector ai = DoubleVector.fromArray(S, xi, p11 + t);
                DoubleVector br = DoubleVector.fromArray(S, xr, p12 + t);
                DoubleVector bi = DoubleVector.fromArray(S, xi, p12 + t);
                ar.add(br).intoArray(yr, p21 + t);
                ai.add(bi).intoArray(yi, p21 + t);
                DoubleVector dr = ar.sub(br);
                DoubleVector di = ai.sub(bi);
                dr.mul(wr).sub(di.mul(wi)).intoArray(yr, p22 + t);
                di.mul(wr).add(dr.mul(wi)).intoArray(yi, p22 + t);
            }
        }
    }

    /** Radix-2 stages {@code l} and {@code l + 1} as one radix-4 pass (see {@link Fft1d}), x into y. */
    static void radix4(int n, int m, double[] rootRe, double[] rootIm, double[] root3Re, double[] root3Im, int sign,
            int l, double[] xr, double[] xi, double[] yr, double[] yi, int width) {
        int lk = 1 << (l - 1);
        int li = 1 << (m - l);
        int run = lk * width;
        int q = (n >> 2) * width;
        double s = sign > 0 ? 1 : -1;
        for (int i = 0; i < li / 2; i++) {
            double w1r = rootRe[li + i];
            double w1i = s * rootIm[li + i];
            double w2r = rootRe[li / 2 + i];
            double w2i = s * rootIm[li / 2 + i];
            double w3r = root3Re[li + i];
            double w3i = s * root3Im[li + i];
            int pa = i * run;
            int pb = pa + 2 * q;
            int pc = pa + q;
            int pd = pa + 3 * q;
            int o0 = 4 * i * run;
            int o1 = o0 + run;
            int o2 = o1 + run;
            int o3 = o2 + run;
            for (int t = 0; t < run; t += LANES) {
                DoubleVector ar = DoubleVector.fromArray(S, xr, pa + t);
                DoubleVector ai = DoubleVector.fromArray(S, xi, pa + t);
                DoubleVector br = DoubleVector.fromArray(S, xr, pb + t);
                DoubleVector bi = DoubleVector.fromArray(S, xi, pb + t);
                DoubleVector cr = DoubleVector.fromArray(S, xr, pc + t);
                DoubleVector ci = DoubleVector.fromArray(S, xi, pc + t);
                DoubleVector dr = DoubleVector.fromArray(S, xr, pd + t);
                DoubleVector di = DoubleVector.fromArray(S, xi, pd + t);
                DoubleVector spr = ar.add(br);
                DoubleVector spi = ai.add(bi);
                DoubleVector smr = ar.sub(br);
                DoubleVector smi = ai.sub(bi);
                DoubleVector tpr = cr.add(dr);
                DoubleVector tpi = ci.add(di);
                DoubleVector tmr = di.sub(ci).mul(s);
                DoubleVector tmi = cr.sub(dr).mul(s);
                spr.add(tpr).intoArray(yr, o0 + t);
                spi.add(tpi).intoArray(yi, o0 + t);
                DoubleVector ur = smr.add(tmr);
                DoubleVector ui = smi.add(tmi);
                ur.mul(w1r).sub(ui.mul(w1i)).intoArray(yr, o1 + t);
                ui.mul(w1r).add(ur.mul(w1i)).intoArray(yi, o1 + t);
                DoubleVector vr = spr.sub(tpr);
                DoubleVector vi = spi.sub(tpi);
                vr.mul(w2r).sub(vi.mul(w2i)).intoArray(yr, o2 + t);
                vi.mul(w2r).add(vr.mul(w2i)).intoArray(yi, o2 + t);
                DoubleVector xr3 = smr.sub(tmr);
                DoubleVector xi3 = smi.sub(tmi);
                xr3.mul(w3r).sub(xi3.mul(w3i)).intoArray(yr, o3 + t);
                xi3.mul(w3r).add(xr3.mul(w3i)).intoArray(yi, o3 + t);
            }
        }
    }
}
