package jmpi.transport.shm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BinaryOperator;

import jmpi.spi.TransportContext;

/**
 * The shm transport's tunables ({@link ShmSetting}, where each is documented), read and validated
 * once when an endpoint opens: a malformed or out-of-range value fails with an
 * {@link IllegalArgumentException} naming the property.
 *
 * <p>Concurrency: an immutable value, read by any thread.
 */
record ShmConfig(Path dir, int ringBytes, long pieceBytes, long parkNanos, boolean doorbell, long flushMillis,
                 Duration bootTimeout) {
    static final String DIR = ShmSetting.DIR.property();
    static final String RING_BYTES = ShmSetting.RING_BYTES.property();
    static final String PIECE_BYTES = ShmSetting.PIECE_BYTES.property();
    static final String PARK_NANOS = ShmSetting.PARK_NANOS.property();
    static final String DOORBELL = ShmSetting.DOORBELL.property();
    static final String FLUSH_MILLIS = ShmSetting.FLUSH_MILLIS.property();
    static final String BOOT_MILLIS = ShmSetting.BOOT_MILLIS.property();

    static ShmConfig from(TransportContext context) {
        BinaryOperator<String> source = context::property;
        Path dir = dir(source);
        if (!Files.isDirectory(dir)) {
            throw ShmSetting.DIR.invalid(dir.toString(), "is not a directory");
        }
        long ring = ShmSetting.RING_BYTES.longValue(source, Long.MIN_VALUE, Long.MAX_VALUE,
                defaultRingBytes(context.size()));
        if (!RingDescriptor.validCapacity(ring)) {
            throw ShmSetting.RING_BYTES.invalid(Long.toString(ring), "must be a power of two in ["
                    + RingDescriptor.MIN_CAPACITY + ", " + RingDescriptor.MAX_CAPACITY + "]");
        }
        long piece = ShmSetting.PIECE_BYTES.longValue(source, 4096, Long.MAX_VALUE, DEFAULT_PIECE_BYTES);
        if (piece % RingDescriptor.RECORD_ALIGN != 0) {
            throw ShmSetting.PIECE_BYTES.invalid(Long.toString(piece), "must be a multiple of 64, at least 4096");
        }
        long park = ShmSetting.PARK_NANOS.longValue(source, 1_000, 1_000_000_000, 50_000);
        boolean bell = ShmSetting.DOORBELL.booleanValue(source, true);
        long flush = ShmSetting.FLUSH_MILLIS.longValue(source, 0, Long.MAX_VALUE, 2_000);
        long boot = ShmSetting.BOOT_MILLIS.longValue(source, 1, Long.MAX_VALUE, 60_000);
        return new ShmConfig(dir, (int) ring, piece, park, bell, flush, Duration.ofMillis(boot));
    }

    /** The ring files' directory named by {@code source} (not checked). */
    static Path dir(BinaryOperator<String> source) {
        return Path.of(ShmSetting.DIR.value(source));
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
}
