package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** Far more ranks than cores: nothing stalls. */
@Timeout(120)
class OversubscriptionTest {
    /** Every rank exchanges with every other by Isend/Irecv, small (eager) and then large (rendezvous) messages. */
    public static class AllToAll {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            for (int n : new int[] {16, 2_100}) { // 2100 doubles: 16.8 kB, just past the eager limit
                double[] out = new double[n];
                for (int i = 0; i < n; i++) {
                    out[i] = me * 1_000_000 + i;
                }
                double[][] in = new double[p][n];
                Request[] reqs = new Request[2 * p];
                for (int k = 0; k < p; k++) {
                    reqs[k] = w.Irecv(in[k], 0, n, MPI.DOUBLE, k, n);
                }
                for (int k = 1; k <= p; k++) {
                    int dest = (me + k) % p; // staggered so that not everyone hits rank 0 first
                    reqs[p + dest] = w.Isend(out, 0, n, MPI.DOUBLE, dest, n);
                }
                Status[] st = Request.Waitall(reqs);
                for (int k = 0; k < p; k++) {
                    Expect.equal(k, st[k].source, "source");
                    Expect.equal(n, st[k].Get_count(MPI.DOUBLE), "count from " + k);
                    Expect.isTrue(in[k][0] == k * 1_000_000 && in[k][n - 1] == k * 1_000_000 + n - 1,
                            "data from " + k + " of " + n);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void allToAllOn64Ranks() {
        MultiRank.runOk(64, AllToAll.class, Duration.ofSeconds(60));
    }
}
