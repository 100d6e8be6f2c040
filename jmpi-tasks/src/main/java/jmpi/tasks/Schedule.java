package jmpi.tasks;

/**
 * How a parallel loop's iterations are dealt to the workers (as OpenMP's {@code schedule} clause).
 *
 * <ul>
 *   <li>{@link #STATIC}: one contiguous near-equal block per worker ({@link Splitter}); no shared
 *       counter, the same indices go to the same worker every time (good for cache reuse and
 *       deterministic reductions).</li>
 *   <li>{@link #staticChunks(int)}: chunks of a fixed size dealt round-robin, worker {@code w} takes
 *       chunks {@code w, w + P, w + 2P, ...}; also deterministic.</li>
 *   <li>{@link #dynamic(int)}: chunks of a fixed size taken from a shared counter (one atomic add
 *       per chunk) by whichever worker is free: for uneven iterations.</li>
 *   <li>{@link #guided(int)}: like dynamic, but each chunk is the unassigned remainder divided by
 *       the number of workers (never below the minimum), so chunks shrink as the loop ends.</li>
 * </ul>
 *
 * Instances are immutable; the constants and the factories allocate nothing per loop.
 */
public final class Schedule {
    /** The kinds of schedule. */
    public enum Kind {
        /** Contiguous blocks or fixed chunks dealt round-robin. */
        STATIC,
        /** Fixed chunks from a shared counter. */
        DYNAMIC,
        /** Shrinking chunks from a shared counter. */
        GUIDED
    }

    /** One near-equal contiguous block per worker. */
    public static final Schedule STATIC = new Schedule(Kind.STATIC, 0);
    /** Dynamic, the chunk size chosen by the pool: {@code n / (8 * workers)}, at least 1. */
    public static final Schedule DYNAMIC = new Schedule(Kind.DYNAMIC, 0);
    /** Guided with a minimum chunk of 1. */
    public static final Schedule GUIDED = new Schedule(Kind.GUIDED, 1);

    private final Kind kind;
    private final int chunk;

    private Schedule(Kind kind, int chunk) {
        this.kind = kind;
        this.chunk = chunk;
    }

    /**
     * @param chunk iterations per chunk ({@code > 0})
     * @return fixed-size chunks dealt round-robin
     */
    public static Schedule staticChunks(int chunk) {
        return new Schedule(Kind.STATIC, positive(chunk));
    }

    /**
     * @param chunk iterations per chunk ({@code > 0})
     * @return fixed-size chunks taken from a shared counter
     */
    public static Schedule dynamic(int chunk) {
        return new Schedule(Kind.DYNAMIC, positive(chunk));
    }

    /**
     * @param minChunk the smallest chunk handed out ({@code > 0})
     * @return shrinking chunks taken from a shared counter
     */
    public static Schedule guided(int minChunk) {
        return new Schedule(Kind.GUIDED, positive(minChunk));
    }

    /** @return the kind of this schedule */
    public Kind kind() {
        return kind;
    }

    /**
     * @return the chunk size (static, dynamic) or minimum chunk (guided); 0 for {@link #STATIC}
     *     (one block per worker) and for {@link #DYNAMIC} (the pool picks {@code n / (8 * workers)},
     *     at least 1)
     */
    public int chunk() {
        return chunk;
    }

    private static int positive(int chunk) {
        if (chunk <= 0) {
            throw new IllegalArgumentException("chunk must be positive: " + chunk);
        }
        return chunk;
    }

    @Override
    public String toString() {
        return kind.name().toLowerCase() + (chunk > 0 ? "(" + chunk + ")" : "");
    }
}
