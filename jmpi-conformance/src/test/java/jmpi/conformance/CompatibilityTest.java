package jmpi.conformance;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Comm;
import mpi.Datatype;
import mpi.Group;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;
import mpi.User_function;

/**
 * What programs written for mpiJava 1.2 and MPJ Express rely on beyond the names (ApiCoverageTest checks
 * those): the static datatype constructors and mpiJava's units (Hvector / Hindexed in base elements,
 * Size in elements), null requests at any position of the request arrays, group ranges by computed
 * ranks, and MPJ Express's extra names and constants.
 */
@Timeout(120)
class CompatibilityTest {
    private static final Duration T = Duration.ofSeconds(60);

    /** The elements of {@code src} (0, 1, 2, ... from {@code offset}) that one item of {@code t} sends, in order. */
    static int[] sent(Intracomm w, Datatype t, int offset, int length) {
        int me = w.Rank();
        int[] src = new int[length];
        for (int i = 0; i < length; i++) {
            src[i] = i;
        }
        int[] got = new int[t.Size()];
        Status s = w.Sendrecv(src, offset, 1, t, me, 77, got, 0, got.length, MPI.INT, me, 77);
        Expect.equal(t.Size(), s.Get_count(MPI.INT), "elements received from " + t);
        return got;
    }

    static void same(int[] want, int[] got, String what) {
        Expect.isTrue(Arrays.equals(want, got), what + ": expected " + Arrays.toString(want) + " but was "
                + Arrays.toString(got));
    }

    static void bounds(Datatype t, int lb, int ub, int extent, int size, String what) {
        Expect.equal(lb, t.Lb(), what + " Lb");
        Expect.equal(ub, t.Ub(), what + " Ub");
        Expect.equal(extent, t.Extent(), what + " Extent");
        Expect.equal(size, t.Size(), what + " Size");
    }

    /** Static constructors, their instance aliases, mpiJava's units, bounds, MPI.NULL and bad input. */
    public static class DatatypeUnits {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            // basic types: one element each, whatever its bytes
            for (Datatype b : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT,
                MPI.DOUBLE, MPI.OBJECT}) {
                bounds(b, 0, 1, 1, 1, b.toString());
            }
            bounds(MPI.INT2, 0, 2, 2, 2, "MPI.INT2");
            bounds(MPI.DOUBLE2, 0, 2, 2, 2, "MPI.DOUBLE2");
            bounds(MPI.LB, 0, 0, 0, 0, "MPI.LB");
            bounds(MPI.UB, 0, 0, 0, 0, "MPI.UB");
            // a marker counts at its displacement (MPI-1), not one past it
            bounds(Datatype.Struct(new int[] {1, 1}, new int[] {0, 10}, new Datatype[] {MPI.INT, MPI.LB}), 10, 10, 0, 1,
                    "Struct(INT at 0, LB at 10)");

            Datatype pair = Datatype.Contiguous(2, MPI.INT);
            pair.Commit();
            bounds(pair, 0, 2, 2, 2, "Contiguous(2, INT)");
            same(new int[] {4, 5}, sent(w, pair, 4, 10), "Contiguous(2, INT) from offset 4");

            // Vector strides count old extents; Hvector strides count base elements (mpiJava, not bytes)
            Datatype v = Datatype.Vector(3, 2, 5, MPI.INT);
            Datatype h = Datatype.Hvector(3, 2, 5, MPI.INT);
            v.Commit();
            h.Commit();
            bounds(v, 0, 12, 12, 6, "Vector(3, 2, 5, INT)");
            bounds(h, 0, 12, 12, 6, "Hvector(3, 2, 5, INT)");
            same(new int[] {0, 1, 5, 6, 10, 11}, sent(w, v, 0, 12), "Vector(3, 2, 5, INT)");
            same(new int[] {0, 1, 5, 6, 10, 11}, sent(w, h, 0, 12), "Hvector(3, 2, 5, INT): 5 ints, not 5 bytes");
            Datatype hd = Datatype.Hvector(2, 1, 3, MPI.DOUBLE);
            hd.Commit();
            bounds(hd, 0, 4, 4, 2, "Hvector(2, 1, 3, DOUBLE)");
            Datatype vp = Datatype.Vector(2, 1, 3, pair);
            Datatype hp = Datatype.Hvector(2, 1, 3, pair);
            vp.Commit();
            hp.Commit();
            same(new int[] {0, 1, 6, 7}, sent(w, vp, 0, 8), "Vector(2, 1, 3, pair): 3 pair extents apart");
            same(new int[] {0, 1, 3, 4}, sent(w, hp, 0, 8), "Hvector(2, 1, 3, pair): 3 ints apart");
            bounds(hp, 0, 5, 5, 4, "Hvector(2, 1, 3, pair)");
            Datatype hneg = Datatype.Hvector(3, 1, -2, MPI.INT);
            hneg.Commit();
            bounds(hneg, -4, 1, 5, 3, "Hvector(3, 1, -2, INT)");
            same(new int[] {6, 4, 2}, sent(w, hneg, 6, 8), "Hvector(3, 1, -2, INT) from offset 6");

