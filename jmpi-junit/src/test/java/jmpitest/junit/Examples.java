package jmpitest.junit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import jmpi.junit.MpiTest;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test classes that {@link MpiTestExtensionTest} runs through JUnit's EngineTestKit and whose outcomes it checks;
 * several fail on purpose. Surefire does not run them itself (they are nested classes, which its default
 * excludes leave out, and JUnit runs a static nested class only when it is selected).
 */
final class Examples {
    private Examples() {
    }

    /** A passing 4-rank test: a ring, an Allreduce, per-rank statics, lifecycle methods in the ranks, parameters. */
    static class Passing {
        /** Per rank: every rank's copy of this class starts at 0. */
        static int instancesInThisRank;
        int rank;
        int size;

        Passing() {
            instancesInThisRank++;
        }

        @BeforeEach
        void setUp() throws MPIException {
            rank = MPI.COMM_WORLD.Rank(); // MPI is initialized before @BeforeEach
            size = MPI.COMM_WORLD.Size();
        }

        @AfterEach
        void tearDown() {
            System.setProperty("jmpitest.junit.afterEach." + rank, "ran");
        }

        @MpiTest(ranks = 4, timeoutSeconds = 30, args = {"-alpha", "beta"})
        void ringAndAllreduce(String[] args, TestReporter reporter) throws MPIException {
            assertEquals(1, instancesInThisRank, "statics are per rank");
            assertEquals(4, size);
            assertArrayEquals(new String[] {"-alpha", "beta"}, args);
            int[] token = {rank == 0 ? 100 : -1};
            if (rank == 0) {
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, 1, 7);
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 7);
                assertEquals(100 + size - 1, token[0]);
            } else {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 7);
                token[0]++;
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 7);
            }
            int[] sum = new int[1];
            MPI.COMM_WORLD.Allreduce(new int[] {rank + 1}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            assertEquals(10, sum[0]);
            reporter.publishEntry("rank" + rank, "sum " + sum[0]);
        }
    }

    /** JUnit's @TempDir (a JDK type, so shared with the ranks): one directory that every rank sees. */
    static class SharesTempDir {
        @MpiTest(ranks = 3, timeoutSeconds = 30)
        void everyRankWritesOneFile(@TempDir Path dir) throws Exception {
            int rank = MPI.COMM_WORLD.Rank();
            Files.writeString(dir.resolve("rank-" + rank), "hello");
            MPI.COMM_WORLD.Barrier();
            for (int r = 0; r < 3; r++) {
                assertEquals("hello", Files.readString(dir.resolve("rank-" + r)), "rank " + rank + " reads rank " + r);
            }
        }
    }

    /** A class of the test's own: every rank has its own copy of it. */
    record Thing(int n) {
    }

    static class ThingResolver implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
            return p.getParameter().getType() == Thing.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext e) {
            return new Thing(7);
        }
    }

    /** JUnit resolves a Thing in its class loader; the ranks' method takes their own Thing: refused, clearly. */
    @ExtendWith(ThingResolver.class)
    static class TakesAThing {
        @MpiTest(ranks = 2, timeoutSeconds = 30)
        void takes(Thing thing) {
        }
    }

    /** Rank 2 fails an assertion; the others wait in a Barrier that rank 2 never reaches. */
    static class FailsOnRankTwo {
        @MpiTest(ranks = 4, timeoutSeconds = 30)
        void rankTwoDisagrees() throws MPIException {
            int rank = MPI.COMM_WORLD.Rank();
            assertEquals(0, rank == 2 ? 1 : 0, "rank 2's own check");
            MPI.COMM_WORLD.Barrier();
        }
    }

    /** Every rank throws its own exception. */
    static class ThrowsOnAllRanks {
        @MpiTest(ranks = 4, timeoutSeconds = 30)
        void everyRankThrows() throws MPIException {
            throw new IllegalStateException("boom on rank " + MPI.COMM_WORLD.Rank());
        }
    }

    /** Rank 1 waits for a message nobody sends; the others finish. */
    static class HangsInRecv {
        @MpiTest(ranks = 3, timeoutSeconds = 2)
        void rankOneWaitsForever() throws MPIException {
            if (MPI.COMM_WORLD.Rank() == 1) {
                MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 99);
            }
        }
    }

    /** Rank 1 sleeps, outside MPI, past the timeout and the grace period. */
    static class HangsOutsideMpi {
        @MpiTest(ranks = 2, timeoutSeconds = 1)
        void rankOneSleeps() throws MPIException, InterruptedException {
            if (MPI.COMM_WORLD.Rank() == 1) {
                TimeUnit.SECONDS.sleep(20); // ends on its own after the test, so the abandoned thread does not linger
            }
        }
    }

    static class ZeroRanks {
        @MpiTest(ranks = 0)
        void zero() {
        }
    }

    static class NegativeRanks {
        @MpiTest(ranks = -3)
        void negative() {
        }
    }

    /** A package-private class with a @Nested inner class: the outer @BeforeEach runs first in every rank. */
    static class Outer {
        String trail = "";

        @BeforeEach
        void outerSetUp() {
            trail += "outer ";
        }

        @Nested
        class Inner {
            @BeforeEach
            void innerSetUp() {
                trail += "inner ";
            }

            @MpiTest(ranks = 2, timeoutSeconds = 30)
            void seesBothSetUps() throws MPIException {
                assertEquals("outer inner ", trail);
                int[] max = new int[1];
                MPI.COMM_WORLD.Allreduce(new int[] {MPI.COMM_WORLD.Rank()}, 0, max, 0, 1, MPI.INT, MPI.MAX);
                assertEquals(1, max[0]);
            }
        }
    }

    /** A body that calls MPI.Finalize itself is allowed; the extension then does not finalize again. */
    static class FinalizesItself {
        @MpiTest(ranks = 2, timeoutSeconds = 30)
        void finalizes() throws MPIException {
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }
}
