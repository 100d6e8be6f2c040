package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.tck.LocalBootstrap;

/**
 * Ping-pong between two shm endpoints, transport only (no engine, no matching): an 8-byte EAGER
 * frame, and a 1 MiB DATA frame delivered piece by piece from the ring into a receive array (the
 * pipelined two-copy path). Prints half the best and the median round trip of each. Informational.
 *
 * <pre>
 *  java -cp jmpi-shm/target/classes:jmpi-shm/target/test-classes:jmpi-spi/target/classes:jmpi-tck/target/classes \
 *       jmpi.transport.shm.ShmPingPong [processes|threads] [iterations8B] [iterations1MiB]
 * </pre>
 * "processes" (the default) starts rank 1 as a second JVM with the same class path, bootstrapped
 * through files ({@link DirBootstrap}); "threads" runs both ranks in this JVM. Both spin on poll,
 * or with {@code -Dpingpong.park=true} park on the endpoint whenever a poll finds nothing.
 * The 1 MiB send and receive arrays are reused (in cache): a flattering case.
 */
public final class ShmPingPong {
    private static final int SMALL = 8;
    private static final int LARGE = 1 << 20;

    /** Counts frames and DATA bytes; copies DATA into one receive array. */
    private static final class Sink implements FrameSink {
        final byte[] into = new byte[LARGE];
        final MemorySegment intoSeg = MemorySegment.ofArray(into);
        long frames;
        long bytes;

        @Override
        public void accept(Frame frame) {
            frames++;
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                  long offset, int bytes) {
            return false;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long n) {
            MemorySegment.copy(src, srcOffset, intoSeg, messageOffset, n);
            bytes += n;
        }
    }

    private static Frame frame(boolean large, MemorySegment data) {
        Frame f = new Frame();
        f.kind = large ? Frame.DATA : Frame.EAGER;
        f.recvId = 1;
        f.data = data;
        return f;
    }

    /** Runs one rank's side; rank 0 returns the round-trip times of each measured iteration. */
    static long[][] run(Endpoint ep, int smallIters, int largeIters) {
        int peer = 1 - ep.rank();
        Sink sink = new Sink();
        MemorySegment small = MemorySegment.ofArray(new byte[SMALL]);
        MemorySegment large = MemorySegment.ofArray(new byte[LARGE]);
        long[][] out = new long[2][];
        for (int which = 0; which < 2; which++) {
            boolean isLarge = which == 1;
            int iters = isLarge ? largeIters : smallIters;
            int warm = iters / 5;
            long[] rtt = new long[iters];
            for (int i = -warm; i < iters; i++) {
                long t0 = System.nanoTime();
                if (ep.rank() == 0) {
                    ep.send(peer, frame(isLarge, isLarge ? large : small));
                    await(ep, sink, isLarge);
                } else {
                    await(ep, sink, isLarge);
                    ep.send(peer, frame(isLarge, isLarge ? large : small));
                }
                if (i >= 0) {
                    rtt[i] = System.nanoTime() - t0;
                }
            }
            out[which] = rtt;
        }
        return out;
    }

    /** Waiters park (jmpi.shm.parkNanos at most) whenever a poll finds nothing, instead of spinning. */
    private static final boolean PARK = Boolean.getBoolean("pingpong.park");

    private static void await(Endpoint ep, Sink sink, boolean large) {
        if (large) {
            long want = sink.bytes + LARGE;
            while (sink.bytes < want) {
                if (ep.poll(sink) == 0 && PARK) {
                    ep.park(1_000_000, () -> false);
                }
            }
        } else {
            long want = sink.frames + 1;
            while (sink.frames < want) {
                if (ep.poll(sink) == 0 && PARK) {
                    ep.park(1_000_000, () -> false);
                }
            }
        }
    }

    private static String report(String what, long[] rtt) {
        long[] s = rtt.clone();
        Arrays.sort(s);
        return String.format("%-6s one way (half round trip): best %.2f us, median %.2f us (%d iterations)", what,
                s[0] / 2e3, s[s.length / 2] / 2e3, s.length);
    }

