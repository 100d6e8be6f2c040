package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.examples.FT;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;

/**
 * NAS FT over MPI (jmpi.examples.FT) verifies against NPB's checksums: classes S and W as FT on 1, 2
 * and 4 ranks, as FT_T on 1 x 2 and 2 x 2; a broken checksum fails the job.
 */
@Timeout(300)
class FtTest {
    /** Runs FT in a threads job and returns rank 0's report; fails the test unless the job ends with {@code exit}. */
    private static String run(int np, int expectedExit, String... args) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        JobResult r;
        synchronized (System.class) {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            try {
                r = MultiRank.run(np, FT.class, Duration.ofSeconds(240), args);
            } finally {
                System.setOut(saved);
            }
        }
        String out = buf.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, r.exitCode(), "FT " + String.join(" ", args) + " on " + np + " ranks:\n"
                + r.describe() + out);
        return out;
    }

    @ParameterizedTest(name = "class {0} on {1} ranks x {2} threads")
    @CsvSource({"S, 1, 1", "S, 2, 1", "S, 4, 1", "W, 1, 1", "W, 2, 1", "W, 4, 1", "S, 1, 2", "S, 2, 2", "W, 1, 2",
            "W, 2, 2", "S, 3, 1"})
    void verifies(String cls, int ranks, int threads) {
        String out = run(ranks, 0, "--class", cls, "--threads", Integer.toString(threads));
        assertTrue(out.contains("Verification    =               SUCCESSFUL"), out);
        assertTrue(out.contains("Total processes = " + String.format("%24d", ranks)), out);
    }

    @Test
    void aWrongChecksumFailsTheJob() {
        System.setProperty("jmpi.ft.perturb", "1e-9");
        try {
            String out = run(2, 1, "--class", "S");
            assertTrue(out.contains("UNSUCCESSFUL"), out);
        } finally {
            System.clearProperty("jmpi.ft.perturb");
        }
    }
}
