package jmpi.examples.ft;

/**
 * Batches of 1-D FFTs along one axis of a {@link Box} held as an interleaved complex array: the
 * building blocks of FT's 3-D transform, serial, threaded (each worker takes a range of lines or
 * planes) or distributed (each rank transforms the lines its slab holds whole).
 *
 * <p>A batch gathers {@link FftScratch#width} lines into the worker's scratch block (a local
 * transpose: point-major, line-minor), transforms them together ({@link Fft1d}) and scatters them
 * back. Lines along y and z are gathered as runs of consecutive x (contiguous memory); lines along x
 * are contiguous rows. The plans are immutable and shared; the scratch is per worker.
 */
public final class Fft3d {
    private final Box box;
    private final Fft1d planX;
    private final Fft1d planY;
    private final Fft1d planZ;

    /**
     * @param box the part of the grid the arrays hold
     */
    public Fft3d(Box box) {
        this.box = box;
        this.planX = new Fft1d(box.nx());
        this.planY = box.ny() == box.nx() ? planX : new Fft1d(box.ny());
        this.planZ = box.nz() == box.nx() ? planX : box.nz() == box.ny() ? planY : new Fft1d(box.nz());
    }

    /** @return the box */
    public Box box() {
        return box;
    }

    /** @return number of x-lines: {@code yn * zn} */
    public int linesX() {
        return box.yn() * box.zn();
    }

    /** @return number of z-lines: {@code nx * yn} (only with all of z held) */
    public int linesZ() {
        return box.nx() * box.yn();
    }

    /**
     * Transforms the x-lines {@code [from, to)} (line {@code L} is row {@code L} of the box).
     *
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param u the data
     * @param from first line
     * @param to one past the last line
     * @param s this worker's scratch
     */
    public void alongX(int sign, double[] u, int from, int to, FftScratch s) {
        lines(planX, sign, u, from * box.nx(), to - from, box.nx(), 1, s);
    }

    /**
     * Transforms every y-line of the box's z-planes {@code [from, to)} (local plane numbers). Needs all
     * of y held.
     *
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param u the data
     * @param from first local z-plane
     * @param to one past the last local z-plane
     * @param s this worker's scratch
     */
    public void alongY(int sign, double[] u, int from, int to, FftScratch s) {
        if (!box.fullY()) {
            throw new IllegalStateException("FFT along y needs all of y: " + box);
        }
        int plane = box.nx() * box.ny();
        for (int k = from; k < to; k++) {
            lines(planY, sign, u, k * plane, box.nx(), 1, box.nx(), s);
        }
    }

    /**
     * Transforms the z-lines {@code [from, to)}, line {@code L} being column {@code (x, y) = (L mod nx,
     * y0 + L / nx)}. Needs all of z held.
     *
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param u the data
     * @param from first line
     * @param to one past the last line
     * @param s this worker's scratch
     */
    public void alongZ(int sign, double[] u, int from, int to, FftScratch s) {
        if (!box.fullZ()) {
            throw new IllegalStateException("FFT along z needs all of z: " + box);
        }
        lines(planZ, sign, u, from, to - from, 1, box.nx() * box.yn(), s);
    }

    /**
     * Complex offsets of the rows of this box's z-planes as it lays them out: entry {@code k * ny + y}
     * is the complex index of {@code (0, y, z0 + k)}. Needs all of y held.
     *
     * @return the table, {@code zn * ny} entries
     */
    public int[] planeRows() {
        if (!box.fullY()) {
            throw new IllegalStateException("rows of whole planes need all of y: " + box);
        }
        int[] rows = new int[box.zn() * box.ny()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i * box.nx();
        }
        return rows;
    }

