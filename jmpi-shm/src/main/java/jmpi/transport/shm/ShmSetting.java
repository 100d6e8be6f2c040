package jmpi.transport.shm;

import jmpi.spi.Setting;

/**
 * Every tunable of the shm transport (a {@link Setting}): read through the rank's
 * {@link jmpi.spi.TransportContext#property} and validated into a {@link ShmConfig} when an
 * endpoint opens (a bad value fails {@code open} with an {@link IllegalArgumentException} naming
 * the property); {@code DIR} is also read by {@link ShmTransportFactory#cleanup}.
 * docs/CONFIGURATION.md lists the same entries (a test keeps the two in step).
 *
 * <p>Concurrency: an enum of constants, read by any thread.
 */
public enum ShmSetting implements Setting {
    DIR("jmpi.shm.dir", "/dev/shm",
            "Directory of the ring files (a tmpfs); must exist. The launcher deletes a job's files there when the job ends."),
    RING_BYTES("jmpi.shm.ringBytes", "auto",
            "Capacity of each inbound ring (bytes), a power of two in [65536, 1073741824]; auto: 1 MiB up to 16 ranks, then the largest power of two not above 256 MiB / ranks², at least 64 KiB."),
    PIECE_BYTES("jmpi.shm.pieceBytes", "65536",
            "Largest ring record (header included) a sender writes (bytes), a multiple of 64, at least 4096; records are also capped at a quarter ring: longer messages go in pieces that pipeline."),
    PARK_NANOS("jmpi.shm.parkNanos", "50000",
            "Longest single sleep of a parked rank (ns), in [1000, 1000000000]: a peer's frame is noticed within about this bound (processes cannot unpark each other)."),
    DOORBELL("jmpi.shm.doorbell", "true",
            "A rank that parks for a millisecond or more sleeps on a UNIX-domain socket that senders poke, instead of waking every parkNanos."),
    FLUSH_MILLIS("jmpi.shm.flushMillis", "2000",
            "How long close waits for queued outgoing frames to fit into the receivers' rings (ms, >= 0)."),
    BOOT_MILLIS("jmpi.shm.bootMillis", "60000",
            "How long open waits for the peers to create their files (ms, > 0).");

    private final Spec spec;

    ShmSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
