package jmpi.examples.ft;

/**
 * One worker's scratch memory for {@link Fft3d}: two split-complex blocks of {@link #width} lines of
 * the longest transform. Allocated once per worker and reused by every line of every FFT (the ParJava paper:
 * per-call allocation cost many collections). Not thread-safe: one per worker.
 */
public final class FftScratch {
    /**
     * Lines transformed together by default (NPB's fftblock is 16): {@code -Djmpi.ft.width=W} overrides
     * it (the Vector API passes need a multiple of their lanes, else the scalar ones run).
     */
    public static final int WIDTH = Integer.getInteger("jmpi.ft.width", 16);

    /**
     * Lines transformed together along z, where a line's points lie a whole plane apart: a wider block
     * reads longer runs of x per plane ({@code -Djmpi.ft.zwidth=W} overrides it).
     */
    public static final int Z_WIDTH = Integer.getInteger("jmpi.ft.zwidth", 64);

    /** Lines transformed together with this scratch. */
    final int width;

    final double[] ar;
    final double[] ai;
    final double[] br;
    final double[] bi;
    final int maxLength;
    final double[] lineFactors;

    /**
     * @param maxLength the longest line length to transform
     */
    public FftScratch(int maxLength) {
        this(maxLength, WIDTH);
    }

    /**
     * @param maxLength the longest line length to transform
     * @param width lines transformed together, at least 1
     */
    public FftScratch(int maxLength, int width) {
        if (width < 1 || maxLength < 1) {
            throw new IllegalArgumentException("scratch of " + width + " lines of " + maxLength + " points");
        }
        this.maxLength = maxLength;
        this.width = width;
        ar = new double[maxLength * width];
        ai = new double[maxLength * width];
        br = new double[maxLength * width];
        bi = new double[maxLength * width];
        lineFactors = new double[width];
    }

    /**
     * @param box a box
     * @return scratch large enough for lines along every axis of {@code box}
     */
    public static FftScratch forBox(Box box) {
        return new FftScratch(Math.max(box.nx(), Math.max(box.ny(), box.nz())));
    }
}