    /**
     * Transforms every y-line of the z-planes {@code [from, to)} (local plane numbers), reading them from
     * {@code src} and writing the result to {@code dst}, each laid out by a row table: the {@code nx}
     * complex points {@code (x, y)} of local plane {@code k} are consecutive from complex index
     * {@code rows[k * ny + y]} (see {@link #planeRows()} and {@link SlabTranspose#zSideRows()}). This
     * way the transform also moves the planes into another layout (the packing of a transpose) at no
     * extra sweep over memory. {@code src} and {@code dst} may be the same array with the same table;
     * otherwise the regions they name must not overlap.
     *
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param src the input
     * @param srcRows row table of the input
     * @param dst the output
     * @param dstRows row table of the output
     * @param from first local z-plane
     * @param to one past the last local z-plane
     * @param s this worker's scratch
     */
    public void alongY(int sign, double[] src, int[] srcRows, double[] dst, int[] dstRows, int from, int to,
            FftScratch s) {
        int nx = box.nx();
        int ny = box.ny();
        if (ny > s.maxLength) {
            throw new IllegalArgumentException("scratch for " + s.maxLength + " points, line of " + ny);
        }
        final int width = s.width;
        for (int k = from; k < to; k++) {
            int row0 = k * ny;
            for (int first = 0; first < nx; first += width) {
                int lines = Math.min(width, nx - first);
                gatherRows(src, srcRows, row0, first, lines, ny, s.ar, s.ai, width);
                boolean inB = planY.transform(sign, s.ar, s.ai, s.br, s.bi, width);
                scatterRows(dst, dstRows, row0, first, lines, ny, inB ? s.br : s.ar, inB ? s.bi : s.ai, width);
            }
        }
    }

    /**
     * FT's evolution fused with the (inverse) transform of the z-lines {@code [from, to)}: the lines of
     * {@code u0 * f} with {@code f(x, y, z) = fx[x] * fy[y - y0] * fz[z]} ({@link Evolve#axisFactors}, the
     * factors to the current time step) are transformed and written to {@code out} at the same places;
     * {@code u0} (the initial transform) is only read. Line {@code L} is column {@code (L mod nx, y0 + L /
     * nx)} as in {@link #alongZ(int, double[], int, int, FftScratch)}. Needs all of z held; {@code out}
     * must not be {@code u0}.
     *
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param u0 the data at time 0
     * @param fx factors along x, {@code nx} of them
     * @param fy factors along the box's y range, {@code yn} of them
     * @param fz factors along z, {@code nz} of them
     * @param out the transformed lines
     * @param from first line
     * @param to one past the last line
     * @param s this worker's scratch
     */
    public void alongZEvolved(int sign, double[] u0, double[] fx, double[] fy, double[] fz, double[] out, int from,
            int to, FftScratch s) {
        if (!box.fullZ()) {
            throw new IllegalStateException("FFT along z needs all of z: " + box);
        }
        if (out == u0) {
            throw new IllegalArgumentException("the transform of the evolved lines needs its own array");
        }
        int nx = box.nx();
        if (fx.length != nx || fy.length != box.yn() || fz.length != box.nz()) {
            throw new IllegalArgumentException("factors for " + fx.length + "x" + fy.length + "x" + fz.length
                    + ", box " + box);
        }
        int n = planZ.length();
        if (n > s.maxLength) {
            throw new IllegalArgumentException("scratch for " + s.maxLength + " points, line of " + n);
        }
        final int width = s.width;
        int plane = nx * box.yn();
        double[] fxy = s.lineFactors;
        for (int first = from; first < to; first += width) {
            int lines = Math.min(width, to - first);
            for (int j = 0; j < lines; j++) {
                int line = first + j;
                fxy[j] = fx[line % nx] * fy[line / nx];
            }
            double[] re = s.ar;
            double[] im = s.ai;
            boolean vector = vectorRuns(lines);
            for (int p = 0; p < n; p++) {
                int e = first + p * plane;
                int dst = p * width;
                double f = fz[p];
                if (vector) {
                    Fft1dVector.deinterleave(u0, 2 * e, re, im, dst, lines, fxy, 0, f);
                    continue;
                }
                for (int j = 0; j < lines; j++) {
                    double t = fxy[j] * f;
                    re[dst + j] = u0[2 * (e + j)] * t;
                    im[dst + j] = u0[2 * (e + j) + 1] * t;
                }
            }
            boolean inB = planZ.transform(sign, s.ar, s.ai, s.br, s.bi, width);
            scatter(out, first, lines, 1, plane, n, inB ? s.br : s.ar, inB ? s.bi : s.ai, width);
        }
    }

    /**
     * Whether runs of {@code lines} consecutive complex values move with the Vector API (split into and
     * joined from the real and imaginary arrays with two-vector shuffles), else element by element.
     */
    private static boolean vectorRuns(int lines) {
        return Fft1d.VECTOR && lines % Fft1dVector.LANES == 0;
    }

