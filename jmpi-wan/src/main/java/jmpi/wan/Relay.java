package jmpi.wan;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.random.RandomGenerator;

/**
 * The wide-area link between emulated clusters: reads every IP packet the kernel routes into the TUN
 * device (packets from one cluster to another, by the policy routes {@link Topology} sets up), lets each
 * through the {@link LinkModel} of its direction (cluster of the source address to cluster of the
 * destination: the third byte of {@code 10.B.K.H}), and writes it back into the device when its last
 * byte would have arrived, so the kernel delivers it to the destination cluster's bridge.
 *
 * <p>Two threads: the reader (blocking {@code read}, models, queues) and the writer (sleeps until the
 * earliest due packet, with its timer slack set to 1 us and a short spin before each due time; writes).
 * Each direction's queue is FIFO with non-decreasing due times, so the writer only looks at the heads.
 * Statistics (packets, bytes, drops, and how late the writes were against their due times) go to a file
 * every second ({@code --stats}) and to standard output at exit.
 *
 * <p>{@code java jmpi.wan.Relay --tun NAME --clusters N [--rate 1gbit] [--delay 1ms] [--queue BYTES] [--loss P] [--mtu 9000] [--stats FILE]}
 */
public final class Relay {
    private static final long SPIN_NANOS = 20_000;

    private final Tun tun;
    private final int clusters;
    private final int bufferBytes;
    private final LinkModel[] models;
    private final ArrayDeque<Packet>[] queues;
    private final Stats[] stats;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Thread writer;
    /** When the writer means to wake next (Long.MAX_VALUE: when told). */
    private volatile long writerTarget = Long.MAX_VALUE;
    private long notIpv4;
    private long outside;

    /** A packet waiting for its due time: {@code length} bytes of {@code data}, a pooled buffer. */
    private record Packet(byte[] data, int length, long due) {
    }

    /** Buffers of {@code bufferBytes} for queued packets, reused (so the relay allocates nothing per packet: no GC pauses). Under the lock. */
    private final ArrayDeque<byte[]> pool = new ArrayDeque<>();

    /** One direction's counters; written under the lock or by the one thread that owns the field. */
    private static final class Stats {
        long packets;
        long bytes;
        long droppedQueue;
        long droppedLoss;
        long written;
        long lateMax;
        long lateSum;
        /** Writes late by under 10 us, 50 us, 100 us, 500 us, 1 ms, more. */
        final long[] late = new long[6];
    }

    @SuppressWarnings("unchecked")
    Relay(Tun tun, int clusters, int bufferBytes, LinkModel[] models) {
        this.tun = tun;
        this.clusters = clusters;
        this.bufferBytes = bufferBytes;
        this.models = models;
        this.queues = new ArrayDeque[models.length];
        this.stats = new Stats[models.length];
        for (int i = 0; i < models.length; i++) {
            queues[i] = new ArrayDeque<>();
            stats[i] = new Stats();
        }
    }

