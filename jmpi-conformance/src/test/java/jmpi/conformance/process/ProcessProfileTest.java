package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.conformance.JfrProfileTest;
import jmpi.core.jfr.CollectiveEvent;
import jmpi.core.jfr.PointToPointEvent;
import jmpi.core.jfr.RendezvousEvent;
import jmpi.launcher.JmpiProf;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;
import mpi.MPI;

/**
 * {@code jmpirun --profile} with ranks as processes: each rank JVM, given {@code -Djmpi.profile=FILE}, records
 * itself into FILE with {@code .rank<N>} before the extension, with only its own rank's events; the files are
 * written also when a rank throws and when the job times out (the launcher's SIGTERM).
 */
@Timeout(120)
class ProcessProfileTest {
    /** Three barriers, then as {@code args[0]} says: rank 1 throws, or spins forever while rank 0 waits forever. */
    public static class BarriersThen {
        static volatile double sink;

        public static void main(String[] args) {
            MPI.Init(args);
            for (int i = 0; i < 3; i++) {
                MPI.COMM_WORLD.Barrier();
            }
            if (MPI.COMM_WORLD.Rank() == 1) {
                if (args[0].equals("throw")) {
                    throw new IllegalStateException("rank 1 fails on purpose");
                }
                double x = 0;
                while (true) {
                    x += Math.sqrt(x + 1);
                    sink = x;
                }
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static JobResult run(String transport, Class<?> main, List<String> args, Duration timeout, Path profile) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(2, List.of(), main.getName(), args, true, timeout, Duration.ofSeconds(5));
        return new ProcessJob(spec, transport).jvmOptions(List.of("-Xshare:auto", "-Djmpi.profile=" + profile))
                .output(new PrintStream(sink, true, StandardCharsets.UTF_8), new PrintStream(sink, true, StandardCharsets.UTF_8))
                .run();
    }

    private static List<RecordedEvent> jmpiEvents(Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), file + " was not written");
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().startsWith("jmpi.")).toList();
    }

    @Test
    void oneFilePerRankJvmWithItsOwnEvents(@TempDir Path dir) throws IOException {
        Path profile = dir.resolve("prof.jfr");
        JobResult r = run("shm", JfrProfileTest.Known.class, List.of(), Duration.ofSeconds(60), profile);
        assertEquals(0, r.exitCode(), r.describe());
        for (int rank = 0; rank < 2; rank++) {
            int me = rank;
            List<RecordedEvent> events = jmpiEvents(dir.resolve("prof.rank" + rank + ".jfr"));
            assertTrue(events.stream().allMatch(e -> e.getInt("rank") == me), "only rank " + me + "'s events");
            assertEquals(13, events.stream().filter(e -> e.getEventType().getName().equals(PointToPointEvent.NAME)).count());
        }
        // The 512 KiB send goes by the byte protocol's RTS / CTS / DATA between processes.
        List<RecordedEvent> rendezvous = jmpiEvents(dir.resolve("prof.rank0.jfr")).stream()
                .filter(e -> e.getEventType().getName().equals(RendezvousEvent.NAME) && !e.getBoolean("collective")).toList();
        assertEquals(1, rendezvous.size(), rendezvous.toString());
        assertEquals("bytes", rendezvous.getFirst().getString("protocol"));
        assertEquals(524288, rendezvous.getFirst().getLong("bytes"));
        assertEquals(1, rendezvous.getFirst().getInt("peerWorld"));
        assertEquals(9, rendezvous.getFirst().getInt("tag"));
        String s = JmpiProf.summary(List.of(dir.resolve("prof.rank0.jfr"), dir.resolve("prof.rank1.jfr")));
        assertTrue(s.lines().anyMatch(l -> l.matches("Send +1 KiB +10 +10240 .*")), s);
        assertTrue(s.lines().anyMatch(l -> l.matches("Recv +1 KiB +10 +10240 .*")), s);
    }

    @Test
    void theFilesAreWrittenWhenARankThrows(@TempDir Path dir) throws IOException {
        Path profile = dir.resolve("fail.jfr");
        JobResult r = run("shm", BarriersThen.class, List.of("throw"), Duration.ofSeconds(60), profile);
        assertEquals(1, r.exitCode(), r.describe());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(3, jmpiEvents(dir.resolve("fail.rank" + rank + ".jfr")).stream()
                    .filter(e -> e.getEventType().getName().equals(CollectiveEvent.NAME)).count());
        }
    }

    @Test
    void theFilesAreWrittenWhenTheJobTimesOut(@TempDir Path dir) throws IOException {
        Path profile = dir.resolve("late.jfr");
        JobResult r = run("tcp", BarriersThen.class, List.of("spin"), Duration.ofSeconds(4), profile);
        assertEquals(124, r.exitCode(), r.describe());
        for (int rank = 0; rank < 2; rank++) {
            assertEquals(3, jmpiEvents(dir.resolve("late.rank" + rank + ".jfr")).stream()
                    .filter(e -> e.getEventType().getName().equals(CollectiveEvent.NAME)).count());
        }
    }
}
