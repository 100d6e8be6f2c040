package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.MPI;

@Timeout(120)
class SmokeTest {
    /** Ranks pass a counter round a ring; each checks it received the right value. */
    public static class Ring {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();
            int[] token = new int[1];
            for (int lap = 0; lap < 3; lap++) {
                if (rank == 0) {
                    token[0] = lap * 1000;
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, size - 1, 0);
                    if (token[0] != lap * 1000 + size - 1) {
                        throw new AssertionError("lap " + lap + ": token " + token[0]);
                    }
                } else {
                    MPI.COMM_WORLD.Recv(token, 0, 1, MPI.INT, rank - 1, 0);
                    token[0]++;
                    MPI.COMM_WORLD.Send(token, 0, 1, MPI.INT, (rank + 1) % size, 0);
                }
            }
            MPI.Finalize();
        }
    }

    /** Statics are per rank: each rank sets its own and sees only its own. */
    public static class PerRankStatics {
        static int mine = -1;

        public static void main(String[] args) {
            MPI.Init(args);
            mine = MPI.COMM_WORLD.Rank();
            MPI.COMM_WORLD.Barrier();
            if (mine != MPI.COMM_WORLD.Rank()) {
                throw new AssertionError("static shared between ranks");
            }
            MPI.Finalize();
        }
    }

    public static class ExitThree {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                System.exit(3);
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0); // never satisfied: must be woken by the abort
            MPI.Finalize();
        }
    }

    @Test
    void ring() {
        MultiRank.runOk(4, Ring.class);
    }

    @Test
    void ring64() {
        MultiRank.runOk(64, Ring.class);
    }

    @Test
    void staticsArePerRank() {
        MultiRank.runOk(8, PerRankStatics.class);
    }

    @Test
    void exitInOneRankEndsTheJobWithItsCode() {
        JobResult r = MultiRank.run(3, ExitThree.class, Duration.ofSeconds(30));
        assertEquals(3, r.exitCode(), r.describe());
        assertEquals(1, r.failures().getFirst().rank());
        assertTrue(r.failures().getFirst().why().contains("System.exit(3)"), r.describe());
    }
}
