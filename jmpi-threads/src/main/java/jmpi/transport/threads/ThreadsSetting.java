package jmpi.transport.threads;

import jmpi.spi.Setting;

/**
 * Every tunable of the threads transport (a {@link Setting}), read from system properties when a
 * {@link ThreadsFabric} is made; a bad value fails there with an {@link IllegalArgumentException}
 * naming the property. docs/CONFIGURATION.md lists the same entries (a test keeps the two in step).
 *
 * <p>Concurrency: an enum of constants, read by any thread.
 */
public enum ThreadsSetting implements Setting {
    RING_BYTES("jmpi.threads.ringBytes", "auto",
            "Capacity of the eager ring of each direction of a pair of ranks (bytes), a power of two in [4096, 16777216], made on the pair's first message above 8 bytes; auto: the largest power of two not above 128 MiB / ranks², within [4 KiB, 64 KiB]."),
    RING_MESSAGE("jmpi.threads.ringMessage", "auto",
            "Largest message (bytes) copied through the eager rings, in [0, ringBytes / 4 - 32]; larger ones (and any when the ring is full) go by reference as frames; auto: 8192, or ringBytes / 4 - 32 when that is less.");

    private final Spec spec;

    ThreadsSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** The ring capacity for a job of {@code ranks} (>= 1) ranks. */
    static int ringBytes(int ranks) {
        long auto = Math.max(EagerRing.MIN_CAPACITY,
                Math.min(64 * 1024, Long.highestOneBit((128L << 20) / ((long) ranks * ranks))));
        long v = RING_BYTES.longValue(EagerRing.MIN_CAPACITY, 16 << 20, auto);
        if (Long.bitCount(v) != 1) {
            throw RING_BYTES.invalid(Long.toString(v), "is not a power of two");
        }
        return (int) v;
    }

    /** The largest message through a ring of {@code ringBytes}. */
    static int ringMessage(int ringBytes) {
        int most = ringBytes / 4 - EagerRing.HEADER;
        return (int) RING_MESSAGE.longValue(0, most, Math.min(8192, most));
    }
}