            // Indexed displacements count old extents; Hindexed ones count base elements
            Datatype ip = Datatype.Indexed(new int[] {1, 1}, new int[] {3, 0}, pair);
            Datatype hip = Datatype.Hindexed(new int[] {1, 1}, new int[] {3, 0}, pair);
            ip.Commit();
            hip.Commit();
            same(new int[] {6, 7, 0, 1}, sent(w, ip, 0, 8), "Indexed({1, 1}, {3, 0}, pair)");
            same(new int[] {3, 4, 0, 1}, sent(w, hip, 0, 8), "Hindexed({1, 1}, {3, 0}, pair)");
            bounds(ip, 0, 8, 8, 4, "Indexed({1, 1}, {3, 0}, pair)");
            bounds(hip, 0, 5, 5, 4, "Hindexed({1, 1}, {3, 0}, pair)");
            Datatype hin = Datatype.Hindexed(new int[] {2, 1}, new int[] {2, -1}, MPI.DOUBLE);
            bounds(hin, -1, 4, 5, 3, "Hindexed({2, 1}, {2, -1}, DOUBLE)");

            // Struct displacements are base elements too; LB / UB markers decide the bounds
            Datatype st = Datatype.Struct(new int[] {1, 2, 1}, new int[] {-3, 1, 6}, new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
            st.Commit();
            bounds(st, -3, 6, 9, 2, "Struct(LB at -3, 2 INT at 1, UB at 6)");
            same(new int[] {4, 5}, sent(w, st, 3, 8), "Struct with markers from offset 3");

            // the instance forms are aliases of the static ones
            Datatype[][] aliases = {
                {MPI.INT.Contiguous(3), Datatype.Contiguous(3, MPI.INT)},
                {MPI.INT.Vector(2, 2, 3), Datatype.Vector(2, 2, 3, MPI.INT)},
                {pair.Hvector(2, 1, 3), Datatype.Hvector(2, 1, 3, pair)},
                {pair.Indexed(new int[] {1, 2}, new int[] {4, 0}), Datatype.Indexed(new int[] {1, 2}, new int[] {4, 0}, pair)},
                {pair.Hindexed(new int[] {1, 2}, new int[] {5, 0}), Datatype.Hindexed(new int[] {1, 2}, new int[] {5, 0}, pair)},
            };
            for (Datatype[] a : aliases) {
                a[0].Commit();
                a[1].Commit();
                bounds(a[0], a[1].Lb(), a[1].Ub(), a[1].Extent(), a[1].Size(), a[0] + " against " + a[1]);
                same(sent(w, a[1], 0, 20), sent(w, a[0], 0, 20), a[0] + " against " + a[1]);
            }

            // MPI.NULL, null and freed old types, bad counts
            Expect.error(MPI.ERR_TYPE, "MPI.NULL.Size()", () -> MPI.NULL.Size());
            Expect.error(MPI.ERR_TYPE, "MPI.NULL.Extent()", () -> MPI.NULL.Extent());
            Expect.error(MPI.ERR_TYPE, "MPI.NULL.Commit()", () -> MPI.NULL.Commit());
            Expect.error(MPI.ERR_TYPE, "MPI.NULL.free()", () -> MPI.NULL.free());
            Expect.error(MPI.ERR_TYPE, "Contiguous of MPI.NULL", () -> Datatype.Contiguous(2, MPI.NULL));
            Expect.error(MPI.ERR_TYPE, "Send with MPI.NULL", () -> w.Send(new int[4], 0, 1, MPI.NULL, w.Rank(), 1));
            Expect.error(MPI.ERR_TYPE, "Vector of null", () -> Datatype.Vector(2, 1, 1, null));
            Expect.error(MPI.ERR_TYPE, "Hvector of null", () -> Datatype.Hvector(2, 1, 1, null));
            Expect.error(MPI.ERR_TYPE, "Indexed of null", () -> Datatype.Indexed(new int[] {1}, new int[] {0}, null));
            Expect.error(MPI.ERR_TYPE, "Hindexed of null", () -> Datatype.Hindexed(new int[] {1}, new int[] {0}, null));
            Expect.error(MPI.ERR_COUNT, "Contiguous(-1)", () -> Datatype.Contiguous(-1, MPI.INT));
            Expect.error(MPI.ERR_COUNT, "Hvector count -1", () -> Datatype.Hvector(-1, 1, 1, MPI.INT));
            Expect.error(MPI.ERR_ARG, "Hvector blocklength -1", () -> Datatype.Hvector(1, -1, 1, MPI.INT));
            Expect.error(MPI.ERR_ARG, "Hindexed null displacements", () -> Datatype.Hindexed(new int[] {1}, null, MPI.INT));
            Expect.error(MPI.ERR_ARG, "Hindexed lengths differ", () -> Datatype.Hindexed(new int[] {1, 1}, new int[] {0}, MPI.INT));
            Datatype gone = Datatype.Vector(2, 1, 2, MPI.INT);
            gone.free();
            Expect.error(MPI.ERR_TYPE, "Commit after free()", () -> gone.Commit());
            Expect.error(MPI.ERR_TYPE, "free() of a predefined type", () -> MPI.INT.free());
            MPI.Finalize();
        }
    }

    /** Fills {@code a} around position {@code real} with the null entry of kind {@code k}. */
    static void fillNulls(Request[] a, int real, int kind, Request done) {
        for (int i = 0; i < a.length; i++) {
            if (i != real) {
                a[i] = switch ((kind + i) % 3) {
                    case 0 -> MPI.REQUEST_NULL;
                    case 1 -> null;
                    default -> done; // a request that completed: null since its Wait
                };
            }
        }
    }

    static void isEmpty(Status s, String what) {
        Expect.isTrue(s != null, what + ": no status");
        Expect.equal(MPI.ANY_SOURCE, s.source, what + " source");
        Expect.equal(MPI.ANY_TAG, s.tag, what + " tag");
        Expect.equal(0, s.Get_count(MPI.INT), what + " count");
    }

    static void received(Status s, int tag, String what) {
        Expect.isTrue(s != null, what + ": no status");
        Expect.equal(0, s.source, what + " source");
        Expect.equal(tag, s.tag, what + " tag");
        Expect.equal(1, s.Get_count(MPI.INT), what + " count");
    }

    /**
     * REQUEST_NULL, Java nulls and completed requests at every position of every array operation, next
     * to one real receive; arrays of nothing but those; the null request itself.
     */
    public static class NullRequests {
        static final int LENGTHS = 4;
        static final int OPS = 6;

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int cases = 0;
            for (int n = 1; n <= LENGTHS; n++) {
                cases += n * 3 * OPS;
            }
            if (w.Rank() == 0) {
                for (int tag = 0; tag < cases; tag++) {
                    w.Send(new int[] {tag}, 0, 1, MPI.INT, 1, tag);
                }
            } else if (w.Rank() == 1) {
                Request done = w.Isend(new int[1], 0, 1, MPI.INT, 1, 99_999);
                w.Recv(new int[1], 0, 1, MPI.INT, 1, 99_999);
                done.Wait();
                Expect.isTrue(done.Is_null(), "a completed request is null");
                int tag = 0;
                for (int n = 1; n <= LENGTHS; n++) {
                    for (int real = 0; real < n; real++) {
                        for (int kind = 0; kind < 3; kind++) {
                            for (int op = 0; op < OPS; op++, tag++) {
                                Request[] a = new Request[n];
                                int[] in = new int[1];
                                a[real] = w.Irecv(in, 0, 1, MPI.INT, 0, tag);
                                fillNulls(a, real, kind, done);
                                String what = "op " + op + " on " + n + " requests, real one at " + real + ", nulls of kind " + kind;
                                check(op, a, real, tag, what);
                                Expect.equal(tag, in[0], what + ": data");
                                Expect.isTrue(a[real].Is_null(), what + ": completed request not null");
                            }
                        }
                    }
                }
                Expect.equal(cases, tag, "cases");
                allNull(w, done);
                w.Errhandler_set(MPI.ERRORS_RETURN);
                for (int op = 0; op < OPS; op++) {
                    int o = op;
                    Expect.error(MPI.ERR_ARG, "null array, op " + op, () -> check(o, null, 0, 0, "null array"));
                }
            }
            MPI.Finalize();
        }

        static void check(int op, Request[] a, int real, int tag, String what) {
            switch (op) {
                case 0 -> {
                    Status[] s = Request.Waitall(a);
                    Expect.equal(a.length, s.length, what + ": statuses");
                    for (int i = 0; i < s.length; i++) {
                        if (i == real) {
                            received(s[i], tag, what);
                        } else {
                            isEmpty(s[i], what + " status " + i);
                        }
                    }
                }
                case 1 -> {
                    Status s = Request.Waitany(a);
                    received(s, tag, what);
                    Expect.equal(real, s.index, what + ": index");
                }
                case 2 -> {
                    Status[] s = Request.Waitsome(a);
                    Expect.equal(1, s.length, what + ": completed");
                    received(s[0], tag, what);
                    Expect.equal(real, s[0].index, what + ": index");
                }
                case 3 -> {
                    Status[] s;
                    while ((s = Request.Testall(a)) == null) {
                        Thread.onSpinWait();
                    }
                    for (int i = 0; i < s.length; i++) {
                        if (i == real) {
                            received(s[i], tag, what);
                        } else {
                            isEmpty(s[i], what + " status " + i);
                        }
                    }
                }
                case 4 -> {
                    Status s;
                    while ((s = Request.Testany(a)) == null) {
                        Thread.onSpinWait();
                    }
                    received(s, tag, what);
                    Expect.equal(real, s.index, what + ": index");
                }
                default -> {
                    Status[] s;
                    while ((s = Request.Testsome(a)).length == 0) {
                        Thread.onSpinWait();
                    }
                    Expect.equal(1, s.length, what + ": completed");
                    received(s[0], tag, what);
                    Expect.equal(real, s[0].index, what + ": index");
                }
            }
        }

        /** No active request at all: MPI's answers at once (MPJ Express's Waitany and Waitsome would spin forever). */
        static void allNull(Intracomm w, Request done) {
            Request[][] arrays = {
                {}, {MPI.REQUEST_NULL}, {null}, {done}, {MPI.REQUEST_NULL, null, done}, {null, null, null},
                {MPI.REQUEST_NULL, MPI.REQUEST_NULL},
            };
            for (Request[] a : arrays) {
                String what = Arrays.toString(a);
                Status any = Request.Waitany(a);
                isEmpty(any, "Waitany of " + what);
                Expect.equal(MPI.UNDEFINED, any.index, "Waitany index of " + what);
                Status tany = Request.Testany(a);
                isEmpty(tany, "Testany of " + what);
                Expect.equal(MPI.UNDEFINED, tany.index, "Testany index of " + what);
                Expect.isTrue(Request.Waitsome(a) == null, "Waitsome of " + what + " is not null (MPI's UNDEFINED outcount)");
                Expect.isTrue(Request.Testsome(a) == null, "Testsome of " + what + " is not null (MPI's UNDEFINED outcount)");
                for (Status[] all : new Status[][] {Request.Waitall(a), Request.Testall(a)}) {
                    Expect.equal(a.length, all.length, "statuses of " + what);
                    for (Status s : all) {
                        isEmpty(s, "Waitall / Testall of " + what);
                    }
                }
            }
            Request n = MPI.REQUEST_NULL;
            Expect.isTrue(n.Is_null(), "REQUEST_NULL.Is_null()");
            isEmpty(n.Wait(), "REQUEST_NULL.Wait()");
            isEmpty(n.Test(), "REQUEST_NULL.Test()");
            n.Cancel();
            n.Free();
            Expect.isTrue(n.Is_null(), "REQUEST_NULL after Cancel and Free");
            isEmpty(MPI.EMPTY_STATUS, "MPI.EMPTY_STATUS");
            isEmpty(new Status(), "new Status()");
            // Startall skips null entries, as MPJ Express does
            int[] x = new int[1];
            Prequest p = w.Recv_init(x, 0, 1, MPI.INT, 1, 4242);
            Prequest.Startall(new Prequest[] {null, p, null});
            w.Send(new int[] {42}, 0, 1, MPI.INT, 1, 4242);
            Status[] s = Request.Waitall(new Request[] {null, p, MPI.REQUEST_NULL});
            Expect.equal(4242, s[1].tag, "Startall with nulls: received tag");
            Expect.equal(42, x[0], "Startall with nulls: data");
            p.Free();
        }
    }

    /** World ranks of {@code g}'s members. */
    static int[] members(Group g, Group world) {
        int[] ranks = new int[g.Size()];
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = i;
        }
        return Group.Translate_ranks(g, ranks, world);
    }

    /** Range_incl / Range_excl by computed ranks (8 ranks). */
    public static class GroupRanges {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            Group g = w.Group();
            Expect.equal(8, g.Size(), "world size");
            Object[][] incl = {
                {new int[][] {{5, 8, 2}}, new int[] {5, 7}},                   // last need not be a rank
                {new int[][] {{0, 7, 3}}, new int[] {0, 3, 6}},
                {new int[][] {{7, 0, -3}}, new int[] {7, 4, 1}},               // negative stride
                {new int[][] {{7, 1, -4}}, new int[] {7, 3}},                  // negative stride, last not reached
                {new int[][] {{3, 3, 1}}, new int[] {3}},
                {new int[][] {{3, 3, -1}}, new int[] {3}},
                {new int[][] {{0, 0, 100}}, new int[] {0}},
                {new int[][] {{0, 7, 1}}, new int[] {0, 1, 2, 3, 4, 5, 6, 7}},
                {new int[][] {{5, 2, 1}}, new int[0]},                          // empty: last before first
                {new int[][] {{2, 5, -1}}, new int[0]},
                {new int[][] {{20, 10, 1}}, new int[0]},                        // empty: computes no rank at all
                {new int[0][], new int[0]},
                {new int[][] {{6, 7, 1}, {5, 2, 1}, {0, 1, 1}}, new int[] {6, 7, 0, 1}},
                {new int[][] {{1, 6, 5}, {4, 0, -2}}, new int[] {1, 6, 4, 2, 0}},
            };
            for (Object[] c : incl) {
                int[][] ranges = (int[][]) c[0];
                int[] want = (int[]) c[1];
                String what = "Range_incl " + Arrays.deepToString(ranges);
                same(want, members(g.Range_incl(ranges), g), what);
                boolean[] out = new boolean[8];
                for (int r : want) {
                    out[r] = true;
                }
                int[] rest = java.util.stream.IntStream.range(0, 8).filter(r -> !out[r]).toArray();
                same(rest, members(g.Range_excl(ranges), g), "Range_excl " + Arrays.deepToString(ranges));
            }
            Object[][] bad = {
                {new int[][] {{6, 100, 1}}, MPI.ERR_RANK},   // computes rank 8
                {new int[][] {{-1, 3, 1}}, MPI.ERR_RANK},
                {new int[][] {{8, 0, -1}}, MPI.ERR_RANK},    // first is not a rank
                {new int[][] {{2, -3, -1}}, MPI.ERR_RANK},   // computes rank -1
                {new int[][] {{7, -5, -4}}, MPI.ERR_RANK},   // 7, 3, then -1
                {new int[][] {{0, 3, 0}}, MPI.ERR_ARG},      // stride 0
                {new int[][] {{0, 3, 1}, {3, 5, 1}}, MPI.ERR_RANK}, // rank 3 twice
                {new int[][] {{0, 3}}, MPI.ERR_ARG},         // not a triplet
                {new int[][] {null}, MPI.ERR_ARG},
                {null, MPI.ERR_ARG},
            };
            for (Object[] c : bad) {
                int[][] ranges = (int[][]) c[0];
                int cls = (Integer) c[1];
                Expect.error(cls, "Range_incl " + Arrays.deepToString(ranges), () -> g.Range_incl(ranges));
                Expect.error(cls, "Range_excl " + Arrays.deepToString(ranges), () -> g.Range_excl(ranges));
            }
            // the new group makes a communicator with the computed members
            Intracomm odd = w.Create(g.Range_incl(new int[][] {{7, 0, -2}}));
            if (w.Rank() % 2 == 1) {
                Expect.equal(4, odd.Size(), "communicator of {7, 0, -2}");
                Expect.equal((7 - w.Rank()) / 2, odd.Rank(), "rank in {7, 5, 3, 1}");
                odd.Free();
            } else {
                Expect.isTrue(odd == null, "non-member gets a null communicator");
            }
            // GROUP_NULL and free()
            Expect.error(MPI.ERR_GROUP, "GROUP_NULL.Size()", () -> MPI.GROUP_NULL.Size());
            Expect.error(MPI.ERR_GROUP, "GROUP_NULL.Range_incl", () -> MPI.GROUP_NULL.Range_incl(new int[0][]));
            Group h = g.Incl(new int[] {0, 1});
            h.free();
            Expect.error(MPI.ERR_GROUP, "Size after free()", () -> h.Size());
            MPI.Finalize();
        }
    }

    /** MPJ Express's thread calls, error handler statics, null objects, constants, attributes, exceptions, free(). */
    public static class MpjExpressNames {
        public static void main(String[] args) throws InterruptedException {
            String[] own = MPI.initThread(MPI.THREAD_MULTIPLE, 0, args);
            for (String a : own) {
                Expect.isTrue(!a.startsWith("--jmpi-"), "initThread left a launcher argument: " + a);
            }
            Expect.equal(MPI.THREAD_MULTIPLE, MPI.queryThread(), "queryThread");
            Expect.equal(MPI.Query_thread(), MPI.queryThread(), "queryThread = Query_thread");
            Expect.isTrue(MPI.isMainThread(), "isMainThread in main");
            boolean[] other = {true};
            Thread t = new Thread(() -> other[0] = MPI.isMainThread());
            t.start();
            t.join();
            Expect.isTrue(!other[0], "isMainThread in another thread");
            Intracomm w = MPI.COMM_WORLD;

            // static error handler: COMM_WORLD's
            Expect.isTrue(MPI.Errorhandler_get() == MPI.ERRORS_ARE_FATAL, "default handler");
            MPI.Errorhandler_set(MPI.ERRORS_RETURN);
            Expect.isTrue(w.Errhandler_get() == MPI.ERRORS_RETURN, "MPI.Errorhandler_set sets COMM_WORLD's");
            Expect.isTrue(w.Errorhandler_get() == MPI.ERRORS_RETURN, "Comm.Errorhandler_get");
            Expect.error(MPI.ERR_RANK, "an error returns", () -> w.Send(new int[1], 0, 1, MPI.INT, 99, 0));
            Expect.error(MPI.ERR_ARG, "null handler", () -> MPI.Errorhandler_set(null));
            Intracomm d = (Intracomm) w.clone();
            d.Errorhandler_set(MPI.ERRORS_RETURN);
            Expect.isTrue(d.Errhandler_get() == MPI.ERRORS_RETURN, "Comm.Errorhandler_set");

            // Compare with MPJ Express's values
            Intracomm reversed = w.Split(0, -w.Rank());
            Intracomm half = w.Split(w.Rank() % 2, w.Rank());
            Expect.equal(0, Comm.Compare(w, w), "IDENT is 0");
            Expect.equal(3, Comm.Compare(w, d), "CONGRUENT is 3");
            Expect.equal(1, Comm.Compare(w, reversed), "SIMILAR is 1");
            Expect.equal(2, Comm.Compare(w, half), "UNEQUAL is 2");
            Expect.equal(1, Group.Compare(w.Group(), reversed.Group()), "Group SIMILAR is 1");
            switch (Comm.Compare(w, d)) { // compile-time constants: case labels, as in MPJ Express programs
                case MPI.CONGRUENT -> { }
                case MPI.IDENT, MPI.SIMILAR, MPI.UNEQUAL -> throw new AssertionError("dup is not congruent");
                default -> throw new AssertionError("unknown comparison");
            }

            // null objects
            Expect.isTrue(MPI.COMM_NULL.Is_null(), "COMM_NULL.Is_null()");
            Expect.error(MPI.ERR_COMM, "COMM_NULL.Rank()", () -> MPI.COMM_NULL.Rank());
            Expect.error(MPI.ERR_COMM, "Compare with COMM_NULL", () -> Comm.Compare(w, MPI.COMM_NULL));
            Expect.error(MPI.ERR_COMM, "COMM_NULL.Errhandler_set", () -> MPI.COMM_NULL.Errhandler_set(MPI.ERRORS_RETURN));

            // overheads
            Expect.equal(MPI.BSEND_OVERHEAD, MPI.SEND_OVERHEAD, "SEND_OVERHEAD");
            Expect.equal(0, MPI.RECV_OVERHEAD, "RECV_OVERHEAD");

            // attributes: Integer for both styles; Attr_delete per communicator
            int tagUb = w.Attr_get(MPI.TAG_UB);
            Object io = w.Attr_get(MPI.IO);
            Expect.equal(MPI.TAG_UB_VALUE, tagUb, "TAG_UB as int");
            Expect.equal(Integer.valueOf(MPI.ANY_SOURCE), io, "IO as Object");
            d.Attr_delete(MPI.HOST);
            Expect.error(MPI.ERR_ARG, "Attr_get after Attr_delete", () -> d.Attr_get(MPI.HOST));
            Expect.equal(Integer.valueOf(MPI.PROC_NULL), w.Attr_get(MPI.HOST), "another communicator keeps HOST");
            Expect.error(MPI.ERR_ARG, "Attr_delete of an unknown key", () -> d.Attr_delete(4711));
            Expect.error(MPI.ERR_COMM, "Attr_delete on COMM_NULL", () -> MPI.COMM_NULL.Attr_delete(MPI.HOST));

            // exceptions
            MPIException bare = new MPIException();
            Expect.equal(MPI.ERR_OTHER, bare.Get_error_class(), "MPIException()");
            IllegalStateException cause = new IllegalStateException("cause");
            MPIException wrapped = new MPIException(cause);
            Expect.equal(MPI.ERR_OTHER, wrapped.Get_error_class(), "MPIException(Throwable)");
            Expect.isTrue(wrapped.getCause() == cause, "MPIException(Throwable) keeps its cause");
            MPIException fromMpi = new MPIException(new MPIException(MPI.ERR_TAG, "bad tag"));
            Expect.equal(MPI.ERR_TAG, fromMpi.Get_error_class(), "MPIException(MPIException) keeps the error class");
            Expect.isTrue((Object) bare instanceof RuntimeException, "MPIException is unchecked");

            // free() of MPJ Express
            Op mine = new Op(new User_function() {
                @Override
                public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
                    int[] in = (int[]) invec;
                    int[] io2 = (int[]) inoutvec;
                    for (int i = 0; i < count; i++) {
                        io2[inoutoffset + i] += in[inoffset + i];
                    }
                }
            }, true);
            int[] sum = new int[1];
            w.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, mine);
            Expect.equal(w.Size(), sum[0], "user operation");
            mine.free();
            Expect.error(MPI.ERR_OP, "Allreduce with a freed operation", () -> w.Allreduce(new int[] {1}, 0, sum, 0, 1, MPI.INT, mine));
            Expect.error(MPI.ERR_OP, "free() of MPI.SUM", () -> MPI.SUM.free());
            Status s = w.Sendrecv(new int[] {5}, 0, 1, MPI.INT, w.Rank(), 3, sum, 0, 1, MPI.INT, w.Rank(), 3);
            s.free();
            Expect.equal(w.Rank(), s.source, "a freed Status still reads");

            // MPJ Express style buffer calls compile and work
            MPI.Buffer_attach(java.nio.ByteBuffer.allocate(1 << 16));
            w.Bsend(new int[] {9}, 0, 1, MPI.INT, w.Rank(), 8);
            w.Recv(sum, 0, 1, MPI.INT, w.Rank(), 8);
            MPI.Buffer_detach();
            Expect.equal(9, sum[0], "Bsend through a ByteBuffer");

            reversed.Free();
            half.Free();
            d.Free();
            MPI.Finalize();
        }
    }

    @Test
    void datatypeConstructorsAndUnits() {
        MultiRank.runOk(1, DatatypeUnits.class, T);
    }

    @Test
    void nullRequestsAtEveryPosition() {
        MultiRank.runOk(2, NullRequests.class, T);
    }

    @Test
    void groupRangesByComputedRanks() {
        MultiRank.runOk(8, GroupRanges.class, T);
    }

    @Test
    void mpjExpressNamesAndValues() {
        MultiRank.runOk(4, MpjExpressNames.class, T);
    }
}