    public static void main(String[] args) throws Exception {
        String tunName = null;
        int clusters = 0;
        String rate = "1gbit";
        String delay = "1ms";
        String queue = null;
        double loss = 0;
        int mtu = 9000;
        Path statsFile = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--tun" -> tunName = v;
                case "--clusters" -> clusters = Integer.parseInt(v);
                case "--rate" -> rate = v;
                case "--delay" -> delay = v;
                case "--queue" -> queue = v;
                case "--loss" -> loss = Double.parseDouble(v);
                case "--mtu" -> mtu = Integer.parseInt(v);
                case "--stats" -> statsFile = Path.of(v);
                default -> throw new IllegalArgumentException("unknown option " + a + " (see the class comment of jmpi.wan.Relay)");
            }
            i++;
        }
        if (tunName == null || clusters < 2 || clusters > 64) {
            throw new IllegalArgumentException("--tun NAME and --clusters 2..64 are required");
        }
        double r = Units.rateBytesPerSecond(rate);
        long d = Units.nanos(delay);
        long q = queue != null ? Units.bytes(queue) : defaultQueue(r, d, mtu);
        LinkModel[] models = new LinkModel[clusters * clusters];
        RandomGenerator rnd = RandomGenerator.of("L64X128MixRandom");
        for (int i = 0; i < models.length; i++) {
            models[i] = new LinkModel(r, d, q, loss, rnd);
        }
        Tun tun = Tun.open(tunName);
        Relay relay = new Relay(tun, clusters, Math.max(mtu, 1500) + 64, models);
        System.out.printf(Locale.ROOT, "relay on %s: %d clusters, %s, delay %d us one way, queue %d bytes, loss %.4f%n", tunName, clusters,
                Units.rate(r), d / 1000, q, loss);
        System.out.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> relay.report(System.out)));
        relay.run(statsFile);
    }

    /** A router's buffer of one bandwidth-delay product (round trip), at least 64 packets. */
    static long defaultQueue(double rateBytesPerSecond, long delayNanos, int mtu) {
        long bdp = (long) (rateBytesPerSecond * 2 * delayNanos / 1e9);
        return Math.max(bdp, 64L * mtu);
    }

    /** Where the statistics for {@code statsFile} are written before they replace it at once. */
    static Path partial(Path statsFile) {
        return statsFile.resolveSibling(statsFile.getFileName() + ".tmp");
    }

    void run(Path statsFile) throws InterruptedException {
        Thread w = Thread.ofPlatform().name("relay-writer").daemon().start(this::writeLoop);
        writer = w;
        Thread.ofPlatform().name("relay-reader").daemon().start(this::readLoop);
        while (true) {
            Thread.sleep(1000);
            if (statsFile != null) {
                try {
                    Path tmp = partial(statsFile);
                    try (PrintStream out = new PrintStream(Files.newOutputStream(tmp), false)) {
                        report(out);
                    }
                    Files.move(tmp, statsFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    System.err.println("relay: cannot write statistics to " + statsFile + ": " + e);
                }
            }
        }
    }

    private void readLoop() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(bufferBytes, 64);
            MemorySegment state = Tun.callState(arena);
            while (true) {
                int n = tun.read(buf, state);
                long now = System.nanoTime();
                if (n < 20 || (buf.get(ValueLayout.JAVA_BYTE, 0) & 0xf0) != 0x40) {
                    notIpv4++;
                    continue;
                }
                int from = buf.get(ValueLayout.JAVA_BYTE, 14) & 0xff;
                int to = buf.get(ValueLayout.JAVA_BYTE, 18) & 0xff;
                if (from >= clusters || to >= clusters) {
                    outside++;
                    continue;
                }
                int link = from * clusters + to;
                long due = models[link].offer(now, n);
                lock.lock();
                try {
                    Stats s = stats[link];
                    if (due == LinkModel.DROPPED_QUEUE) {
                        s.droppedQueue++;
                        continue;
                    }
                    if (due == LinkModel.DROPPED_LOSS) {
                        s.droppedLoss++;
                        continue;
                    }
                    s.packets++;
                    s.bytes += n;
                    byte[] data = pool.pollFirst();
                    if (data == null) {
                        data = new byte[bufferBytes];
                    }
                    MemorySegment.copy(buf, ValueLayout.JAVA_BYTE, 0, data, 0, n);
                    queues[link].addLast(new Packet(data, n, due));
                } finally {
                    lock.unlock();
                }
                if (due < writerTarget) {
                    LockSupport.unpark(writer);
                }
            }
        } catch (IOException e) {
            System.err.println("relay: " + e.getMessage());
            System.exit(3);
        }
    }

    private void writeLoop() {
        Tun.setTimerSlack(1000);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(bufferBytes, 64);
            MemorySegment state = Tun.callState(arena);
            while (true) {
                Packet p = null;
                int link = -1;
                long due = Long.MAX_VALUE;
                lock.lock();
                try {
                    for (int i = 0; i < queues.length; i++) {
                        Packet head = queues[i].peekFirst();
                        if (head != null && head.due < due) {
                            due = head.due;
                            link = i;
                        }
                    }
                    long now = System.nanoTime();
                    if (link >= 0 && due <= now) {
                        p = queues[link].pollFirst();
                        Stats s = stats[link];
                        long late = now - due;
                        s.written++;
                        s.lateSum += late;
                        s.lateMax = Math.max(s.lateMax, late);
                        s.late[late < 10_000 ? 0 : late < 50_000 ? 1 : late < 100_000 ? 2 : late < 500_000 ? 3 : late < 1_000_000 ? 4 : 5]++;
                    } else {
                        writerTarget = due;
                    }
                } finally {
                    lock.unlock();
                }
                if (p != null) {
                    MemorySegment.copy(p.data, 0, buf, ValueLayout.JAVA_BYTE, 0, p.length);
                    lock.lock();
                    try {
                        pool.addLast(p.data);
                    } finally {
                        lock.unlock();
                    }
                    tun.write(buf, p.length, state);
                    continue;
                }
                long wait = due - System.nanoTime();
                if (wait > SPIN_NANOS) {
                    LockSupport.parkNanos(wait - SPIN_NANOS);
                } else if (wait > 0) {
                    Thread.onSpinWait();
                }
                writerTarget = Long.MAX_VALUE;
            }
        } catch (IOException e) {
            System.err.println("relay: " + e.getMessage());
            System.exit(3);
        }
    }

    /** Prints each direction's counters. */
    void report(PrintStream out) {
        lock.lock();
        try {
            out.printf(Locale.ROOT, "# relay statistics (not IPv4: %d, outside the clusters: %d)%n", notIpv4, outside);
            out.printf(Locale.ROOT, "%-6s %10s %14s %9s %9s %10s %10s %s%n", "link", "packets", "bytes", "drop_q", "drop_loss",
                    "late_mean", "late_max", "late <10us <50us <100us <500us <1ms >=1ms");
            for (int i = 0; i < stats.length; i++) {
                Stats s = stats[i];
                if (s.packets + s.droppedQueue + s.droppedLoss == 0) {
                    continue;
                }
                out.printf(Locale.ROOT, "%-6s %10d %14d %9d %9d %8.1fus %8.1fus %d %d %d %d %d %d%n", (i / clusters) + "->" + (i % clusters),
                        s.packets, s.bytes, s.droppedQueue, s.droppedLoss, s.written == 0 ? 0.0 : s.lateSum / 1e3 / s.written,
                        s.lateMax / 1e3, s.late[0], s.late[1], s.late[2], s.late[3], s.late[4], s.late[5]);
            }
        } finally {
            lock.unlock();
        }
        out.flush();
    }
}
