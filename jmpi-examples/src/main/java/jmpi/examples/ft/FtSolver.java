package jmpi.examples.ft;

import jmpi.examples.ft.FtProfile.Phase;
import jmpi.tasks.TaskPool;
import jmpi.tasks.WorkerRangeBody;

/**
 * NAS FT in one process, serial or threaded (the FT_T idea of the ParJava paper inside one process): the
 * whole grid is one {@link Box}; with a {@link TaskPool} every phase is split over its workers: FFT
 * lines along x and z by ranges of lines, along y by z-planes, evolve by ranges of elements, setup by
 * z-planes. Each worker has its own {@link FftScratch}; all arrays are allocated once, in the
 * constructor.
 *
 * <p>The run follows ft.f: an untimed warm-up (setup and forward FFT), then the timed run: setup,
 * forward 3-D FFT of the initial conditions into {@code u0}, and per iteration {@code u0 *= twiddle},
 * {@code u1 = u0}, inverse 3-D FFT of {@code u1} (in place), checksum of {@code u1}.
 */
public final class FtSolver {
    private final FtClass cls;
    private final TaskPool pool;
    private final Box box;
    private final Fft3d fft;
    private final FftScratch[] scratch;
    private final double[] u0;
    private final double[] u1;
    private final double[] twiddle;
    private final double[] exponentials;
    private final FtProfile profile = new FtProfile();

    /** The outcome of a run. */
    public record Result(FtClass cls, int threads, double[][] checksums, boolean verified, double seconds,
            FtProfile profile) {
        /** @return NPB's Mop/s figure for this run */
        public double mops() {
            return FtSolver.mops(cls, seconds);
        }
    }

    /**
     * @param cls the problem class
     * @param pool the workers, or {@code null} to run serially on the calling thread
     */
    public FtSolver(FtClass cls, TaskPool pool) {
        this.cls = cls;
        this.pool = pool;
        this.box = Box.whole(cls);
        this.fft = new Fft3d(box);
        int workers = pool == null ? 1 : pool.size();
        this.scratch = new FftScratch[workers];
        for (int w = 0; w < workers; w++) {
            scratch[w] = FftScratch.forBox(box);
        }
        this.u0 = new double[box.doubles()];
        this.u1 = new double[box.doubles()];
        this.twiddle = new double[box.elements()];
        this.exponentials = Evolve.exponentials(box, FtClass.ALPHA);
    }

    /**
     * NPB's operation count for FT divided by the time: {@code 1e-6 N (14.8157 + 7.19641 ln N +
     * (5.23518 + 7.21113 ln N) niter) / t}, {@code N = nx ny nz}.
     *
     * @param cls the class
     * @param seconds the timed run
     * @return Mop/s
     */
    public static double mops(FtClass cls, double seconds) {
        double n = cls.total();
        double ln = Math.log(n);
        return 1.0e-6 * n * (14.8157 + 7.19641 * ln + (5.23518 + 7.21113 * ln) * cls.iterations()) / seconds;
    }

    /**
     * Runs the warm-up and the timed benchmark.
     *
     * @return checksums, verification, time and profile of the timed run
     */
    public Result run() {
        setup();
        forward(u0);
        profile.reset();
        long t0 = System.nanoTime();
        setup();
        forward(u0);
        double[][] sums = new double[cls.iterations()][];
        for (int it = 1; it <= cls.iterations(); it++) {
            evolve();
            inverse(u1);
            long c = System.nanoTime();
            sums[it - 1] = Checksum.normalize(Checksum.partial(u1, box), cls.total());
            profile.add(Phase.CHECKSUM, System.nanoTime() - c);
        }
        double seconds = (System.nanoTime() - t0) * 1e-9;
        boolean ok = Verifier.verify(sums, cls.reference());
        return new Result(cls, scratch.length, sums, ok, seconds, profile);
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
        forRange(box.zn(), (w, s, e) -> {
            Evolve.twiddle(twiddle, box, exponentials, s, e);
            InitialConditions.fill(u0, box, s, e);
        });
        profile.add(Phase.SETUP, System.nanoTime() - t);
    }

    private void forward(double[] u) {
        alongX(+1, u);
        alongY(+1, u);
        alongZ(+1, u);
    }

    private void inverse(double[] u) {
        alongZ(-1, u);
        alongY(-1, u);
        alongX(-1, u);
    }

    private void alongX(int sign, double[] u) {
        long t = System.nanoTime();
        forRange(fft.linesX(), (w, s, e) -> fft.alongX(sign, u, s, e, scratch[w]));
        profile.add(Phase.FFT_X, System.nanoTime() - t);
    }

    private void alongY(int sign, double[] u) {
        long t = System.nanoTime();
        forRange(box.zn(), (w, s, e) -> fft.alongY(sign, u, s, e, scratch[w]));
        profile.add(Phase.FFT_Y, System.nanoTime() - t);
    }

    private void alongZ(int sign, double[] u) {
        long t = System.nanoTime();
        forRange(fft.linesZ(), (w, s, e) -> fft.alongZ(sign, u, s, e, scratch[w]));
        profile.add(Phase.FFT_Z, System.nanoTime() - t);
    }

    private void evolve() {
        long t = System.nanoTime();
        forRange(box.elements(), (w, s, e) -> Evolve.step(u0, u1, twiddle, s, e));
        profile.add(Phase.EVOLVE, System.nanoTime() - t);
    }
}
