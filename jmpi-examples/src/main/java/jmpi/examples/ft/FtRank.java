package jmpi.examples.ft;

import jmpi.examples.ft.FtProfile.Phase;
import jmpi.tasks.TaskPool;
import jmpi.tasks.WorkerRangeBody;

/**
 * One rank of NAS FT with a 1-D (slab) decomposition, optionally with threads inside the rank (the
 * FT_T scheme of the ParJava paper: one rank per node, its threads doing the FFT lines and the
 * evolve step). The rank holds a z-slab in physical space and a y-slab in frequency space
 * ({@link SlabTranspose}); communication goes through an {@link FtExchange}.
 *
 * <pre>
 *  forward:  init z-slab uz; per plane: FFT x, FFT y written packed into xbuf; Alltoallv xbuf -> u0;
 *            FFT z in place (y-slab u0, kept: the transform at time 0)
 *  iterate t: FFT z^-1 of (u0 * evolution to t) into u1; Alltoallv u1 -> xbuf; per plane: FFT y^-1 read
 *            packed from xbuf into uz, FFT x^-1; checksum of the z-slab; Allreduce of the two sums
 * </pre>
 *
 * No transpose copies its data outside the collective: the z-to-y packing is the y-FFT's scatter
 * ({@link SlabTranspose#zSideRows()}), the y-to-z unpacking its gather, and the y side's buffers are
 * laid out as the y-slab itself ({@link SlabTranspose#ySideIsSlabLayout()}), so the Alltoallv receives
 * into {@code u0} and sends from {@code u1} directly. The evolution is fused into the inverse z-FFT's
 * gather ({@link Fft3d#alongZEvolved}, its time counted as fft_z): as the FT specification states it,
 * {@code u1 = u0 exp(-4 alpha pi^2 (kx^2 + ky^2 + kz^2) t)} from the time-0 transform, the factor made of
 * three per-axis tables ({@link Evolve#axisFactors}), instead of ft.f's {@code u0 *= twiddle} each step:
 * no twiddle array is read and {@code u0} is never written back (the same values to a few ulps; the
 * checksums verify to 1e-12 as always). The x- and y-FFTs run plane by plane, each plane's second
 * transform finding it in cache (fft_xy). All of this is memory traffic saved: on a 2-core machine the
 * two ranks' FFTs are bound by memory bandwidth, not arithmetic.
 * With one rank both slabs are the whole grid in one layout: the forward y-FFT writes {@code u0}
 * directly, the inverse z-FFT writes {@code uz}, and there is neither {@code u1} nor {@code xbuf}.
 *
 * <p>The MPI version implements {@link FtExchange} with {@code Alltoallv} and {@code Allreduce} of
 * {@code MPI.DOUBLE} on {@code COMM_WORLD} and calls {@link #run()} on every rank.
 */
public final class FtRank {
    private final FtClass cls;
    private final FtExchange exchange;
    private final TaskPool pool;
    private final SlabTranspose transpose;
    private final boolean oneRank;
    private final Box zBox;
    private final Box yBox;
    private final Fft3d zFft;
    private final Fft3d yFft;
    private final FftScratch[] scratch;
    private final FftScratch[] zScratch;
    private final double[] uz;
    private final double[] u0;
    private final double[] u1;
    private final double[] xbuf;
    private final int[] slabRows;
    private final int[] packedRows;
    private final int[] zyCounts;
    private final int[] zyDispls;
    private final int[] yzCounts;
    private final int[] yzDispls;
    private final FtProfile profile = new FtProfile();

    /**
     * @param cls the problem class
     * @param exchange this rank's communication
     * @param pool this rank's workers, or {@code null} for one thread
     */
    public FtRank(FtClass cls, FtExchange exchange, TaskPool pool) {
        this.cls = cls;
        this.exchange = exchange;
        this.pool = pool;
        this.transpose = new SlabTranspose(cls.nx(), cls.ny(), cls.nz(), exchange.size(), exchange.rank());
        this.oneRank = transpose.ranks() == 1;
        if (!transpose.ySideIsSlabLayout()) {
            throw new IllegalStateException("the y side of the transpose is not laid out as the y-slab");
        }
        this.zBox = transpose.zBox(exchange.rank());
        this.yBox = transpose.yBox(exchange.rank());
        this.zFft = new Fft3d(zBox);
        this.yFft = new Fft3d(yBox);
        int workers = pool == null ? 1 : pool.size();
        this.scratch = new FftScratch[workers];
        this.zScratch = new FftScratch[workers];
        for (int w = 0; w < workers; w++) {
            scratch[w] = FftScratch.forBox(zBox);
            zScratch[w] = new FftScratch(cls.nz(), FftScratch.Z_WIDTH);
        }
        this.u0 = new double[yBox.doubles()];
        this.uz = new double[zBox.doubles()];
        this.u1 = oneRank ? uz : new double[yBox.doubles()];
        this.xbuf = oneRank ? null : new double[transpose.bufferDoubles()];
        this.slabRows = zFft.planeRows();
        this.packedRows = oneRank ? slabRows : transpose.zSideRows();
        this.zyCounts = transpose.zToYSendCounts();
        this.zyDispls = transpose.zToYSendDispls();
        this.yzCounts = transpose.zToYRecvCounts();
        this.yzDispls = transpose.zToYRecvDispls();
    }

