package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.MPI;

/**
 * An erroneous program: a collective that only some ranks call. A small broadcast's root may return at
 * once, and the others, never reading it, would go on with stale data and end well; Finalize compares the
 * number of collective calls each rank made on COMM_WORLD and fails the job instead.
 */
@Timeout(60)
class UnequalCollectiveCallsTest {
    public static class RootOnlyBcast {
        public static void main(String[] args) {
            MPI.Init(args);
            double[] x = new double[10];
            MPI.COMM_WORLD.Barrier();
            if (MPI.COMM_WORLD.Rank() == 0) {
                MPI.COMM_WORLD.Bcast(x, 0, x.length, MPI.DOUBLE, 0);
            }
            MPI.Finalize();
        }
    }

    public static class EqualCalls {
        public static void main(String[] args) {
            MPI.Init(args);
            double[] x = new double[10];
            for (int i = 0; i < 5; i++) {
                MPI.COMM_WORLD.Bcast(x, 0, x.length, MPI.DOUBLE, i % MPI.COMM_WORLD.Size());
                MPI.COMM_WORLD.Allreduce(x, 0, x, 0, x.length, MPI.DOUBLE, MPI.SUM);
            }
            MPI.Finalize();
        }
    }

    @Test
    void aCollectiveOnlyTheRootCalledFailsAtFinalize() {
        for (int np : new int[] {2, 3, 5}) {
            JobResult r = MultiRank.run(np, RootOnlyBcast.class, Duration.ofSeconds(30));
            assertEquals(MPI.ERR_OTHER, r.exitCode(), r.describe());
            assertTrue(r.describe().contains("different numbers of collective calls")
                    && r.describe().contains("rank 0: 2, rank 1: 1"), r.describe());
        }
    }

    @Test
    void equalCallsFinalizeWell() {
        for (int np : new int[] {1, 2, 3}) {
            MultiRank.runOk(np, EqualCalls.class, Duration.ofSeconds(30));
        }
    }
}