    /** CPU time an idle rank spends in two seconds of 1 ms parks (the engine's park length). */
    private static void idle(String job) throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, job, Map.of());
        try {
            var mx = java.lang.management.ManagementFactory.getThreadMXBean();
            for (int round = 0; round < 2; round++) {
                long cpu0 = mx.getCurrentThreadCpuTime();
                long t0 = System.nanoTime();
                long parks = 0;
                while (System.nanoTime() - t0 < 2_000_000_000L) {
                    eps[1].park(1_000_000, () -> false);
                    parks++;
                }
                long cpu = mx.getCurrentThreadCpuTime() - cpu0;
                System.out.printf("idle rank, doorbell %s: %d parks of 1 ms in 2 s, %.1f ms CPU (%.1f%% of a core)%n",
                        System.getProperty(ShmConfig.DOORBELL, "default"), parks, cpu / 1e6, cpu / 2e7);
            }
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "processes";
        int smallIters = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        int largeIters = args.length > 2 ? Integer.parseInt(args[2]) : 2_000;
        if (mode.equals("child")) {
            Endpoint ep = new ShmTransportFactory().open(new ShmTestJobs.Context(1, 2, args[3],
                    new DirBootstrap(Path.of(args[4]), 1, 2), Map.of()));
            try {
                run(ep, smallIters, largeIters);
            } finally {
                ep.close();
            }
            return;
        }
        long[][] rtt;
        String job = ShmTestJobs.uniqueJobId();
        if (mode.equals("idle")) {
            idle(job);
            return;
        }
        if (mode.equals("threads")) {
            Endpoint[] eps = ShmTestJobs.open(2, job, Map.of());
            Thread other = Thread.ofPlatform().start(() -> run(eps[1], smallIters, largeIters));
            rtt = run(eps[0], smallIters, largeIters);
            other.join();
            for (Endpoint e : eps) {
                e.close();
            }
        } else {
            Path dir = Files.createTempDirectory("jmpi-pingpong");
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"),
                    "-D" + ShmConfig.RING_BYTES + "=" + System.getProperty(ShmConfig.RING_BYTES, ""),
                    "-D" + ShmConfig.PIECE_BYTES + "=" + System.getProperty(ShmConfig.PIECE_BYTES, ""),
                    "-D" + ShmConfig.PARK_NANOS + "=" + System.getProperty(ShmConfig.PARK_NANOS, ""),
                    "-D" + ShmConfig.DOORBELL + "=" + System.getProperty(ShmConfig.DOORBELL, ""),
                    "-Dpingpong.park=" + PARK, ShmPingPong.class.getName(), "child",
                    "" + smallIters, "" + largeIters, job, dir.toString()).inheritIO().start();
            Endpoint ep = new ShmTransportFactory().open(new ShmTestJobs.Context(0, 2, job,
                    new DirBootstrap(dir, 0, 2), Map.of()));
            try {
                rtt = run(ep, smallIters, largeIters);
            } finally {
                ep.close();
            }
            if (!child.waitFor(60, TimeUnit.SECONDS) || child.exitValue() != 0) {
                throw new IllegalStateException("rank 1 failed");
            }
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
        System.out.println("shm ping-pong, " + mode + ", ring " + System.getProperty(ShmConfig.RING_BYTES, ShmConfig.defaultRingBytes(2) + " (default)")
                + " bytes, pieces " + System.getProperty(ShmConfig.PIECE_BYTES, ShmConfig.DEFAULT_PIECE_BYTES + " (default)")
                + " bytes, " + (PARK ? "parking waiters (parkNanos " + System.getProperty(ShmConfig.PARK_NANOS, "default") + "), " : "spinning, ")
                + "doorbell " + System.getProperty(ShmConfig.DOORBELL, "default") + ", "
                + Runtime.getRuntime().availableProcessors() + " cpus, " + System.getProperty("java.version"));
        System.out.println(report("8 B", rtt[0]));
        System.out.println(report("1 MiB", rtt[1]));
        double best = Arrays.stream(rtt[1]).min().orElseThrow() / 2e9;
        System.out.printf("1 MiB  bandwidth from the best one-way time: %.2f GB/s%n", LARGE / best / 1e9);
    }
}
