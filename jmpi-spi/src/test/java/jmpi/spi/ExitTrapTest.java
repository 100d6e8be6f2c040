package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link ExitTrap} inside a rank (found through the thread's context class loader, as for JDK code
 * running a rank's method reference) and {@link RankExit}. Outside a rank ExitTrap ends the JVM, which
 * a test cannot observe. Single-threaded: each test sets and restores its own thread's context loader.
 */
class ExitTrapTest {
    /** A rank's loader as the launcher makes one, with a job that records failures. */
    private static final class Rank extends ClassLoader implements RankScope, RankEnv, JobControl {
        final List<String> failures = new ArrayList<>();

        Rank() {
            super(ExitTrapTest.class.getClassLoader());
        }

        @Override
        public RankEnv rankEnv() {
            return this;
        }

        @Override
        public int rank() {
            return 5;
        }

        @Override
        public int size() {
            return 8;
        }

        @Override
        public Endpoint endpoint() {
            throw new UnsupportedOperationException("ExitTrap needs no endpoint");
        }

        @Override
        public JobControl job() {
            return this;
        }

        @Override
        public int localRanks() {
            return 8;
        }

        @Override
        public String[] args() {
            return new String[0];
        }

        @Override
        public String mainClass() {
            return null;
        }

        @Override
        public boolean aborted() {
            return !failures.isEmpty();
        }

        @Override
        public String abortReason() {
            return failures.isEmpty() ? null : failures.get(0);
        }

        @Override
        public void fail(int rank, int exitCode, String why, Throwable cause) {
            assertNull(cause);
            failures.add(rank + ":" + exitCode + ":" + why);
        }
    }

    private static <T extends Throwable> T inRank(Rank rank, Class<T> type, org.junit.jupiter.api.function.Executable e) {
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(rank);
        try {
            return assertThrows(type, e);
        } finally {
            t.setContextClassLoader(before);
        }
    }

    @Test
    void aNonZeroExitFailsTheJobNamingRankCodeAndCaller() {
        Rank rank = new Rank();
        RankExit exit = inRank(rank, RankExit.class, () -> ExitTrap.exit(3));
        assertEquals(5, exit.rank());
        assertEquals(3, exit.status());
        assertEquals("rank 5 exited with status 3", exit.getMessage());
        assertEquals(List.of("5:3:called System.exit(3) in " + ExitTrapTest.class.getName()), rank.failures);
    }

    @Test
    void exitZeroEndsOnlyTheRankWithoutFailingTheJob() {
        Rank rank = new Rank();
        RankExit exit = inRank(rank, RankExit.class, () -> ExitTrap.exit(0));
        assertEquals(0, exit.status());
        assertTrue(rank.failures.isEmpty(), rank.failures::toString);
    }

    @Test
    void runtimeExitAndHaltAreTrappedTheSameWay() {
        Rank rank = new Rank();
        RankExit exit = inRank(rank, RankExit.class, () -> ExitTrap.runtimeExit(Runtime.getRuntime(), 2));
        assertEquals(2, exit.status());
        assertEquals(List.of("5:2:called Runtime.exit/halt(2) in " + ExitTrapTest.class.getName()), rank.failures);
        RankExit zero = inRank(rank, RankExit.class, () -> ExitTrap.runtimeExit(Runtime.getRuntime(), 0));
        assertEquals(0, zero.status());
        assertEquals(1, rank.failures.size(), "exit 0 fails nothing");
    }

    @Test
    void rankExitIsAnErrorWithoutStackSoCatchExceptionDoesNotStopIt() {
        RankExit e = new RankExit(1, 4);
        assertTrue(e instanceof Error);
        assertEquals(0, e.getStackTrace().length, "not writable: no stack trace is filled");
        e.addSuppressed(new RuntimeException());
        assertEquals(0, e.getSuppressed().length, "suppression disabled");
        assertNull(e.getCause());
    }
}
