package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.function.IntConsumer;
import java.util.function.ObjIntConsumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.MPI;

/**
 * Exits reached through method references ({@code System::exit}, {@code Runtime::halt}) end only the
 * rank, like direct calls. (Were they not rewritten, they would end the test JVM.)
 */
@Timeout(60)
class ExitReferenceTest {
    public static class ExitByReference {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                IntConsumer exit = System::exit;
                exit.accept(7);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0); // woken by the failure
            MPI.Finalize();
        }
    }

    public static class HaltByReference {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 0) {
                ObjIntConsumer<Runtime> halt = Runtime::halt;
                halt.accept(Runtime.getRuntime(), 8);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 0, 0);
            MPI.Finalize();
        }
    }

    public static class BoundExitByReference {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                IntConsumer exit = Runtime.getRuntime()::exit;
                exit.accept(9);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    /** The reference is invoked by JDK code (a stream), so the direct caller of the exit is no rank class. */
    public static class ExitFromJdkCode {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                java.util.stream.IntStream.of(11).forEach(System::exit);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    @Test
    void systemExitByReferenceCalledFromJdkCode() {
        JobResult r = MultiRank.run(2, ExitFromJdkCode.class, Duration.ofSeconds(20));
        assertEquals(11, r.exitCode(), r.describe());
        assertEquals(1, r.failures().getFirst().rank(), r.describe());
    }

    @Test
    void systemExitByReference() {
        JobResult r = MultiRank.run(2, ExitByReference.class, Duration.ofSeconds(20));
        assertEquals(7, r.exitCode(), r.describe());
        assertEquals(1, r.failures().getFirst().rank(), r.describe());
    }

    @Test
    void runtimeHaltByUnboundReference() {
        JobResult r = MultiRank.run(2, HaltByReference.class, Duration.ofSeconds(20));
        assertEquals(8, r.exitCode(), r.describe());
        assertEquals(0, r.failures().getFirst().rank(), r.describe());
    }

    @Test
    void runtimeExitByBoundReference() {
        JobResult r = MultiRank.run(2, BoundExitByReference.class, Duration.ofSeconds(20));
        assertEquals(9, r.exitCode(), r.describe());
        assertEquals(1, r.failures().getFirst().rank(), r.describe());
    }
}
