package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;

import jmpi.coll.Coll;
import jmpi.coll.Problem;
import jmpi.coll.Selection;
import jmpi.core.CoreComm;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every collective call runs the built-in table's choice for its own arguments, also when consecutive calls differ in
 * count, communicator (another size) or commutativity: the chooser remembers its last answer, and a stale one would
 * run an algorithm the table does not choose for the call, maybe one that cannot run it. Each call's algorithm is read
 * from {@link Coll#counts} (exactly one run more, of the table's choice); every result is checked.
 */
@Timeout(180)
class TableChoiceTest {
    /** Sizes that cross the table's thresholds in both directions, repeats among them. */
    private static final int[] COUNTS = {1, 100, 1, 1, 10_000, 100, 100_000, 1, 1000, 1000, 3, 100_000, 0, 8};

    /** "The left operand": associative, not commutative; a reduction in rank order gives the lowest rank's value. */
    static final class Left extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            System.arraycopy(invec, inoffset, inoutvec, inoutoffset, count);
        }
    }

    public static class Alternating {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            Intracomm half = w.Split(w.Rank() % 2, w.Rank());
            Op left = new Op(new Left(), false);
            Selection table = Selection.defaults();
            for (int round = 0; round < 2; round++) {
                for (int i = 0; i < COUNTS.length; i++) {
                    Intracomm c = i % 3 == 2 ? half : w;
                    int n = COUNTS[i];
                    String at = "call " + i + " of round " + round + " (" + n + " doubles on " + c.Size() + " ranks)";
                    bcast(c, table, n, i, at);
                    allreduce(c, table, n, i, MPI.SUM, at);
                    allreduce(c, table, n, i, left, at + ", not commutative");
                }
            }
            MPI.Finalize();
        }

        private static void bcast(Intracomm c, Selection table, int n, int salt, String at) {
            int root = salt % c.Size();
            double[] b = new double[n];
            if (c.Rank() == root) {
                for (int k = 0; k < n; k++) {
                    b[k] = k + salt;
                }
            }
            String expected = expected(c, table, "bcast", n, true);
            Map<String, Long> before = Coll.counts(ClustersTest.Body.core(c).engine());
            c.Bcast(b, 0, n, MPI.DOUBLE, root);
            ran(c, before, "bcast", expected, at);
            for (int k = 0; k < n; k++) {
                Expect.equal((Object) (double) (k + salt), b[k], "element " + k + " of the bcast at " + at);
            }
        }

        private static void allreduce(Intracomm c, Selection table, int n, int salt, Op op, String at) {
            double[] s = new double[n];
            double[] r = new double[n];
            int me = c.Rank();
            for (int k = 0; k < n; k++) {
                s[k] = (me + 1) * 1000.0 + k + salt;
            }
            boolean commutative = op == MPI.SUM;
            String expected = expected(c, table, "allreduce", n, commutative);
            Map<String, Long> before = Coll.counts(ClustersTest.Body.core(c).engine());
            c.Allreduce(s, 0, r, 0, n, MPI.DOUBLE, op);
            ran(c, before, "allreduce", expected, at);
            int p = c.Size();
            for (int k = 0; k < n; k++) {
                double want = commutative ? 1000.0 * p * (p + 1) / 2 + (double) p * (k + salt) : 1000.0 + k + salt;
                Expect.equal((Object) want, r[k], "element " + k + " of the allreduce at " + at);
            }
        }

        /** The table's choice for {@code n} doubles on {@code c}, as the collectives see the call on threads. */
        private static String expected(Intracomm c, Selection table, String collective, int n, boolean commutative) {
            CoreComm core = ClustersTest.Body.core(c);
            Problem p = new Problem(c.Size(), 8L * n, n, commutative, true, Coll.nodes(core));
            return table.choose(collective, "jvm", p).name();
        }

        /** Exactly one run more of {@code collective}, and it was {@code expected}. */
        private static void ran(Intracomm c, Map<String, Long> before, String collective, String expected, String at) {
            Map<String, Long> after = Coll.counts(ClustersTest.Body.core(c).engine());
            long runs = 0;
            for (Map.Entry<String, Long> e : after.entrySet()) {
                if (e.getKey().startsWith(collective + ".")) {
                    runs += e.getValue() - before.getOrDefault(e.getKey(), 0L);
                }
            }
            String key = collective + "." + expected;
            Expect.equal(1, runs, collective + " runs at " + at);
            Expect.equal(1, after.getOrDefault(key, 0L) - before.getOrDefault(key, 0L),
                    "runs of " + key + " (the table's choice) at " + at);
        }
    }

    @Test
    void eachCallRunsTheTablesChoiceForItsOwnArguments() {
        for (int np : new int[] {2, 4}) {
            JobResult r = MultiRank.run(np, Alternating.class, Duration.ofSeconds(120));
            assertEquals(0, r.exitCode(), "alternating collective calls on " + np + " ranks:\n" + r.describe());
        }
    }
}
