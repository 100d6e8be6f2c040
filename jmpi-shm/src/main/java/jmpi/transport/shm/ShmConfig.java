package jmpi.transport.shm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import jmpi.spi.TransportContext;

/**
 * The shm transport's tunables, read and validated once when an endpoint opens.
 *
 * <ul>
 *   <li>{@code jmpi.shm.dir} (default {@code /dev/shm}): directory of the ring files (a tmpfs).</li>
 *   <li>{@code jmpi.shm.ringBytes} (default 1 MiB up to 16 ranks, then the largest power of two not
 *       above 256 MiB / ranks², at least 64 KiB): capacity of each inbound ring; a power of two in
 *       [64 KiB, 1 GiB].</li>
 *   <li>{@code jmpi.shm.parkNanos} (default 50000): longest single sleep of a parked rank; a peer's
 *       frame is noticed within about this bound (processes cannot unpark each other).</li>
 *   <li>{@code jmpi.shm.doorbell} (default true): a rank that parks for a millisecond or more sleeps
 *       on a UNIX-domain socket that senders poke ({@link ShmDoorbell}) instead of waking every
 *       {@code parkNanos}.</li>
 *   <li>{@code jmpi.shm.flushMillis} (default 2000): how long {@code close} waits for queued outgoing
 *       frames to fit into the receivers' rings.</li>
 *   <li>{@code jmpi.shm.bootMillis} (default 60000): how long {@code open} waits for the peers.</li>
 * </ul>
 * Concurrency: an immutable value, read by any thread.
 */
record ShmConfig(Path dir, int ringBytes, long pieceBytes, long parkNanos, boolean doorbell, long flushMillis,
                 Duration bootTimeout) {
    static final String DIR = "jmpi.shm.dir";
    static final String RING_BYTES = "jmpi.shm.ringBytes";
    static final String PIECE_BYTES = "jmpi.shm.pieceBytes";
    static final String PARK_NANOS = "jmpi.shm.parkNanos";
    static final String DOORBELL = "jmpi.shm.doorbell";
    static final String FLUSH_MILLIS = "jmpi.shm.flushMillis";
    static final String BOOT_MILLIS = "jmpi.shm.bootMillis";

    static ShmConfig from(TransportContext context) {
        Path dir = Path.of(context.property(DIR, "/dev/shm"));
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(DIR + "=" + dir + " is not a directory");
        }
        long ring = number(context, RING_BYTES, defaultRingBytes(context.size()));
        if (!RingDescriptor.validCapacity(ring)) {
            throw new IllegalArgumentException(RING_BYTES + "=" + ring + " must be a power of two in ["
                    + RingDescriptor.MIN_CAPACITY + ", " + RingDescriptor.MAX_CAPACITY + "]");
        }
        long piece = number(context, PIECE_BYTES, DEFAULT_PIECE_BYTES);
        if (piece < 4096 || piece % RingDescriptor.RECORD_ALIGN != 0) {
            throw new IllegalArgumentException(PIECE_BYTES + "=" + piece + " must be a multiple of 64, at least 4096");
        }
        long park = number(context, PARK_NANOS, 50_000);
        if (park < 1_000 || park > 1_000_000_000) {
            throw new IllegalArgumentException(PARK_NANOS + "=" + park + " must be in [1000, 1000000000]");
        }
        String bell = context.property(DOORBELL, "true").strip();
        if (!bell.equals("true") && !bell.equals("false")) {
            throw new IllegalArgumentException(DOORBELL + "=" + bell + " must be true or false");
        }
        long flush = number(context, FLUSH_MILLIS, 2_000);
        long boot = number(context, BOOT_MILLIS, 60_000);
        if (flush < 0 || boot <= 0) {
            throw new IllegalArgumentException(FLUSH_MILLIS + " must be >= 0 and " + BOOT_MILLIS + " > 0");
        }
        return new ShmConfig(dir, (int) ring, piece, park, bell.equals("true"), flush, Duration.ofMillis(boot));
    }

    static final long DEFAULT_PIECE_BYTES = 64 * 1024;

    /** 1 MiB per ring up to 16 ranks; beyond, keeps ranks² rings within about 256 MiB. */
    static long defaultRingBytes(int size) {
        if (size <= 16) {
            return 1 << 20;
        }
        long perRing = (256L << 20) / ((long) size * size);
        return Math.max(RingDescriptor.MIN_CAPACITY, Long.highestOneBit(perRing));
    }

    private static long number(TransportContext context, String name, long defaultValue) {
        String v = context.property(name, null);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + v + " is not a number", e);
        }
    }
}
