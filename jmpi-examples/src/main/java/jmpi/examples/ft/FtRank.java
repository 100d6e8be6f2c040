package jmpi.examples.ft;

import jmpi.examples.ft.FtProfile.Phase;
import jmpi.tasks.TaskPool;
import jmpi.tasks.WorkerRangeBody;

/**
 * One rank of NAS FT with a 1-D (slab) decomposition, optionally with threads inside the rank (the
 * FT_T scheme of the ParJava paper: one rank per node, its threads doing the FFT lines, the local transposes
 * and evolve). The rank holds a z-slab in physical space and a y-slab in frequency space
 * ({@link SlabTranspose}); communication goes through an {@link FtExchange}.
 *
 * <pre>
 *  forward:  init z-slab; FFT x; FFT y; pack z->y; Alltoallv; unpack; FFT z         (y-slab u0)
 *  iterate:  u0 *= twiddle, u1 = u0; FFT z^-1; pack y->z; Alltoallv; unpack; FFT y^-1; FFT x^-1;
 *            checksum of the z-slab; Allreduce of the two sums
 * </pre>
 *
 * The MPI version implements {@link FtExchange} with {@code Alltoallv} and {@code Allreduce} of
 * {@code MPI.DOUBLE} on {@code COMM_WORLD} and calls {@link #run()} on every rank.
 */
public final class FtRank {
    private final FtClass cls;
    private final FtExchange exchange;
    private final TaskPool pool;
    private final SlabTranspose transpose;
    private final Box zBox;
    private final Box yBox;
    private final Fft3d zFft;
    private final Fft3d yFft;
    private final FftScratch[] scratch;
    private final double[] uz;
    private final double[] u0;
    private final double[] u1;
    private final double[] twiddle;
    private final double[] exponentials;
    private final double[] send;
    private final double[] recv;
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
        this.zBox = transpose.zBox(exchange.rank());
        this.yBox = transpose.yBox(exchange.rank());
        this.zFft = new Fft3d(zBox);
        this.yFft = new Fft3d(yBox);
        int workers = pool == null ? 1 : pool.size();
        this.scratch = new FftScratch[workers];
        for (int w = 0; w < workers; w++) {
            scratch[w] = FftScratch.forBox(zBox);
        }
        this.u0 = new double[yBox.doubles()];
        this.u1 = new double[yBox.doubles()];
        // One rank: the z-slab is the whole grid laid out as u1, and u1 is not needed between the
        // inverse transpose and the next evolve step, so they share memory (one copy less per iteration).
        this.uz = transpose.ranks() == 1 ? u1 : new double[zBox.doubles()];
        this.twiddle = new double[yBox.elements()];
        this.exponentials = Evolve.exponentials(yBox, FtClass.ALPHA);
        this.send = new double[transpose.bufferDoubles()];
        this.recv = new double[transpose.bufferDoubles()];
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
        setup();
        forward();
        profile.reset();
        long t0 = System.nanoTime();
        setup();
        forward();
        double[][] sums = new double[cls.iterations()][];
        for (int it = 1; it <= cls.iterations(); it++) {
            long t = System.nanoTime();
            forRange(yBox.elements(), (w, s, e) -> Evolve.step(u0, u1, twiddle, s, e));
            profile.add(Phase.EVOLVE, System.nanoTime() - t);
            inverse();
            t = System.nanoTime();
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
        forRange(yBox.zn(), (w, s, e) -> Evolve.twiddle(twiddle, yBox, exponentials, s, e));
        forRange(zBox.zn(), (w, s, e) -> InitialConditions.fill(uz, zBox, s, e));
        profile.add(Phase.SETUP, System.nanoTime() - t);
    }

    /** Copies a whole grid plane by plane, the planes shared among the workers. */
    private void copyPlanes(double[] from, double[] to) {
        int plane = from.length / cls.nz();
        forRange(cls.nz(), (w, s, e) -> System.arraycopy(from, s * plane, to, s * plane, (e - s) * plane));
    }

    private void forward() {
        long t = System.nanoTime();
        forRange(zFft.linesX(), (w, s, e) -> zFft.alongX(+1, uz, s, e, scratch[w]));
        profile.add(Phase.FFT_X, System.nanoTime() - t);
        t = System.nanoTime();
        forRange(zBox.zn(), (w, s, e) -> zFft.alongY(+1, uz, s, e, scratch[w]));
        profile.add(Phase.FFT_Y, System.nanoTime() - t);
        t = System.nanoTime();
        if (transpose.ranks() == 1) {
            copyPlanes(uz, u0); // one rank: both slabs are the whole grid, laid out alike
        } else {
            forRange(transpose.zSidePieces(), (w, s, e) -> transpose.packZToYPieces(uz, send, s, e));
            exchange.alltoallv(send, zyCounts, zyDispls, recv, yzCounts, yzDispls);
            forRange(transpose.ySidePieces(), (w, s, e) -> transpose.unpackZToYPieces(recv, u0, s, e));
        }
        profile.add(Phase.TRANSPOSE, System.nanoTime() - t);
        t = System.nanoTime();
        forRange(yFft.linesZ(), (w, s, e) -> yFft.alongZ(+1, u0, s, e, scratch[w]));
        profile.add(Phase.FFT_Z, System.nanoTime() - t);
    }

    private void inverse() {
        long t = System.nanoTime();
        forRange(yFft.linesZ(), (w, s, e) -> yFft.alongZ(-1, u1, s, e, scratch[w]));
        profile.add(Phase.FFT_Z, System.nanoTime() - t);
        t = System.nanoTime();
        if (transpose.ranks() == 1) {
            // u1 is uz: the data is already in place
        } else {
            forRange(transpose.ySidePieces(), (w, s, e) -> transpose.packYToZPieces(u1, send, s, e));
            exchange.alltoallv(send, yzCounts, yzDispls, recv, zyCounts, zyDispls);
            forRange(transpose.zSidePieces(), (w, s, e) -> transpose.unpackYToZPieces(recv, uz, s, e));
        }
        profile.add(Phase.TRANSPOSE, System.nanoTime() - t);
        t = System.nanoTime();
        forRange(zBox.zn(), (w, s, e) -> zFft.alongY(-1, uz, s, e, scratch[w]));
        profile.add(Phase.FFT_Y, System.nanoTime() - t);
        t = System.nanoTime();
        forRange(zFft.linesX(), (w, s, e) -> zFft.alongX(-1, uz, s, e, scratch[w]));
        profile.add(Phase.FFT_X, System.nanoTime() - t);
    }
}
