package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.LocalBootstrap;
import jmpi.tck.RecordingSink;

/** Files appear in the configured directory while the job runs and are gone after close; bad settings fail open. */
@Timeout(30)
class ShmCleanupTest {
    private static List<Path> jobFiles(Path dir, String jobId) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith("jmpi-" + jobId + "-")).toList();
        }
    }

    private static void exchange(Endpoint[] eps) {
        RecordingSink sink = new RecordingSink(0);
        for (int i = 0; i < eps.length; i++) {
            Frame f = new Frame();
            f.kind = Frame.EAGER;
            f.data = MemorySegment.ofArray(new byte[5000]);
            eps[i].send((i + 1) % eps.length, f);
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (sink.frames.size() < eps.length && System.nanoTime() < deadline) {
            for (Endpoint ep : eps) {
                ep.poll(sink);
            }
        }
        assertEquals(eps.length, sink.frames.size());
    }

    @Test
    void noFileOfTheJobRemainsAfterClose(@TempDir Path dir) throws Exception {
        String job = ShmTestJobs.uniqueJobId();
        Endpoint[] eps = ShmTestJobs.open(3, job, Map.of(ShmConfig.DIR, dir.toString()));
        try {
            assertEquals(6, jobFiles(dir, job).size(), "a ring file and a doorbell socket per rank");
            exchange(eps);
        } finally {
            for (Endpoint ep : eps) {
                ep.close();
                ep.close(); // idempotent
            }
        }
        assertEquals(List.of(), jobFiles(dir, job));
        assertThrows(IllegalStateException.class, () -> eps[0].poll(new RecordingSink(0)));
    }

    @Test
    void noFileRemainsInDevShm() throws Exception {
        Path dir = Path.of("/dev/shm");
        String job = ShmTestJobs.uniqueJobId();
        Endpoint[] eps = ShmTestJobs.open(2, job, Map.of(ShmConfig.DOORBELL, "false"));
        try {
            assertEquals(2, jobFiles(dir, job).size(), "one ring file per rank, no socket");
            exchange(eps);
        } finally {
            for (Endpoint ep : eps) {
                ep.close();
            }
        }
        assertEquals(List.of(), jobFiles(dir, job));
    }

    @Test
    void invalidSettingsFailOpen(@TempDir Path dir) {
        ShmTransportFactory factory = new ShmTransportFactory();
        for (String ring : List.of("100000", "32768", "x")) {
            var ctx = new ShmTestJobs.Context(0, 1, ShmTestJobs.uniqueJobId(), new LocalBootstrap(1),
                    Map.of(ShmConfig.RING_BYTES, ring, ShmConfig.DIR, dir.toString()));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> factory.open(ctx));
            assertTrue(e.getMessage().contains(ShmConfig.RING_BYTES), e.getMessage());
        }
        var badJob = new ShmTestJobs.Context(0, 1, "../x", new LocalBootstrap(1), Map.of(ShmConfig.DIR, dir.toString()));
        assertThrows(IllegalArgumentException.class, () -> factory.open(badJob));
    }

    @Test
    void aLeftoverFileOfTheSameNameIsNotReused(@TempDir Path dir) throws Exception {
        String job = ShmTestJobs.uniqueJobId();
        Files.writeString(dir.resolve("jmpi-" + job + "-0"), "stale");
        var ctx = new ShmTestJobs.Context(0, 1, job, new LocalBootstrap(1), Map.of(ShmConfig.DIR, dir.toString()));
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> new ShmTransportFactory().open(ctx));
        assertEquals("stale", Files.readString(dir.resolve("jmpi-" + job + "-0")));
    }

    @Test
    void theFactoryIsFoundByName() {
        assertTrue(java.util.ServiceLoader.load(jmpi.spi.TransportFactory.class).stream()
                .anyMatch(p -> p.get().name().equals("shm")));
    }
}
