package jmpi.conformance.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

import jmpi.conformance.nativempi.NativeLaunch.Library;
import jmpi.examples.FT;

/**
 * NAS FT ({@link FT}: a global transpose per step is one {@code Alltoallv}, checksums one {@code Allreduce})
 * over the native transport, verified against NPB's checksums: every rank a JVM started by the library's
 * launcher, Open MPI and MPICH in turn; classes S and W on 2 and 4 ranks, and FT_T (2 ranks x 2 threads,
 * {@code THREAD_FUNNELED}). A checksum made wrong on purpose ({@code jmpi.ft.perturb}) must end the job
 * non-zero. Skipped per library where its launcher is not installed. Threads: JUnit's, one job at a time.
 */
@Timeout(600)
class NativeFtTest {
    private static final Duration JOB_TIMEOUT = Duration.ofSeconds(180);
    private static final String SUCCESSFUL = "Verification    =               SUCCESSFUL";

    @ParameterizedTest(name = "{0}: class {1} on {2} ranks x {3} threads")
    @CsvSource({"OPEN_MPI, S, 2, 1", "OPEN_MPI, S, 4, 1", "OPEN_MPI, S, 2, 2", "OPEN_MPI, W, 2, 1",
            "MPICH, S, 2, 1", "MPICH, S, 4, 1", "MPICH, S, 2, 2", "MPICH, W, 2, 1"})
    void verifies(Library lib, String cls, int ranks, int threads) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        NativeLaunch.Result r = NativeLaunch.run(lib, ranks, FT.class.getName(), List.of(),
                List.of("--class", cls, "--threads", Integer.toString(threads)), JOB_TIMEOUT);
        String what = "FT class " + cls + " on " + ranks + " x " + threads + " over " + lib + ": ";
        assertEquals(0, r.exitCode(), what + r.describe());
        assertTrue(r.output().contains(SUCCESSFUL), what + r.describe());
        assertTrue(r.output().contains("Total processes = " + String.format("%24d", ranks)), what + r.describe());
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Library.class)
    void aWrongChecksumFailsTheJob(Library lib) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        NativeLaunch.Result r = NativeLaunch.run(lib, 2, FT.class.getName(), List.of("-Djmpi.ft.perturb=1e-9"),
                List.of("--class", "S"), JOB_TIMEOUT);
        String what = "FT with a perturbed checksum over " + lib + ": ";
        assertTrue(!r.timedOut() && r.exitCode() != 0, what + r.describe());
        assertTrue(r.output().contains("UNSUCCESSFUL"), what + r.describe());
    }
}
