package jmpi.conformance;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.CartParms;
import mpi.Cartcomm;
import mpi.Comm;
import mpi.GraphParms;
import mpi.Graphcomm;
import mpi.Group;
import mpi.Intercomm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.ShiftParms;
import mpi.Status;

/** Groups, communicator creation (Split, Create, inter-communicators, Merge, Free), topologies, attributes. */
@Timeout(180)
class GroupCommTopoTest {
    private static final Duration T = Duration.ofSeconds(60);

    static void same(int[] expected, int[] actual, String what) {
        Expect.isTrue(Arrays.equals(expected, actual), what + ": expected " + Arrays.toString(expected) + " but was "
                + Arrays.toString(actual));
    }

    /** Group algebra and its edge cases, all local. */
    public static class Groups {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int n = MPI.COMM_WORLD.Size(); // 6
            Group world = MPI.COMM_WORLD.Group();
            Expect.equal(n, world.Size(), "world group size");
            Expect.equal(me, world.Rank(), "world group rank");
            Group evens = world.Incl(new int[] {4, 2, 0});
            Expect.equal(3, evens.Size(), "Incl size");
            Expect.equal(me % 2 == 0 ? (4 - me) / 2 : MPI.UNDEFINED, evens.Rank(), "rank in Incl group (order 4,2,0)");
            Group odds = world.Excl(new int[] {0, 2, 4});
            same(new int[] {MPI.UNDEFINED, 0, MPI.UNDEFINED, 1, 2, MPI.PROC_NULL},
                    Group.Translate_ranks(world, new int[] {0, 1, 2, 3, 5, MPI.PROC_NULL}, odds), "Translate_ranks world->odds");
            Expect.equal(0, Group.Union(evens, odds).Size() - n, "union size");
            same(new int[] {4, 2, 0, 1, 3, 5}, Group.Translate_ranks(Group.Union(evens, odds), new int[] {0, 1, 2, 3, 4, 5},
                    world), "union order: group1 then the rest of group2");
            Expect.equal(0, Group.Intersection(evens, odds).Size(), "intersection of evens and odds");
            Expect.equal(MPI.IDENT, Group.Compare(world, MPI.COMM_WORLD.Group()), "Compare IDENT");
            Expect.equal(MPI.SIMILAR, Group.Compare(Group.Union(evens, odds), world), "Compare SIMILAR");
            Expect.equal(MPI.UNEQUAL, Group.Compare(evens, odds), "Compare UNEQUAL");
            Group diff = Group.Difference(world, evens);
            Expect.equal(MPI.IDENT, Group.Compare(diff, odds), "Difference(world, evens) = odds in order");
            Group r = world.Range_incl(new int[][] {{5, 1, -2}, {0, 0, 1}});
            same(new int[] {0, 1, 2, 3}, Group.Translate_ranks(r, new int[] {0, 1, 2, 3}, r), "range group identity");
            same(new int[] {5, 3, 1, 0}, Group.Translate_ranks(r, new int[] {0, 1, 2, 3}, world), "Range_incl order");
            Group rx = world.Range_excl(new int[][] {{1, 5, 2}});
            Expect.equal(MPI.IDENT, Group.Compare(rx, world.Incl(new int[] {0, 2, 4})), "Range_excl");
            Expect.equal(0, MPI.GROUP_EMPTY.Size(), "GROUP_EMPTY size");
            Expect.equal(MPI.UNDEFINED, MPI.GROUP_EMPTY.Rank(), "GROUP_EMPTY rank");
            Expect.equal(0, world.Incl(new int[0]).Size(), "empty Incl");
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_RANK, "Incl rank out of range", () -> world.Incl(new int[] {n}));
            Expect.error(MPI.ERR_RANK, "Incl rank twice", () -> world.Incl(new int[] {1, 1}));
            Expect.error(MPI.ERR_RANK, "Excl negative rank", () -> world.Excl(new int[] {-1}));
            Expect.error(MPI.ERR_RANK, "Translate_ranks out of range", () -> Group.Translate_ranks(evens, new int[] {3}, world));
            Expect.error(MPI.ERR_ARG, "Range_incl stride 0", () -> world.Range_incl(new int[][] {{0, 2, 0}}));
            Expect.error(MPI.ERR_GROUP, "Union with null", () -> Group.Union(world, null));
            Group freed = world.Incl(new int[] {0});
            freed.Free();
            Expect.error(MPI.ERR_GROUP, "Size of a freed group", freed::Size);
            Expect.error(MPI.ERR_GROUP, "Free twice", freed::Free);
            Expect.error(MPI.ERR_GROUP, "Free GROUP_EMPTY", MPI.GROUP_EMPTY::Free);
            MPI.Finalize();
        }
    }

    /** Split by colour and key (with UNDEFINED), Create from a group, traffic on each, Compare and Free. */
    public static class SplitAndCreate {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int n = w.Size(); // 7
            int colour = me == 6 ? MPI.UNDEFINED : me % 3;
            Intracomm s = w.Split(colour, -me); // key -me: reverse order
            if (me == 6) {
                Expect.isTrue(s == null, "UNDEFINED colour gave a communicator");
            } else {
                int members = (int) java.util.stream.IntStream.range(0, 6).filter(r -> r % 3 == colour).count();
                Expect.equal(members, s.Size(), "split size");
                Expect.equal(members - 1 - me / 3, s.Rank(), "split rank ordered by key");
                // A ring in each part: messages stay in their communicator.
                int[] in = new int[1];
                int right = (s.Rank() + 1) % s.Size();
                int left = (s.Rank() - 1 + s.Size()) % s.Size();
                Status st = s.Sendrecv(new int[] {me}, 0, 1, MPI.INT, right, 9, in, 0, 1, MPI.INT, left, 9);
                Expect.equal(left, st.source, "source is a rank of the split communicator");
                Expect.equal(colour, in[0] % 3, "message crossed split communicators");
                s.Barrier();
                Expect.equal(MPI.UNEQUAL, Comm.Compare(s, w), "split vs world");
            }
            Group g = w.Group().Incl(new int[] {5, 3, 1});
            Intracomm c = w.Create(g);
            if (me % 2 == 1) {
                Expect.equal(3, c.Size(), "Create size");
                Expect.equal((5 - me) / 2, c.Rank(), "Create rank follows the group order");
                int[] sum = {c.Rank()};
                if (c.Rank() == 0) {
                    for (int i = 1; i < 3; i++) {
                        int[] x = new int[1];
                        c.Recv(x, 0, 1, MPI.INT, i, 1);
                        sum[0] += x[0];
                    }
                    Expect.equal(3, sum[0], "sum of ranks in the created communicator");
                } else {
                    c.Send(sum, 0, 1, MPI.INT, 0, 1);
                }
                Intracomm same = w.Creat(g);
                Expect.equal(MPI.CONGRUENT, Comm.Compare(c, same), "two communicators of one group");
                same.Free();
                c.Free();
            } else {
                Expect.isTrue(c == null, "a non-member got a communicator from Create");
                Expect.isTrue(w.Creat(g) == null, "a non-member got a communicator from Creat");
            }
            w.Errhandler_set(MPI.ERRORS_RETURN);
            MPI.COMM_SELF.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_GROUP, "Create with a foreign group", () -> MPI.COMM_SELF.Create(w.Group()));
            Expect.error(MPI.ERR_ARG, "negative colour", () -> w.Split(-5, 0));
            Expect.error(MPI.ERR_COMM, "free COMM_WORLD", w::Free);
            if (s != null) {
                s.Free();
                Expect.isTrue(s.Is_null(), "freed communicator is not null");
            }
            MPI.Finalize();
        }
    }

    /** Many more communicators than context slots, each freed: context ids come back. */
    public static class ManyCommunicators {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int i = 0; i < 5000; i++) {
                Intracomm d = (i % 2 == 0) ? w.Dup() : w.Split(w.Rank() % 2, 0);
                if (i % 500 == 0) {
                    d.Barrier();
                }
                d.Free();
            }
            MPI.Finalize();
        }
    }

    /** Threads of each rank create communicators on different parents at once (THREAD_MULTIPLE). */
    public static class ConcurrentCreation {
        public static void main(String[] args) throws Exception {
            Expect.equal(MPI.THREAD_MULTIPLE, MPI.Init_thread(args, MPI.THREAD_MULTIPLE), "thread level");
            Intracomm[] parents = new Intracomm[4];
            for (int i = 0; i < parents.length; i++) {
                parents[i] = MPI.COMM_WORLD.Dup();
            }
            int me = MPI.COMM_WORLD.Rank();
            Thread[] ts = new Thread[parents.length];
            Throwable[] failure = new Throwable[1];
            for (int t = 0; t < ts.length; t++) {
                // Each rank starts its threads in a different order, so creations interleave differently.
                Intracomm p = parents[(t + me) % parents.length];
                int tag = (t + me) % parents.length;
                ts[t] = new Thread(() -> {
                    try {
                        for (int k = 0; k < 40; k++) {
                            Intracomm c = p.Split(p.Rank() % 2, p.Rank());
                            int[] x = {tag * 1000 + k};
                            int[] y = new int[1];
                            int right = (c.Rank() + 1) % c.Size();
                            int left = (c.Rank() - 1 + c.Size()) % c.Size();
                            c.Sendrecv(x, 0, 1, MPI.INT, right, 0, y, 0, 1, MPI.INT, left, 0);
                            Expect.equal(tag * 1000 + k, y[0], "message from another creation");
                            c.Free();
                        }
                    } catch (Throwable e) {
                        synchronized (failure) {
                            failure[0] = e;
                        }
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
            if (failure[0] != null) {
                throw new AssertionError("a creating thread failed", failure[0]);
            }
            MPI.Finalize();
        }
    }

    /** Two groups (evens, odds) joined by an inter-communicator: traffic across, groups, Dup, Merge. */
    public static class Intercommunicators {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank(); // 5 ranks: evens 0,2,4 and odds 1,3
            Intracomm half = w.Split(me % 2, me);
            // Leaders: rank 0 of each half; in COMM_WORLD the other leader is world rank 1 (for evens) or 0 (for odds).
            Intercomm ic = w.Create_intercomm(half, 0, me % 2 == 0 ? 1 : 0, 77);
            Expect.isTrue(ic.Test_inter(), "Test_inter");
            Expect.equal(half.Size(), ic.Size(), "local size");
            Expect.equal(half.Rank(), ic.Rank(), "local rank");
            Expect.equal(me % 2 == 0 ? 2 : 3, ic.Remote_size(), "remote size");
            int[] remoteWorld = Group.Translate_ranks(ic.Remote_group(), me % 2 == 0 ? new int[] {0, 1} : new int[] {0, 1, 2},
                    w.Group());
            same(me % 2 == 0 ? new int[] {1, 3} : new int[] {0, 2, 4}, remoteWorld, "remote group in world ranks");
            // Every even rank i sends to odd rank i % 2 of the remote group; odds receive from ANY_SOURCE.
            if (me % 2 == 0) {
                ic.Send(new int[] {me}, 0, 1, MPI.INT, ic.Rank() % 2, 5);
            } else {
                int expect = ic.Rank() == 0 ? 2 : 1; // remote ranks 0, 2 -> odd 0; remote rank 1 -> odd 1
                for (int i = 0; i < expect; i++) {
                    int[] x = new int[1];
                    Status st = ic.Recv(x, 0, 1, MPI.INT, MPI.ANY_SOURCE, 5);
                    Expect.equal(x[0] / 2, st.source, "source is the sender's rank in the remote group");
                }
            }
            Intercomm icd = ic.Dup();
            Expect.equal(MPI.CONGRUENT, Comm.Compare(ic, icd), "inter Dup congruent");
            Intracomm merged = ic.Merge(me % 2 == 1); // odds high: evens first
            Expect.equal(5, merged.Size(), "merged size");
            Expect.equal(me % 2 == 0 ? me / 2 : 3 + me / 2, merged.Rank(), "merged rank: low group first");
            merged.Barrier();
            int[] sum = {merged.Rank()};
            if (merged.Rank() == 0) {
                for (int i = 1; i < 5; i++) {
                    int[] x = new int[1];
                    merged.Recv(x, 0, 1, MPI.INT, MPI.ANY_SOURCE, 3);
                    sum[0] += x[0];
                }
                Expect.equal(10, sum[0], "sum over the merged communicator");
            } else {
                merged.Send(sum, 0, 1, MPI.INT, 0, 3);
            }
            w.Errhandler_set(MPI.ERRORS_RETURN);
            ic.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_RANK, "send to a rank beyond the remote group", () -> ic.Send(new int[1], 0, 1, MPI.INT, 3, 0));
            Expect.error(MPI.ERR_RANK, "bad local leader", () -> w.Create_intercomm(half, 9, 0, 1));
            icd.Free();
            ic.Free();
            MPI.Finalize();
        }
    }

    /** Cartesian topologies: Dims_create, coordinates, shifts at the edges, sub-grids, Map. */
    public static class Cartesian {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD; // 7 ranks; a 3 x 2 grid leaves rank 6 out
            int me = w.Rank();
            int[] d = new int[2];
            Cartcomm.Dims_create(6, d);
            same(new int[] {3, 2}, d, "Dims_create(6, [0,0])");
            int[] d3 = {0, 3, 0};
            Cartcomm.Dims_create(24, d3);
            same(new int[] {4, 3, 2}, d3, "Dims_create(24, [0,3,0]) keeps the preset");
            int[] d1 = {0, 0, 0};
            Cartcomm.Dims_create(7, d1);
            same(new int[] {7, 1, 1}, d1, "Dims_create of a prime");
            Cartcomm cart = w.Create_cart(d, new boolean[] {false, true}, false);
            if (me == 6) {
                Expect.isTrue(cart == null, "rank outside the grid got a Cartcomm");
            } else {
                Expect.equal(MPI.CART, cart.Topo_test(), "Topo_test");
                CartParms p = cart.Get();
                same(new int[] {me / 2, me % 2}, p.coords, "coords (row-major)");
                same(new int[] {me / 2, me % 2}, cart.Coords(me), "Coords");
                Expect.equal(me, cart.Rank(new int[] {me / 2, me % 2}), "Rank");
                Expect.equal(cart.Rank(new int[] {me / 2, me % 2 + 2}), me, "periodic dimension wraps");
                ShiftParms down = cart.Shift(0, 1);
                Expect.equal(me / 2 == 0 ? MPI.PROC_NULL : me - 2, down.rank_source, "shift source at a non-periodic edge");
                Expect.equal(me / 2 == 2 ? MPI.PROC_NULL : me + 2, down.rank_dest, "shift dest at a non-periodic edge");
                ShiftParms across = cart.Shift(1, 1);
                Expect.equal((me / 2) * 2 + (me % 2 + 1) % 2, across.rank_dest, "periodic shift dest");
                // A halo exchange along dimension 0 with PROC_NULL at the ends.
                int[] got = {-7};
                cart.Sendrecv(new int[] {me}, 0, 1, MPI.INT, down.rank_dest, 4, got, 0, 1, MPI.INT, down.rank_source, 4);
                Expect.equal(down.rank_source == MPI.PROC_NULL ? -7 : down.rank_source, got[0], "halo from source");
                Cartcomm row = cart.Sub(new boolean[] {false, true});
                Expect.equal(2, row.Size(), "row size");
                Expect.equal(me % 2, row.Rank(), "row rank");
                same(new int[] {2}, row.Get().dims, "row dims");
                Cartcomm col = cart.Sub(new boolean[] {true, false});
                Expect.equal(3, col.Size(), "column size");
                Expect.equal(me / 2, col.Rank(), "column rank");
                Expect.equal(me < 4 ? me : MPI.UNDEFINED, cart.Map(new int[] {2, 2}, new boolean[] {false, false}), "Map");
                Cartcomm dup = cart.Dup();
                same(p.dims, dup.Get().dims, "Dup keeps the grid");
                cart.Errhandler_set(MPI.ERRORS_RETURN);
                Expect.error(MPI.ERR_ARG, "Rank outside a non-periodic dimension", () -> cart.Rank(new int[] {3, 0}));
                Expect.error(MPI.ERR_ARG, "Shift along a missing dimension", () -> cart.Shift(2, 1));
                Expect.error(MPI.ERR_RANK, "Coords of a rank outside", () -> cart.Coords(6));
            }
            w.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_DIMS, "grid larger than the communicator",
                    () -> w.Create_cart(new int[] {4, 2}, new boolean[] {false, false}, false));
            Expect.error(MPI.ERR_DIMS, "zero dimension", () -> w.Create_cart(new int[] {0, 2}, new boolean[2], false));
            Expect.error(MPI.ERR_DIMS, "Dims_create not divisible", () -> Cartcomm.Dims_create(7, new int[] {2, 0}));
            Expect.error(MPI.ERR_DIMS, "Dims_create negative", () -> Cartcomm.Dims_create(4, new int[] {-1, 0}));
            Expect.equal(MPI.UNDEFINED, w.Topo_test(), "COMM_WORLD has no topology");
            MPI.Finalize();
        }
    }

    /** Graph topologies and the predefined attributes. */
    public static class GraphsAndAttributes {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD; // 4 ranks: a star around 0
            int[] index = {3, 4, 5, 6};
            int[] edges = {1, 2, 3, 0, 0, 0};
            Graphcomm g = w.Create_graph(index, edges, true);
            Expect.equal(MPI.GRAPH, g.Topo_test(), "Topo_test");
            GraphParms p = g.Get();
            same(index, p.index, "index");
            same(edges, p.edges, "edges");
            same(new int[] {1, 2, 3}, g.Neighbours(0), "neighbours of the centre");
            same(new int[] {0}, g.Neighbours(2), "neighbours of a leaf");
            int me = g.Rank();
            int[] nb = g.Neighbours(me);
            for (int peer : nb) {
                g.Send(new int[] {me}, 0, 1, MPI.INT, peer, 2);
            }
            for (int peer : nb) {
                int[] x = new int[1];
                g.Recv(x, 0, 1, MPI.INT, peer, 2);
                Expect.equal(peer, x[0], "message from neighbour");
            }
            int tagUb = w.Attr_get(MPI.TAG_UB); // mpiJava 1.2 style
            Expect.equal(MPI.TAG_UB_VALUE, tagUb, "TAG_UB");
            Expect.isTrue(w.Attr_get(MPI.TAG_UB) >= 32767, "TAG_UB at least 32767");
            Object o = w.Attr_get(MPI.IO); // MPJ Express style
            Expect.equal(MPI.ANY_SOURCE, ((Integer) o).intValue(), "IO");
            int host = w.Attr_get(MPI.HOST);
            Expect.equal(MPI.PROC_NULL, host, "HOST");
            int global = (Integer) w.Attr_get(MPI.WTIME_IS_GLOBAL);
            Expect.equal(0, global, "WTIME_IS_GLOBAL");
            w.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_ARG, "unknown attribute", () -> w.Attr_get(12345));
            Expect.error(MPI.ERR_RANK, "edge to a missing node", () -> w.Create_graph(new int[] {1, 2}, new int[] {1, 5}, false));
            Expect.error(MPI.ERR_ARG, "decreasing index", () -> w.Create_graph(new int[] {2, 1}, new int[] {1, 0}, false));
            Expect.error(MPI.ERR_ARG, "graph larger than the communicator",
                    () -> w.Create_graph(new int[] {0, 0, 0, 0, 0}, new int[0], false));
            g.Free();
            MPI.Finalize();
        }
    }

    @Test
    void groups() {
        MultiRank.runOk(6, Groups.class, T);
    }

    @Test
    void splitAndCreate() {
        MultiRank.runOk(7, SplitAndCreate.class, T);
    }

    @Test
    void contextIdsAreReused() {
        MultiRank.runOk(3, ManyCommunicators.class, T);
    }

    @Test
    void concurrentCreationUnderThreadMultiple() {
        MultiRank.runOk(4, ConcurrentCreation.class, T);
    }

    @Test
    void intercommunicators() {
        MultiRank.runOk(5, Intercommunicators.class, T);
    }

    @Test
    void cartesian() {
        MultiRank.runOk(7, Cartesian.class, T);
    }

    @Test
    void graphsAndAttributes() {
        MultiRank.runOk(4, GraphsAndAttributes.class, T);
    }
}
