package jmpi.examples.ft;

/**
 * One worker's scratch memory for {@link Fft3d}: two split-complex blocks of {@link #WIDTH} lines of
 * the longest transform. Allocated once per worker and reused by every line of every FFT (the ParJava paper:
 * per-call allocation cost many collections). Not thread-safe: one per worker.
 */
public final class FftScratch {
    /** Lines transformed together (NPB's fftblock). */
    public static final int WIDTH = 16;

    final double[] ar;
    final double[] ai;
    final double[] br;
    final double[] bi;
    final int maxLength;

    /**
     * @param maxLength the longest line length to transform
     */
    public FftScratch(int maxLength) {
        this.maxLength = maxLength;
        ar = new double[maxLength * WIDTH];
        ai = new double[maxLength * WIDTH];
        br = new double[maxLength * WIDTH];
        bi = new double[maxLength * WIDTH];
    }

    /**
     * @param box a box
     * @return scratch large enough for lines along every axis of {@code box}
     */
    public static FftScratch forBox(Box box) {
        return new FftScratch(Math.max(box.nx(), Math.max(box.ny(), box.nz())));
    }
}
