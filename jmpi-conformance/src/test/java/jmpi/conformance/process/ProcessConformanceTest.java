package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.conformance.ConformanceBodies;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * The point-to-point conformance bodies with every rank a JVM of its own, over each transport for
 * separate processes (the same bodies run in one JVM in the other conformance tests).
 */
@Timeout(600)
class ProcessConformanceTest {
    static Stream<ConformanceBodies.Body> bodies() {
        return ConformanceBodies.POINT_TO_POINT.stream();
    }

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static void run(ConformanceBodies.Body b, String transport) {
        run(b, transport, 1);
    }

    private static void run(ConformanceBodies.Body b, String transport, int ranksPerJvm) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(b.np(), List.of(), b.body().getName(), List.of(), true, Duration.ofSeconds(90),
                Duration.ofSeconds(5));
        JobResult r = new ProcessJob(spec, transport).ranksPerJvm(ranksPerJvm)
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        assertEquals(0, r.exitCode(), b + " over " + transport + " with " + ranksPerJvm + " ranks per JVM:\n" + r.describe() + err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void overTcp(ConformanceBodies.Body b) {
        run(b, "tcp");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void overShm(ConformanceBodies.Body b) {
        run(b, "shm");
    }

    /** Mixed: two ranks per JVM (threads between them), shm between JVMs, in one job. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void threadsAndShmMixed(ConformanceBodies.Body b) {
        run(b, "auto", 2);
    }

    /** Mixed: two ranks per JVM (threads between them), tcp between JVMs. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("bodies")
    void threadsAndTcpMixed(ConformanceBodies.Body b) {
        run(b, "tcp", 2);
    }
}
