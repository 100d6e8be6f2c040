package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * Multi-process jobs run by {@link ProcessJob} in this JVM (each rank a JVM of its own, over the
 * tcp transport): a rank that fails in any way ends the whole job within 5 s, with its
 * exit code and name, leaving no process and no shared-memory file behind.
 */
@Timeout(60)
class ProcessJobTest {
    record Run(JobResult result, String out, String err, String jobId, long endMillis) {
    }

    private static Run run(int np, String mainClass, List<String> args) {
        return run(np, mainClass, args, Duration.ofSeconds(40));
    }

    private static Run run(int np, String mainClass, List<String> args, Duration timeout) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(np, List.of(), mainClass, args, true, timeout, Duration.ofSeconds(5));
        ProcessJob job = new ProcessJob(spec, "tcp").jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        JobResult r = job.run();
        return new Run(r, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8), job.jobId(),
                System.currentTimeMillis());
    }

    /** Every test kills whatever a job might have left (the job itself must leave nothing: asserted). */
    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    void ranksFindEachOtherPrintTaggedAndEndWell() {
        Run r = run(3, ProcessPrograms.Hello.class.getName(), List.of("a", "b"));
        assertEquals(0, r.result().exitCode(), r.result().describe() + r.err());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.out().contains("[" + rank + "] I am " + rank + " of 3 args a,b self " + (rank * 10 + 1)), r.out());
        }
        assertNothingLeft(r.jobId());
    }

    @Test
    void aRankThatThrowsEndsTheJob() {
        Run r = failing("throw", 1);
        assertTrue(r.err().contains("[1] ") && r.err().contains("boom in rank one"), r.err());
    }

    @Test
    void aRankThatCallsSystemExitEndsTheJobEvenIfTheOthersComputeWithoutMpi() {
        Run r = failing("exit", 7);
        assertTrue(r.result().failures().getFirst().why().contains("code 7"), r.result().describe());
    }

    @Test
    void aRankKilledBySigkillEndsTheJob() {
        Run r = failing("kill", 137);
        assertTrue(r.result().failures().getFirst().why().contains("SIGKILL"), r.result().describe());
    }

    @Test
    void mpiAbortEndsTheJobWithItsCodeAndReason() {
        Run r = failing("abort", 5);
        assertTrue(r.result().failures().getFirst().why().contains("MPI_Abort(5)"), r.result().describe());
        assertEquals(1, r.result().failures().size(), "the ranks stopped by the abort are not failures: " + r.result().describe());
        assertTrue(!r.err().contains("JobAbortedError"), "ranks stopped by the abort unwind quietly: " + r.err());
    }

    @Test
    void aRankThatReturnsWithoutFinalizeEndsTheJob() {
        Run r = failing("nofinalize", 1);
        assertTrue(r.result().failures().getFirst().why().contains("without calling MPI.Finalize"), r.result().describe());
    }

    @Test
    void theTimeoutEndsAJobThatHangs() {
        long start = System.nanoTime();
        Run r = run(2, ProcessPrograms.Waits.class.getName(), List.of(), Duration.ofSeconds(2));
        long took = (System.nanoTime() - start) / 1_000_000;
        assertEquals(124, r.result().exitCode(), r.result().describe() + r.err());
        assertTrue(r.result().failures().getFirst().why().contains("timed out after 2 s; ranks still running: 0, 1"),
                r.result().describe());
        assertTrue(took < 2_000 + 5_000, "took " + took + " ms");
        assertNothingLeft(r.jobId());
    }

    private static Run failing(String how, int exitCode) {
        Run r = run(3, ProcessPrograms.FailingRank.class.getName(), List.of(how));
        String all = r.result().describe() + "\n--- out\n" + r.out() + "\n--- err\n" + r.err();
        assertEquals(exitCode, r.result().exitCode(), all);
        JobResult.Failure first = r.result().failures().getFirst();
        assertEquals(1, first.rank(), all);
        assertTrue(first.toString().startsWith("rank 1 failed (exit code " + exitCode + ")"), all);
        Matcher m = Pattern.compile("FAIL_AT (\\d+)").matcher(r.out());
        assertTrue(m.find(), all);
        long took = r.endMillis() - Long.parseLong(m.group(1));
        assertTrue(took < 5_000, "the job ended " + took + " ms after the failure\n" + all);
        assertTrue(r.out().contains("[0] created /dev/shm/jmpi-" + r.jobId() + "-dummy"), all);
        assertNothingLeft(r.jobId());
        return r;
    }

    private static void assertNothingLeft(String jobId) {
        List<String> alive = new ArrayList<>();
        ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)
                .forEach(p -> alive.add(p.pid() + " " + p.info().commandLine().orElse("?")));
        assertTrue(alive.isEmpty(), "processes left: " + alive);
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(Path.of("/dev/shm"), "jmpi-" + jobId + "-*")) {
            ds.forEach(files::add);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertTrue(files.isEmpty(), "shm files left: " + files);
    }
}