    /** Splits {@code lines} interleaved complex values of {@code u} from {@code src} into {@code re} / {@code im} at {@code dst}. */
    private static void splitRow(double[] u, int src, double[] re, double[] im, int dst, int lines, boolean vector) {
        if (vector) {
            Fft1dVector.deinterleave(u, src, re, im, dst, lines, null, 0, 1);
            return;
        }
        for (int j = 0; j < lines; j++) {
            re[dst + j] = u[src + 2 * j];
            im[dst + j] = u[src + 2 * j + 1];
        }
    }

    /** Joins {@code lines} values of {@code re} / {@code im} from {@code src} into {@code u}, interleaved, at {@code dst}. */
    private static void joinRow(double[] re, double[] im, int src, double[] u, int dst, int lines, boolean vector) {
        if (vector) {
            Fft1dVector.interleave(re, im, src, u, dst, lines);
            return;
        }
        for (int j = 0; j < lines; j++) {
            u[dst + 2 * j] = re[src + j];
            u[dst + 2 * j + 1] = im[src + j];
        }
    }

    private static void gatherRows(double[] u, int[] rows, int row0, int first, int lines, int n, double[] re,
            double[] im, int width) {
        boolean vector = vectorRuns(lines);
        for (int p = 0; p < n; p++) {
            int src = 2 * (rows[row0 + p] + first);
            int dst = p * width;
            splitRow(u, src, re, im, dst, lines, vector);
        }
    }

    private static void scatterRows(double[] u, int[] rows, int row0, int first, int lines, int n, double[] re,
            double[] im, int width) {
        boolean vector = vectorRuns(lines);
        for (int p = 0; p < n; p++) {
            int dst = 2 * (rows[row0 + p] + first);
            int src = p * width;
            joinRow(re, im, src, u, dst, lines, vector);
        }
    }

    /**
     * Transforms {@code count} lines of {@code plan.length()} points; line {@code l}, point {@code p} is
     * complex element {@code offset + l * lineStride + p * pointStride}.
     *
     * @param plan the 1-D plan
     * @param sign {@code +1} forward, {@code -1} inverse
     * @param u the interleaved data
     * @param offset complex index of line 0, point 0
     * @param count number of lines
     * @param lineStride complex elements between consecutive lines
     * @param pointStride complex elements between consecutive points of a line
     * @param s scratch with {@code maxLength >= plan.length()}
     */
    public static void lines(Fft1d plan, int sign, double[] u, int offset, int count, int lineStride, int pointStride,
            FftScratch s) {
        int n = plan.length();
        if (n > s.maxLength) {
            throw new IllegalArgumentException("scratch for " + s.maxLength + " points, line of " + n);
        }
        final int width = s.width;
        for (int first = 0; first < count; first += width) {
            int lines = Math.min(width, count - first);
            int base = offset + first * lineStride;
            gather(u, base, lines, lineStride, pointStride, n, s.ar, s.ai, width);
            boolean inB = plan.transform(sign, s.ar, s.ai, s.br, s.bi, width);
            scatter(u, base, lines, lineStride, pointStride, n, inB ? s.br : s.ar, inB ? s.bi : s.ai, width);
        }
    }

    private static void gather(double[] u, int base, int lines, int lineStride, int pointStride, int n, double[] re,
            double[] im, int width) {
        if (lineStride == 1) {
            boolean vector = vectorRuns(lines);
            for (int p = 0; p < n; p++) {
                int src = 2 * (base + p * pointStride);
                int dst = p * width;
                splitRow(u, src, re, im, dst, lines, vector);
            }
        } else {
            for (int j = 0; j < lines; j++) {
                int src = 2 * (base + j * lineStride);
                for (int p = 0; p < n; p++) {
                    re[p * width + j] = u[src + 2 * p * pointStride];
                    im[p * width + j] = u[src + 2 * p * pointStride + 1];
                }
            }
        }
    }

    private static void scatter(double[] u, int base, int lines, int lineStride, int pointStride, int n, double[] re,
            double[] im, int width) {
        if (lineStride == 1) {
            boolean vector = vectorRuns(lines);
            for (int p = 0; p < n; p++) {
                int dst = 2 * (base + p * pointStride);
                int src = p * width;
                joinRow(re, im, src, u, dst, lines, vector);
            }
        } else {
            for (int j = 0; j < lines; j++) {
                int dst = 2 * (base + j * lineStride);
                for (int p = 0; p < n; p++) {
                    u[dst + 2 * p * pointStride] = re[p * width + j];
                    u[dst + 2 * p * pointStride + 1] = im[p * width + j];
                }
            }
        }
    }
}
