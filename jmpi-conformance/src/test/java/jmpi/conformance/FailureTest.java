package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/** A failing rank ends the whole job quickly, with a non-zero exit code and its name. */
@Timeout(120)
class FailureTest {
    private static final Duration T = Duration.ofSeconds(30);

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The other ranks block in every kind of wait while the failing rank (args[1]) does args[0]. */
    public static class FailWhileOthersWait {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int victim = Integer.parseInt(own[1]);
            if (me == victim) {
                sleep(200); // let the others block first
                switch (own[0]) {
                    case "throw" -> throw new IllegalStateException("boom from rank " + me);
                    case "return" -> {
                        return; // without Finalize
                    }
                    case "exit5" -> Runtime.getRuntime().exit(5);
                    case "halt6" -> Runtime.getRuntime().halt(6);
                    case "exit0" -> System.exit(0); // without Finalize
                    case "abort9" -> w.Abort(9);
                    case "abort0" -> MPI.Abort(0);
                    default -> throw new AssertionError("no case " + own[0]);
                }
                throw new AssertionError("still running after " + own[0]);
            }
            switch (me % 4) {
                case 0 -> w.Recv(new int[1], 0, 1, MPI.INT, victim, 0);
                case 1 -> w.Ssend(new double[100_000], 0, 100_000, MPI.DOUBLE, victim, 0);
                case 2 -> w.Probe(MPI.ANY_SOURCE, 5);
                default -> Request.Waitall(new Request[] {w.Irecv(new int[1], 0, 1, MPI.INT, victim, 1)});
            }
            throw new AssertionError("rank " + me + " was not stopped by the failure");
        }
    }

    private static JobResult runTimed(String what, int victim, long maxMs) {
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(5, FailWhileOthersWait.class, T, what, Integer.toString(victim));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(ms < maxMs, what + ": the job took " + ms + " ms to end:\n" + r.describe());
        assertFalse(r.ok(), r.describe());
        assertEquals(victim, r.failures().getFirst().rank(), r.describe());
        assertEquals(1, r.failures().size(), "only the failing rank should be reported:\n" + r.describe());
        return r;
    }

    @Test
    void exceptionInOneRankEndsTheJob() {
        JobResult r = runTimed("throw", 3, 8_000);
        assertEquals(1, r.exitCode(), r.describe());
        JobResult.Failure f = r.failures().getFirst();
        assertTrue(f.why().contains("boom from rank 3"), r.describe());
        assertInstanceOf(IllegalStateException.class, f.cause(), r.describe());
    }

    @Test
    void returningWithoutFinalizeFailsTheJob() {
        JobResult r = runTimed("return", 2, 8_000);
        assertTrue(r.failures().getFirst().why().contains("Finalize"), r.describe());
    }

    @Test
    void exitZeroWithoutFinalizeFailsTheJob() {
        JobResult r = runTimed("exit0", 4, 8_000);
        assertTrue(r.failures().getFirst().why().contains("Finalize"), r.describe());
    }

    @Test
    void runtimeExitGivesItsCode() {
        JobResult r = runTimed("exit5", 1, 8_000);
        assertEquals(5, r.exitCode(), r.describe());
    }

    @Test
    void runtimeHaltGivesItsCode() {
        JobResult r = runTimed("halt6", 0, 8_000);
        assertEquals(6, r.exitCode(), r.describe());
    }

    @Test
    void abortGivesItsCode() {
        JobResult r = runTimed("abort9", 2, 8_000);
        assertEquals(9, r.exitCode(), r.describe());
        assertTrue(r.failures().getFirst().why().contains("Abort"), r.describe());
    }

    @Test
    void abortWithZeroStillFails() {
        JobResult r = runTimed("abort0", 1, 8_000);
        assertEquals(1, r.exitCode(), r.describe());
    }

    /** A rank that returns from main without Finalize while nobody waits for it. */
    public static class ForgetsFinalize {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() != 1) {
                MPI.Finalize();
            }
        }
    }

    @Test
    void forgottenFinalizeAloneFailsTheJob() {
        JobResult r = MultiRank.run(3, ForgetsFinalize.class, T);
        assertFalse(r.ok(), r.describe());
        assertEquals(1, r.failures().getFirst().rank(), r.describe());
    }

    /** Both ranks wait for each other forever. */
    public static class Deadlock {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Recv(new int[1], 0, 1, MPI.INT, 1 - w.Rank(), 0);
            MPI.Finalize();
        }
    }

    @Test
    void deadlockEndsAsATimeoutAndTheRanksUnwind() {
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(2, Deadlock.class, Duration.ofSeconds(2));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(124, r.exitCode(), r.describe());
        assertTrue(r.failures().getFirst().why().contains("timed out"), r.describe());
        assertEquals(1, r.failures().size(), "the woken ranks should not add failures:\n" + r.describe());
        assertTrue(ms < 4_000, "the deadlocked ranks did not unwind promptly after the timeout: " + ms + " ms");
    }
}