    /**
     * Runs the warm-up and the timed benchmark on this rank (collective over the exchange).
     *
     * @return the global checksums (the same on every rank), verification and this rank's time
     */
    public FtSolver.Result run() {
        // Untimed warm-up: NPB's (setup and the forward FFT, all data touched) plus one inverse step with
        // its checksum, discarded, so that the JIT has compiled the inverse path's kernels (the Vector API
        // runs orders of magnitude slower until C2 compiles it) before the timer starts. It changes no
        // state the timed run reads: setup and the forward FFT are redone, u0 is only read by inverse.
        setup();
        forward();
        inverse(1);
        exchange.allreduceSum(Checksum.partial(uz, zBox));
        profile.reset();
        long t0 = System.nanoTime();
        setup();
        forward();
        double[][] sums = new double[cls.iterations()][];
        for (int it = 1; it <= cls.iterations(); it++) {
            inverse(it);
            long t = System.nanoTime();
            double[] sum = Checksum.partial(uz, zBox);
            exchange.allreduceSum(sum);
            sums[it - 1] = Checksum.normalize(sum, cls.total());
            profile.add(Phase.CHECKSUM, System.nanoTime() - t);
        }
        double seconds = (System.nanoTime() - t0) * 1e-9;
        return new FtSolver.Result(cls, scratch.length, sums, Verifier.verify(sums, cls.reference()), seconds, profile);
    }

    private void forRange(int n, WorkerRangeBody body) {
        if (pool == null) {
            body.run(0, 0, n);
        } else {
            pool.parallelFor(0, n, body);
        }
    }

    private void setup() {
        long t = System.nanoTime();
        forRange(zBox.zn(), (w, s, e) -> InitialConditions.fill(uz, zBox, s, e));
        profile.add(Phase.SETUP, System.nanoTime() - t);
    }

    private void forward() {
        long t = System.nanoTime();
        double[] packed = oneRank ? u0 : xbuf;
        int ny = cls.ny();
        forRange(zBox.zn(), (w, s, e) -> {
            for (int k = s; k < e; k++) { // the plane is still in cache for its y-lines
                zFft.alongX(+1, uz, k * ny, (k + 1) * ny, scratch[w]);
                zFft.alongY(+1, uz, slabRows, packed, packedRows, k, k + 1, scratch[w]);
            }
        });
        profile.add(Phase.FFT_XY, System.nanoTime() - t);
        if (!oneRank) {
            t = System.nanoTime();
            exchange.alltoallv(xbuf, zyCounts, zyDispls, u0, yzCounts, yzDispls);
            profile.add(Phase.TRANSPOSE, System.nanoTime() - t);
        }
        t = System.nanoTime();
        forRange(yFft.linesZ(), (w, s, e) -> yFft.alongZ(+1, u0, s, e, zScratch[w]));
        profile.add(Phase.FFT_Z, System.nanoTime() - t);
    }

    /** Iteration {@code it}'s evolution and inverse transform: uz = FFT^-1(u0 * exp(-4 alpha pi^2 |k|^2 it)). */
    private void inverse(int it) {
        long t = System.nanoTime();
        double[] fx = Evolve.axisFactors(cls.nx(), 0, cls.nx(), FtClass.ALPHA, it);
        double[] fy = Evolve.axisFactors(cls.ny(), yBox.y0(), yBox.yn(), FtClass.ALPHA, it);
        double[] fz = Evolve.axisFactors(cls.nz(), 0, cls.nz(), FtClass.ALPHA, it);
        forRange(yFft.linesZ(), (w, s, e) -> yFft.alongZEvolved(-1, u0, fx, fy, fz, u1, s, e, zScratch[w]));
        profile.add(Phase.FFT_Z, System.nanoTime() - t);
        if (!oneRank) {
            t = System.nanoTime();
            exchange.alltoallv(u1, yzCounts, yzDispls, xbuf, zyCounts, zyDispls);
            profile.add(Phase.TRANSPOSE, System.nanoTime() - t);
        }
        t = System.nanoTime();
        double[] packed = oneRank ? uz : xbuf;
        int ny = cls.ny();
        forRange(zBox.zn(), (w, s, e) -> {
            for (int k = s; k < e; k++) { // the plane is still in cache for its x-lines
                zFft.alongY(-1, packed, packedRows, uz, slabRows, k, k + 1, scratch[w]);
                zFft.alongX(-1, uz, k * ny, (k + 1) * ny, scratch[w]);
            }
        });
        profile.add(Phase.FFT_XY, System.nanoTime() - t);
    }
}
