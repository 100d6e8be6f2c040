package jmpi.wan;

import java.util.random.RandomGenerator;

/**
 * One direction of an emulated wide-area link: a queue in front of a wire of {@code rate} bytes per
 * second, then {@code delay} of propagation. A packet of {@code s} bytes offered at time {@code t}
 * starts on the wire when the wire is free ({@code max(t, free)}), occupies it for {@code s / rate},
 * and arrives (its last byte) {@code delay} after it left. The queue holds at most {@code queueBytes}
 * waiting to be serialized (tail drop beyond, as a router's buffer); independently each packet is lost
 * with probability {@code loss}. What a TCP flow through it sees: a round trip of two delays plus
 * serialization, a bottleneck of {@code rate}, queueing delay up to {@code queueBytes / rate}, and loss
 * when it overruns the queue.
 *
 * <p>Not thread-safe: one relay thread offers every packet of a direction (times must not go back).
 */
public final class LinkModel {
    /** What {@link #offer} returns for a packet dropped because the queue was full. */
    public static final long DROPPED_QUEUE = -1;
    /** What {@link #offer} returns for a packet lost at random ({@code loss}). */
    public static final long DROPPED_LOSS = -2;

    private final double nanosPerByte;
    private final long delayNanos;
    private final long queueBytes;
    private final double loss;
    private final RandomGenerator random;
    /** When the wire finishes the last packet accepted (nanoTime scale, fractional). */
    private double free = Double.NEGATIVE_INFINITY;

    /**
     * @param rateBytesPerSecond the wire's rate (positive)
     * @param delayNanos         one-way propagation delay (0 or more)
     * @param queueBytes         the most bytes waiting to be serialized (at least one packet's worth)
     * @param loss               the probability of losing each packet, in [0, 1)
     * @param random             the source for {@code loss}
     */
    public LinkModel(double rateBytesPerSecond, long delayNanos, long queueBytes, double loss, RandomGenerator random) {
        if (!(rateBytesPerSecond > 0) || Double.isInfinite(rateBytesPerSecond)) {
            throw new IllegalArgumentException("rate must be positive, not " + rateBytesPerSecond);
        }
        if (delayNanos < 0) {
            throw new IllegalArgumentException("delay must be 0 or more, not " + delayNanos);
        }
        if (queueBytes < 1) {
            throw new IllegalArgumentException("queue must be at least 1 byte, not " + queueBytes);
        }
        if (!(loss >= 0 && loss < 1)) {
            throw new IllegalArgumentException("loss must be in [0, 1), not " + loss);
        }
        this.nanosPerByte = 1e9 / rateBytesPerSecond;
        this.delayNanos = delayNanos;
        this.queueBytes = queueBytes;
        this.loss = loss;
        this.random = random;
    }

    /**
     * A packet of {@code bytes} offered at {@code now} (nanoseconds, never before an earlier offer's):
     * the time its last byte arrives at the far end, or {@link #DROPPED_QUEUE} / {@link #DROPPED_LOSS}.
     * Arrival times of accepted packets never decrease.
     */
    public long offer(long now, int bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("a packet has at least one byte, not " + bytes);
        }
        if (loss > 0 && random.nextDouble() < loss) {
            return DROPPED_LOSS;
        }
        double start = Math.max(now, free);
        double waiting = (start - now) / nanosPerByte;
        if (waiting + bytes > queueBytes && waiting > 0) {
            return DROPPED_QUEUE;
        }
        free = start + bytes * nanosPerByte;
        return (long) Math.ceil(free) + delayNanos;
    }

    /** Bytes waiting to be serialized at {@code now}. */
    public long backlog(long now) {
        return free <= now ? 0 : (long) ((free - now) / nanosPerByte);
    }

    public long delayNanos() {
        return delayNanos;
    }

    public double rateBytesPerSecond() {
        return 1e9 / nanosPerByte;
    }

    public long queueBytes() {
        return queueBytes;
    }

    public double loss() {
        return loss;
    }
}
