package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.coll.Coll;
import jmpi.coll.Locality;
import jmpi.coll.Nodes;
import jmpi.core.CoreComm;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;

/**
 * Clusters above hosts (issue 15): communicators whose members are in two clusters or more have locality
 * {@code clusters}, their nodes are the clusters, and the built-in table runs the hierarchical algorithms
 * across the clusters first, then inside each cluster, where a cluster of several (emulated) hosts is
 * hierarchical again by host. Clusters and hosts are emulated on the threads transport with
 * {@code -Djmpi.coll.clusters=K} and {@code -Djmpi.coll.nodes=K}; {@code process.ProcessClustersTest} runs
 * {@link Body} with clusters named in a hostfile. Every result is checked element by element.
 */
@Timeout(900)
class ClustersTest {
    /** The collectives with a hierarchical algorithm: the table's {@code clusters} lines choose it. */
    static final String[] HIERARCHICAL = {"barrier", "bcast", "reduce", "allreduce", "gather", "allgather"};

    /**
     * {@code np} ranks, clusters of {@code clusters} world ranks, nodes of {@code nodes} (0: none, every rank
     * a thread of this JVM): even and uneven clusters, clusters of a non-power-of-two size, a cluster of one
     * rank, clusters of several emulated hosts (uneven too), hosts of one rank.
     */
    @ParameterizedTest(name = "{0} ranks, clusters of {1}, nodes of {2}")
    @CsvSource({"8, 4, 0", "6, 4, 0", "9, 3, 0", "7, 3, 0", "8, 4, 2", "11, 6, 2", "12, 6, 3", "5, 2, 1"})
    @Timeout(300)
    void emulatedClustersByTheTable(int np, int clusters, int nodes) {
        System.setProperty("jmpi.coll.clusters", Integer.toString(clusters));
        if (nodes > 0) {
            System.setProperty("jmpi.coll.nodes", Integer.toString(nodes));
        }
        try {
            String[] c = new String[np];
            String[] h = new String[np];
            for (int r = 0; r < np; r++) {
                c[r] = "c" + r / clusters;
                h[r] = nodes > 0 ? "h" + r / nodes : "this";
            }
            JobResult r = MultiRank.run(np, Body.class, Duration.ofSeconds(240), String.join(",", c), String.join(",", h),
                    "emulated");
            assertEquals(0, r.exitCode(), np + " ranks, clusters of " + clusters + ", nodes of " + nodes + ":\n"
                    + r.describe());
        } finally {
            System.clearProperty("jmpi.coll.clusters");
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    /**
     * Every collective ({@code CollectivesTest.Body}: every root, counts 0 to 30011, the non-commutative operation)
     * under emulated clusters: those with a hierarchical algorithm cross the clusters first, the others take the
     * table's {@code any} lines.
     */
    @ParameterizedTest(name = "{0} ranks, clusters of {1}, nodes of {2}")
    @CsvSource({"7, 3, 0", "8, 4, 2"})
    @Timeout(300)
    void everyCollectiveUnderClusters(int np, int clusters, int nodes) {
        System.setProperty("jmpi.coll.clusters", Integer.toString(clusters));
        if (nodes > 0) {
            System.setProperty("jmpi.coll.nodes", Integer.toString(nodes));
        }
        try {
            JobResult r = MultiRank.run(np, CollectivesTest.Body.class, Duration.ofSeconds(240));
            assertEquals(0, r.exitCode(), np + " ranks, clusters of " + clusters + ", nodes of " + nodes + ":\n"
                    + r.describe());
        } finally {
            System.clearProperty("jmpi.coll.clusters");
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    /** Clusters of 3 with nodes of 2: a node would span two clusters, which is refused at the first collective. */
    public static class NotWholeNodes {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            var e = Expect.error(MPI.ERR_ARG, "clusters of 3 over nodes of 2", () -> MPI.COMM_WORLD.Barrier());
            Expect.isTrue(e.getMessage().contains("jmpi.coll.clusters=3 is not a multiple of jmpi.coll.nodes=2"),
                    e.getMessage());
            MPI.Finalize();
        }
    }

    @org.junit.jupiter.api.Test
    @Timeout(120)
    void clustersThatAreNotWholeNodesAreAnError() {
        System.setProperty("jmpi.coll.clusters", "3");
        System.setProperty("jmpi.coll.nodes", "2");
        try {
            MultiRank.runOk(4, NotWholeNodes.class, Duration.ofSeconds(60));
        } finally {
            System.clearProperty("jmpi.coll.clusters");
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    /**
     * Runs and checks the hierarchical collectives on several communicators. {@code args[0]}: each world rank's
     * cluster name, comma-separated; {@code args[1]}: each world rank's host name; {@code args[2]}:
     * {@code emulated} (the names follow the {@code jmpi.coll} block properties on the threads transport) or
     * {@code process} (ranks are processes started from a hostfile: {@code JMPI_CLUSTER} and
     * {@code Endpoint.sharesClusterWith} must say the same).
     */
    public static class Body {
        static final int[] COUNTS = {0, 1, 7, 13, 1000};

        public static void main(String[] args) {
            MPI.Init(args);
            String[] clusterOf = args[0].split(",");
            String[] hostOf = args[1].split(",");
            boolean process = args[2].equals("process");
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            Expect.equal(p, clusterOf.length, "cluster names");
            Expect.equal(p, hostOf.length, "host names");
            CoreComm core = core(w);
            if (process) {
                Expect.equal(clusterOf[me], System.getenv("JMPI_CLUSTER"), "JMPI_CLUSTER of rank " + me);
                for (int r = 0; r < p; r++) {
                    Expect.equal(clusterOf[me].equals(clusterOf[r]), core.engine().endpoint().sharesClusterWith(r),
                            "rank " + me + " shares a cluster with rank " + r);
                    Expect.equal(hostOf[me].equals(hostOf[r]), core.engine().endpoint().sharesHostWith(r),
                            "rank " + me + " shares a host with rank " + r);
                }
            }

            // The world: clusters; one bcast from rank 0 runs hierarchical at the top and, where a cluster splits
            // into hosts, once more inside the cluster (its node communicator is hosts, not clusters).
            int[] world = new int[p];
            Arrays.setAll(world, r -> r);
            checkPlace(core, world, clusterOf, hostOf, process, "world");
            boolean splits = splits(world, clusterOf);
            Map<String, Long> before = Coll.counts(core.engine());
            w.Bcast(new long[3], 0, 3, MPI.LONG, 0);
            long once = delta(Coll.counts(core.engine()), before, "bcast.hierarchical");
            int[] mine = clusterMembers(world, clusterOf, clusterOf[me]);
            long want = splits ? 1 + (mine.length > 1 && distinct(mine, hostOf) > 1 && splits(mine, hostOf) ? 1 : 0) : 0;
            Expect.equal(want, once, "hierarchical bcasts of one bcast from rank 0 on rank " + me
                    + " (the top level, then inside the cluster when it splits by host)");
            before = Coll.counts(core.engine());
            Map<String, Integer> calls = run(w, "world");
            Map<String, Long> after = Coll.counts(core.engine());
            if (splits) {
                for (String c : HIERARCHICAL) {
                    long ran = delta(after, before, c + ".hierarchical");
                    Expect.isTrue(ran >= calls.get(c), "world: " + c + ".hierarchical ran " + ran + " times for "
                            + calls.get(c) + " calls on rank " + me);
                }
            }

            // Reversed: the clusters are runs still, their order and leaders change.
            Intracomm reversed = w.Split(0, p - me);
            check(reversed, world(reversed), clusterOf, hostOf, process, "reversed");
            // Each cluster alone: never clusters (hosts, host or jvm).
            int clusterIndex = List.copyOf(new LinkedHashSet<>(Arrays.asList(clusterOf))).indexOf(clusterOf[me]);
            Intracomm own = w.Split(clusterIndex, me);
            check(own, world(own), clusterOf, hostOf, process, "cluster " + clusterOf[me]);
            // Interleaved: each cluster's first ranks, then their second ones, ...: clusters are not runs
            // (a non-commutative reduction falls to an order-keeping algorithm).
            int position = 0;
            for (int r = 0; r < me; r++) {
                position += clusterOf[r].equals(clusterOf[me]) ? 1 : 0;
            }
            Intracomm interleaved = w.Split(0, position * p + me);
            check(interleaved, world(interleaved), clusterOf, hostOf, process, "interleaved");
            // Without the clusters' leaders: other leaders, uneven clusters, clusters gone.
            boolean leader = clusterMembers(world, clusterOf, clusterOf[me])[0] == me;
            Intracomm rest = w.Split(leader ? MPI.UNDEFINED : 0, me);
            if (rest != null) {
                check(rest, world(rest), clusterOf, hostOf, process, "without leaders");
            }
            for (Intracomm c : new Intracomm[] {reversed, own, interleaved, rest}) {
                if (c != null) {
                    c.Free();
                }
            }
            MPI.Finalize();
        }

        private static void check(Intracomm c, int[] members, String[] clusterOf, String[] hostOf, boolean process,
                                  String what) {
            checkPlace(core(c), members, clusterOf, hostOf, process, what);
            run(c, what);
        }

        /** The locality and nodes of a communicator of {@code members} (world ranks, in its rank order). */
        private static void checkPlace(CoreComm core, int[] members, String[] clusterOf, String[] hostOf, boolean process,
                                       String what) {
            Locality loc = Coll.locality(core);
            Nodes nodes = Coll.nodes(core);
            String at = what + " (" + Arrays.toString(members) + ") on world rank " + members[core.rank()];
            if (distinct(members, clusterOf) > 1) {
                Expect.equal(Locality.CLUSTERS, loc, at + ": locality");
                Expect.equal(Nodes.of(labels(members, clusterOf)), nodes, at + ": the nodes are the clusters");
            } else if (distinct(members, hostOf) > 1) {
                Expect.equal(Locality.HOSTS, loc, at + ": locality inside one cluster");
                Expect.equal(Nodes.of(labels(members, hostOf)), nodes, at + ": the nodes are the hosts");
            } else {
                Expect.isTrue(process ? loc == Locality.JVM || loc == Locality.HOST : loc == Locality.JVM,
                        at + ": locality inside one host is " + loc);
            }
        }

        /**
         * Every collective with a hierarchical algorithm, every root, the counts of {@link #COUNTS}, SUM and a
         * non-commutative operation, private buffers and in place (one array as send and receive buffer);
         * returns how many calls of each collective it made with a commutative operation or none.
         */
        static Map<String, Integer> run(Intracomm c, String what) {
            int p = c.Size();
            int me = c.Rank();
            Map<String, Integer> calls = new HashMap<>();
            Op compose = new Op(new CollectivesTest.Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            for (int count : COUNTS) {
                String at = what + " count " + count + " rank " + me;
                long[] mine = contribution(me, count);
                long[] sum = new long[count];
                for (int r = 0; r < p; r++) {
                    long[] x = contribution(r, count);
                    for (int i = 0; i < count; i++) {
                        sum[i] += x[i];
                    }
                }
                int even = count - count % 2;
                long[] composed = contribution(0, even);
                for (int r = 1; r < p; r++) {
                    CollectivesTest.composeInto(composed, contribution(r, even));
                }
                c.Barrier();
                count(calls, "barrier");
                for (int root = 0; root < p; root++) {
                    String r0 = at + " root " + root;
                    long[] b = me == root ? contribution(root, count) : new long[count];
                    c.Bcast(b, 0, count, MPI.LONG, root);
                    count(calls, "bcast");
                    CollectivesTest.Body.check(contribution(root, count), b, r0 + " Bcast");

                    long[] red = new long[count + 2];
                    c.Reduce(mine, 0, red, 1, count, MPI.LONG, MPI.SUM, root);
                    count(calls, "reduce");
                    long[] wantRed = new long[count + 2];
                    if (me == root) {
                        System.arraycopy(sum, 0, wantRed, 1, count);
                    }
                    CollectivesTest.Body.check(wantRed, red, r0 + " Reduce SUM (whole receive array)");

                    long[] inPlace = contribution(me, count);
                    c.Reduce(inPlace, 0, inPlace, 0, count, MPI.LONG, MPI.SUM, root);
                    count(calls, "reduce");
                    CollectivesTest.Body.check(me == root ? sum : contribution(me, count), inPlace,
                            r0 + " Reduce SUM in place");

                    long[] nc = new long[even];
                    c.Reduce(contribution(me, even), 0, nc, 0, even / 2, pair, compose, root);
                    if (me == root) {
                        CollectivesTest.Body.check(composed, nc, r0 + " Reduce non-commutative");
                    }

                    long[] all = new long[p * count];
                    c.Gather(mine, 0, count, MPI.LONG, all, 0, count, MPI.LONG, root);
                    count(calls, "gather");
                    if (me == root) {
                        CollectivesTest.Body.check(blocks(p, count), all, r0 + " Gather");
                    }

                    long[] g = new long[p * count];
                    if (me == root) {
                        System.arraycopy(mine, 0, g, me * count, count);
                        c.Gather(g, me * count, count, MPI.LONG, g, 0, count, MPI.LONG, root);
                        CollectivesTest.Body.check(blocks(p, count), g, r0 + " Gather in place");
                    } else {
                        c.Gather(mine, 0, count, MPI.LONG, g, 0, count, MPI.LONG, root);
                    }
                    count(calls, "gather");
                }
                long[] ar = new long[count];
                c.Allreduce(mine, 0, ar, 0, count, MPI.LONG, MPI.SUM);
                count(calls, "allreduce");
                CollectivesTest.Body.check(sum, ar, at + " Allreduce SUM");

                long[] arIn = contribution(me, count);
                c.Allreduce(arIn, 0, arIn, 0, count, MPI.LONG, MPI.SUM);
                count(calls, "allreduce");
                CollectivesTest.Body.check(sum, arIn, at + " Allreduce SUM in place");

                long[] anc = contribution(me, even);
                c.Allreduce(anc, 0, anc, 0, even / 2, pair, compose);
                CollectivesTest.Body.check(composed, anc, at + " Allreduce non-commutative in place");

                long[] ag = new long[p * count];
                c.Allgather(mine, 0, count, MPI.LONG, ag, 0, count, MPI.LONG);
                count(calls, "allgather");
                CollectivesTest.Body.check(blocks(p, count), ag, at + " Allgather");

                long[] agIn = new long[p * count];
                System.arraycopy(mine, 0, agIn, me * count, count);
                c.Allgather(agIn, me * count, count, MPI.LONG, agIn, 0, count, MPI.LONG);
                count(calls, "allgather");
                CollectivesTest.Body.check(blocks(p, count), agIn, at + " Allgather in place");
            }
            return calls;
        }

        private static void count(Map<String, Integer> calls, String c) {
            calls.merge(c, 1, Integer::sum);
        }

        /** Element i of rank r's contribution (the communicator's rank). */
        static long[] contribution(int rank, int count) {
            return CollectivesTest.contribution(rank, count);
        }

        /** Every rank's contribution of {@code count}, in rank order. */
        static long[] blocks(int p, int count) {
            long[] all = new long[p * count];
            for (int r = 0; r < p; r++) {
                System.arraycopy(contribution(r, count), 0, all, r * count, count);
            }
            return all;
        }

        /** The world ranks of {@code c}'s members in its rank order (an allgather on it). */
        static int[] world(Intracomm c) {
            int[] all = new int[c.Size()];
            c.Allgather(new int[] {MPI.COMM_WORLD.Rank()}, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
            return all;
        }

        static int distinct(int[] members, String[] names) {
            Set<String> s = new LinkedHashSet<>();
            for (int m : members) {
                s.add(names[m]);
            }
            return s.size();
        }

        /** Whether the members grouped by {@code names} split (two groups or more, one with two ranks or more). */
        static boolean splits(int[] members, String[] names) {
            Nodes n = Nodes.of(labels(members, names));
            return n.splits();
        }

        static int[] labels(int[] members, String[] names) {
            List<String> seen = new ArrayList<>();
            int[] l = new int[members.length];
            for (int i = 0; i < members.length; i++) {
                if (!seen.contains(names[members[i]])) {
                    seen.add(names[members[i]]);
                }
                l[i] = seen.indexOf(names[members[i]]);
            }
            return l;
        }

        static int[] clusterMembers(int[] members, String[] clusterOf, String cluster) {
            return Arrays.stream(members).filter(m -> clusterOf[m].equals(cluster)).toArray();
        }

        /**
         * How many more runs {@code after} counts than {@code before} of algorithm {@code key} ("bcast.hierarchical"),
         * its other forms included ("bcast.hierarchical_pipeline", "allreduce.hierarchical_slices").
         */
        static long delta(Map<String, Long> after, Map<String, Long> before, String key) {
            long n = 0;
            for (var e : after.entrySet()) {
                if (e.getKey().equals(key) || e.getKey().startsWith(key + "_")) {
                    n += e.getValue() - before.getOrDefault(e.getKey(), 0L);
                }
            }
            return n;
        }

        /** The engine's communicator behind {@code c} ({@code mpi.Comm.core()}, package-private: reached by reflection). */
        static CoreComm core(Intracomm c) {
            try {
                Method m = mpi.Comm.class.getDeclaredMethod("core");
                m.setAccessible(true);
                return (CoreComm) m.invoke(c);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("cannot reach mpi.Comm.core(): " + e, e);
            }
        }
    }
}
