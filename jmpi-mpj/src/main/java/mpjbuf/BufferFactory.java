package mpjbuf;

/**
 * Makes and takes back {@link RawBuffer}s, as MPJ Express's factory does. MPJ Express recycles them
 * through a buddy allocator ({@code "Buddy1"}, {@code "Buddy2"}); here every raw buffer is a fresh heap
 * array that the garbage collector reclaims, so both strategies behave alike and {@link #destroy}
 * only marks the raw buffer free. The factory's state is per rank (this class is loaded per rank): two
 * volatile fields, so that any thread of the rank sees the last {@link #init} or {@link #shut}.
 */
public abstract class BufferFactory {
    private static volatile String strategy = "Buddy1";
    private static volatile boolean initialized = true;

    protected BufferFactory() {
    }

    /**
     * Chooses the allocation strategy, {@code "Buddy1"} or {@code "Buddy2"} (both heap arrays here).
     *
     * @throws java.lang.IllegalArgumentException for any other name
     */
    public static void init(String name) {
        if (!"Buddy1".equals(name) && !"Buddy2".equals(name)) {
            throw new java.lang.IllegalArgumentException("no buffering strategy <" + name
                    + "> (there are Buddy1 and Buddy2)");
        }
        strategy = name;
        initialized = true;
    }

    /** The strategy chosen by {@link #init} ({@code "Buddy1"} by default). */
    public static String strategy() {
        return strategy;
    }

    /**
     * A raw buffer of {@code size} bytes.
     *
     * @throws IllegalStateException after {@link #shut} (until {@link #init})
     */
    public static RawBuffer create(int size) {
        if (!initialized) {
            throw new IllegalStateException("BufferFactory has been shut; call BufferFactory.init first");
        }
        return new NIOBuffer(size);
    }

    /** Takes back a raw buffer made by {@link #create} (or a {@link Buffer}'s {@code getStaticBuffer()}). */
    public static void destroy(RawBuffer buffer) {
        if (buffer == null) {
            throw new NullPointerException("BufferFactory.destroy(null)");
        }
        buffer.free();
    }

    /** True unless {@link #shut} was called last. */
    public static boolean initialized() {
        return initialized;
    }

    /** Shuts the factory; {@link #create} fails until the next {@link #init}. Calling it twice is harmless. */
    public static void shut() {
        initialized = false;
    }
}
