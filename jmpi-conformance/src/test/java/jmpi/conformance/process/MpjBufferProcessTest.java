package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * MpjBufferTest's mixed-sections body with ranks in separate JVMs: the rank JVMs (ProcessJob) and the
 * rank hosts' per-rank loaders (RankHost) find mpjbuf with the mpi API, and a Buffer crosses shm and tcp.
 */
@Timeout(300)
class MpjBufferProcessTest {
    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    @ParameterizedTest(name = "{0}, {1} ranks per JVM")
    @CsvSource({"shm, 1", "tcp, 2"})
    void mixedSections(String transport, int ranksPerJvm) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String body = "jmpi.conformance.MpjBufferTest$Mixed";
        JobSpec spec = new JobSpec(ranksPerJvm == 1 ? 2 : 4, List.of(), body, List.of(), true, Duration.ofSeconds(90),
                Duration.ofSeconds(5));
        JobResult r = new ProcessJob(spec, transport).ranksPerJvm(ranksPerJvm)
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        assertEquals(0, r.exitCode(), body + " over " + transport + ":\n" + r.describe() + err.toString(StandardCharsets.UTF_8));
    }
}
