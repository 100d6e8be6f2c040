package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * 10^5 messages of random sizes (0 B to 1 MiB), tags and ANY_SOURCE receives among 8 rank processes:
 * 50 rounds of 2000, every payload checksummed and every (source, tag) order checked
 * ({@code jmpi.conformance.StressTest.RandomTraffic}).
 */
@Timeout(600)
class ProcessStressTest {
    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    static void stress(String transport) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(8, List.of(), "jmpi.conformance.StressTest$RandomTraffic",
                List.of("50", "2000", Integer.toString(1 << 20)), true, Duration.ofSeconds(480), Duration.ofSeconds(5));
        JobResult r = new ProcessJob(spec, transport).jvmOptions(List.of("-Xshare:auto", "-Xmx512m"))
                .output(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        assertEquals(0, r.exitCode(), r.describe() + err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void hundredThousandMessagesOverTcp() {
        stress("tcp");
    }

    @Test
    void hundredThousandMessagesOverShm() {
        stress("shm");
    }
}
