package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;

import jmpi.coll.Coll;
import jmpi.core.CoreComm;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link Coll#rereadForced}: a job that changes {@code -Djmpi.coll.allreduce} between barriers runs the new algorithm
 * from its next call (counted per algorithm by {@link Coll#counts}), back to the table's choice when the property is
 * cleared, and a bad name fails the next call with {@code ERR_ARG}; every result is checked. What the benchmarks'
 * {@code CollSweep --menu true} relies on to compare the algorithms of a menu in one job.
 */
@Timeout(120)
class ForcedAlgorithmSwitchTest {
    private static final String PROPERTY = "jmpi.coll.allreduce";

    public static class Switch {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            CoreComm core = ClustersTest.Body.core(w);
            int p = w.Size();
            String[] order = {"ring", "reduce_bcast", "binary", "ring"};
            for (String alg : order) {
                force(w, alg);
                Map<String, Long> before = Coll.counts(core.engine());
                for (int i = 0; i < 5; i++) {
                    check(w, p, i, alg);
                }
                Map<String, Long> after = Coll.counts(core.engine());
                Expect.equal(5, delta(after, before, "allreduce." + alg), "allreduce." + alg + " runs after forcing it");
                Expect.equal(5, total(after) - total(before), "allreduce runs in all after forcing " + alg);
            }
            force(w, null);
            Map<String, Long> before = Coll.counts(core.engine());
            check(w, p, 7, "the table's choice");
            Expect.equal(0, delta(Coll.counts(core.engine()), before, "allreduce.ring"),
                    "allreduce.ring runs once the property is cleared (the table's choice is never ring here)");
            w.Errhandler_set(MPI.ERRORS_RETURN);
            force(w, "no_such_algorithm");
            Expect.error(MPI.ERR_ARG, "an allreduce forced to an unknown algorithm",
                    () -> w.Allreduce(new int[1], 0, new int[1], 0, 1, MPI.INT, MPI.SUM));
            force(w, null);
            check(w, p, 9, "the table's choice after an error");
            MPI.Finalize();
        }

        private static void force(Intracomm w, String algorithm) {
            w.Barrier();
            if (algorithm == null) {
                System.clearProperty(PROPERTY);
            } else {
                System.setProperty(PROPERTY, algorithm);
            }
            Coll.rereadForced();
            w.Barrier();
        }

        private static void check(Intracomm w, int p, int salt, String what) {
            int n = 1000;
            long[] s = new long[n];
            long[] r = new long[n];
            int me = w.Rank();
            for (int i = 0; i < n; i++) {
                s[i] = (long) (me + 1) * (i + salt);
            }
            w.Allreduce(s, 0, r, 0, n, MPI.LONG, MPI.SUM);
            long ranks = (long) p * (p + 1) / 2;
            for (int i = 0; i < n; i++) {
                Expect.equal(ranks * (i + salt), r[i], "element " + i + " of an allreduce by " + what);
            }
        }

        private static long delta(Map<String, Long> after, Map<String, Long> before, String key) {
            return after.getOrDefault(key, 0L) - before.getOrDefault(key, 0L);
        }

        private static long total(Map<String, Long> counts) {
            long t = 0;
            for (Map.Entry<String, Long> e : counts.entrySet()) {
                if (e.getKey().startsWith("allreduce.")) {
                    t += e.getValue();
                }
            }
            return t;
        }
    }

    @Test
    void theNextCallRunsTheNewlyForcedAlgorithm() {
        try {
            for (int np : new int[] {2, 3}) {
                JobResult r = MultiRank.run(np, Switch.class, Duration.ofSeconds(60));
                assertEquals(0, r.exitCode(), "switching forced allreduce algorithms on " + np + " ranks:\n" + r.describe());
            }
        } finally {
            System.clearProperty(PROPERTY);
        }
    }
}
