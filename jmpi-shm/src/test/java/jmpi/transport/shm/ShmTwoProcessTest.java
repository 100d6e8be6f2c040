package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.RecordingSink;

/** Two ranks in two JVMs: frames of every kind and size go to {@link ShmEchoRank} and come back intact. */
@Timeout(60)
class ShmTwoProcessTest {
    private static byte[] content(int seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    @Test
    void framesCrossProcessesBothWays(@TempDir Path dir) throws Exception {
        String job = ShmTestJobs.uniqueJobId();
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xss1m", "-cp", System.getProperty("java.class.path"), ShmEchoRank.class.getName(), job, dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Endpoint ep = null;
        try {
            ep = new ShmTransportFactory().open(new ShmTestJobs.Context(0, 2, job, new DirBootstrap(dir, 0, 2), Map.of()));
            int[] eager = {0, 8, 1000, 70_000, 300_000, 3 << 20};
            int[] data = {1, 100_000, 5 << 20};
            for (int i = 0; i < eager.length; i++) {
                Frame f = new Frame();
                f.kind = Frame.EAGER;
                f.tag = i;
                f.context = 3;
                f.sync = i % 2 == 0;
                f.sendId = 99 + i;
                f.data = MemorySegment.ofArray(content(i, eager[i]));
                ep.send(1, f);
            }
            Frame rts = new Frame();
            rts.kind = Frame.RTS;
            rts.tag = 42;
            rts.offset = 1L << 33;
            rts.sendId = 7;
            ep.send(1, rts);
            for (int i = 0; i < data.length; i++) {
                Frame f = new Frame();
                f.kind = Frame.DATA;
                f.recvId = data[i];
                f.data = MemorySegment.ofArray(content(100 + i, data[i]));
                ep.send(1, f);
            }
            Frame stop = new Frame();
            stop.kind = Frame.EAGER;
            stop.tag = -1;
            stop.data = MemorySegment.ofArray(new byte[0]);
            ep.send(1, stop);

            RecordingSink sink = new RecordingSink(8 << 20);
            long deadline = System.nanoTime() + 40_000_000_000L;
            while (sink.frames.size() < eager.length + 2 || sink.delivered.size() < data.length
                    || sink.delivered.entrySet().stream().anyMatch(e -> !e.getValue().equals(e.getKey()))) {
                if (ep.poll(sink) == 0) {
                    ep.park(1_000_000, () -> false);
                }
                assertTrue(System.nanoTime() < deadline, "echo incomplete: " + sink.frames.size() + " frames, "
                        + sink.delivered + "; child log: " + Files.readString(dir.resolve("child.log")));
                assertTrue(child.isAlive() || sink.frames.size() == eager.length + 2,
                        "rank 1 died: " + Files.readString(dir.resolve("child.log")));
            }
            for (int i = 0; i < eager.length; i++) {
                Frame f = sink.frames.get(i);
                assertEquals(i, f.tag);
                assertEquals(3, f.context);
                assertEquals(i % 2 == 0, f.sync);
                assertEquals(99 + i, f.sendId);
                assertEquals(1, f.sender);
                assertArrayEquals(content(i, eager[i]), RecordingSink.payloadOf(f), "eager " + eager[i] + " bytes");
            }
            Frame r = sink.frames.get(eager.length);
            assertEquals(Frame.RTS, r.kind);
            assertEquals(1L << 33, r.offset);
            assertEquals(7, r.sendId);
            assertEquals(-1, sink.frames.get(eager.length + 1).tag);
            for (int i = 0; i < data.length; i++) {
                byte[] got = java.util.Arrays.copyOf(sink.data.get((long) data[i]), data[i]);
                assertArrayEquals(content(100 + i, data[i]), got, "data of " + data[i] + " bytes");
            }
            assertTrue(child.waitFor(20, TimeUnit.SECONDS), "rank 1 did not end");
            assertEquals(0, child.exitValue(), Files.readString(dir.resolve("child.log")));
        } finally {
            if (ep != null) {
                ep.close();
            }
            child.destroyForcibly();
        }
        try (Stream<Path> s = Files.list(Path.of("/dev/shm"))) {
            assertEquals(0, s.filter(p -> p.getFileName().toString().startsWith("jmpi-" + job + "-")).count(),
                    "files left in /dev/shm");
        }
    }
}
