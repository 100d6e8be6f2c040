package jmpitest.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jmpi.junit.MpiTestFailedError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/** Runs the classes of {@link Examples} through the Jupiter engine and checks what {@code @MpiTest} reported. */
@Timeout(120)
class MpiTestExtensionTest {
    private static EngineExecutionResults run(Class<?> testClass) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute();
    }

    /** Runs {@code testClass}, expects one test that failed, and returns what it threw. */
    private static Throwable onlyFailure(Class<?> testClass) {
        EngineExecutionResults results = run(testClass);
        results.testEvents().assertStatistics(s -> s.started(1).succeeded(0).failed(1));
        Event failed = results.testEvents().failed().list().getFirst();
        return failed.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }

    @Test
    void aPassingBodyRunsOnEveryRankWithItsOwnInstanceLifecycleAndStatics() {
        for (int r = 0; r < 4; r++) {
            System.clearProperty("jmpitest.junit.afterEach." + r);
        }
        // Passes only if JUnit's own instance got no @BeforeEach call: Passing.setUp uses MPI, which is initialized
        // in the ranks only.
        EngineExecutionResults results = run(Examples.Passing.class);
        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
        Map<String, String> published = results.allEvents().reportingEntryPublished().stream()
                .map(e -> e.getRequiredPayload(ReportEntry.class).getKeyValuePairs())
                .flatMap(m -> m.entrySet().stream())
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        assertEquals(Map.of("rank0", "sum 10", "rank1", "sum 10", "rank2", "sum 10", "rank3", "sum 10"), published,
                "every rank ran the body with the TestReporter JUnit resolved");
        for (int r = 0; r < 4; r++) {
            assertEquals("ran", System.getProperty("jmpitest.junit.afterEach." + r), "@AfterEach of rank " + r);
        }
    }

    @Test
    void aFailureOnOneRankNamesThatRankWithItsExceptionAsCause() {
        Throwable t = onlyFailure(Examples.FailsOnRankTwo.class);
        MpiTestFailedError e = assertInstanceOf(MpiTestFailedError.class, t);
        assertEquals(List.of(2), e.failedRanks(), e.getMessage());
        assertTrue(e.getMessage().startsWith("FailsOnRankTwo.rankTwoDisagrees() on 4 ranks failed:\n  rank 2: threw "
                + "org.opentest4j.AssertionFailedError: rank 2's own check"), e.getMessage());
        assertEquals(2, e.getMessage().lines().count(), "only rank 2 is reported: " + e.getMessage());
        assertInstanceOf(org.opentest4j.AssertionFailedError.class, e.getCause());
        assertTrue(e.getCause().getMessage().startsWith("rank 2's own check"), e.getCause().getMessage());
        assertEquals(0, e.getSuppressed().length);
        assertTrue(!e.timedOut());
    }

    @Test
    void anExceptionOnEveryRankReportsEachRankFirstAsCauseOthersSuppressed() {
        Throwable t = onlyFailure(Examples.ThrowsOnAllRanks.class);
        MpiTestFailedError e = assertInstanceOf(MpiTestFailedError.class, t);
        assertEquals(List.of(0, 1, 2, 3), e.failedRanks().stream().sorted().toList(), e.getMessage());
        List<Throwable> all = new java.util.ArrayList<>();
        all.add(e.getCause());
        all.addAll(Arrays.asList(e.getSuppressed()));
        assertEquals(4, all.size());
        for (int i = 0; i < 4; i++) {
            int rank = e.failedRanks().get(i);
            assertInstanceOf(IllegalStateException.class, all.get(i));
            assertEquals("boom on rank " + rank, all.get(i).getMessage(), "the i-th exception is the i-th failed rank's");
            assertTrue(e.getMessage().contains("\n  rank " + rank + ": threw java.lang.IllegalStateException: boom on rank "
                    + rank), e.getMessage());
        }
    }

    @Test
    void aRankWaitingForeverEndsTheTestAtTheTimeoutNamingThatRankAndWhereItWaited() {
        long start = System.nanoTime();
        Throwable t = onlyFailure(Examples.HangsInRecv.class);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        MpiTestFailedError e = assertInstanceOf(MpiTestFailedError.class, t);
        assertTrue(e.timedOut());
        assertTrue(e.stuckRanks().contains(1), e.getMessage());
        assertTrue(e.getMessage().startsWith("HangsInRecv.rankOneWaitsForever() on 3 ranks timed out after 2 s:"), e.getMessage());
        assertTrue(e.getMessage().contains("\n  rank 1 was in the test body (stopped when the job timed out)"), e.getMessage());
        assertTrue(took.compareTo(Duration.ofSeconds(2)) >= 0 && took.compareTo(Duration.ofSeconds(10)) < 0, "took " + took);
        assertTrue(!e.getMessage().contains("jmpi-rank-"), "ThreadsJob's own line is left out: " + e.getMessage());
        // the cause is rank 1's (the others wait for it in MPI.Finalize): its stack trace shows the Recv it waited in
        Throwable one = e.getCause();
        assertInstanceOf(MpiTestFailedError.StuckRank.class, one);
        assertEquals("rank 1 was in the test body (stopped when the job timed out)", one.getMessage());
        assertTrue(Arrays.stream(one.getStackTrace()).anyMatch(f -> f.getMethodName().equals("rankOneWaitsForever")),
                Arrays.toString(one.getStackTrace()));
        assertTrue(Arrays.stream(one.getStackTrace()).anyMatch(f -> f.getClassName().equals("mpi.Comm")
                && f.getMethodName().equals("Recv")), Arrays.toString(one.getStackTrace()));
    }

    @Test
    void aRankThatIgnoresTheAbortIsReportedAsStillRunning() {
        Throwable t = onlyFailure(Examples.HangsOutsideMpi.class);
        MpiTestFailedError e = assertInstanceOf(MpiTestFailedError.class, t);
        assertTrue(e.timedOut());
        assertEquals(List.of(0, 1), e.stuckRanks(), e.getMessage());
        // rank 0 waited in MPI.Finalize for rank 1 and was woken by the abort; rank 1 never sees it
        assertTrue(e.getMessage().contains("\n  rank 0 was in MPI.Finalize (stopped when the job timed out)"), e.getMessage());
        assertTrue(e.getMessage().contains("\n  rank 1 was in the test body and is still running"), e.getMessage());
        Throwable one = e.getCause(); // rank 1 first: rank 0 only waited for it in MPI.Finalize
        assertTrue(one.getMessage().startsWith("rank 1 "), one.getMessage());
        assertTrue(e.getSuppressed()[0].getMessage().startsWith("rank 0 "), e.getSuppressed()[0].getMessage());
        assertTrue(Arrays.stream(one.getStackTrace()).anyMatch(f -> f.getMethodName().equals("rankOneSleeps")),
                Arrays.toString(one.getStackTrace()));
    }

    @Test
    void ranksBelowOneAreAConfigurationError() {
        for (Class<?> c : List.of(Examples.ZeroRanks.class, Examples.NegativeRanks.class)) {
            Throwable t = onlyFailure(c);
            assertInstanceOf(ExtensionConfigurationException.class, t);
            assertTrue(t.getMessage().matches("@MpiTest\\(ranks = (0|-3)\\) on \\w+\\.\\w+\\(\\): ranks must be at least 1"),
                    t.getMessage());
        }
    }

    @Test
    void aNestedClassGetsItsEnclosingInstanceAndBothSetUpsInEveryRank() {
        EngineExecutionResults results = run(Examples.Outer.class);
        results.testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
    }

    @Test
    void aTempDirParameterReachesEveryRank() {
        run(Examples.SharesTempDir.class).testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
    }

    @Test
    void aParameterOfTheTestsOwnClassesIsRefusedByEveryRank() {
        MpiTestFailedError e = assertInstanceOf(MpiTestFailedError.class, onlyFailure(Examples.TakesAThing.class));
        assertEquals(List.of(0, 1), e.failedRanks().stream().sorted().toList(), e.getMessage());
        assertTrue(e.getCause().getMessage().startsWith("parameter 0 (jmpitest.junit.Examples$Thing) of takes cannot be"
                + " passed into the ranks: each rank has its own copy of that class"), e.getCause().getMessage());
    }

    @Test
    void aBodyMayFinalizeItself() {
        run(Examples.FinalizesItself.class).testEvents().assertStatistics(s -> s.started(1).succeeded(1).failed(0));
    }
}
