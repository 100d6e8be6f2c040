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
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * A process job over shm whose ranks are told {@code -Djmpi.shm.dir=<dir>} leaves that directory
 * empty: after a job that ends well, and after one whose rank is killed (SIGKILL) with its ring
 * files still there, since the launcher has every transport clean up after the job.
 */
@Timeout(60)
class ProcessJobShmDirTest {
    @TempDir
    Path dir;

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private record Run(JobResult result, String out, String err) {
        String all() {
            return result.describe() + "\n--- out\n" + out + "\n--- err\n" + err;
        }
    }

    private Run run(int np, String mainClass, List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(np, List.of(), mainClass, args, true, Duration.ofSeconds(40), Duration.ofSeconds(5));
        JobResult r = new ProcessJob(spec, "shm")
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Djmpi.shm.dir=" + dir))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        return new Run(r, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private List<Path> left() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    @Test
    void aJobThatEndsWellLeavesTheDirectoryEmpty() throws IOException {
        Run r = run(2, ProcessPrograms.Hello.class.getName(), List.of("a"));
        assertEquals(0, r.result().exitCode(), r.all());
        assertEquals(List.of(), left(), r.all());
    }

    @Test
    void aJobWhoseRankIsKilledLeavesTheDirectoryEmpty() throws IOException {
        Run r = run(3, ProcessPrograms.FailingRank.class.getName(), List.of("kill"));
        assertEquals(137, r.result().exitCode(), r.all());
        assertTrue(r.out().contains("[0] created " + dir.resolve("jmpi-")), r.all());
        assertEquals(List.of(), left(), r.all());
    }
}
