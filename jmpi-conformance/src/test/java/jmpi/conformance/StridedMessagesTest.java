package jmpi.conformance;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.MPI;
import mpi.Status;

/**
 * Vectors sent and received directly (the CLEI 1999 paper's STRIDE), end to end, on every path a derived datatype
 * takes: the small and eager paths, a same-JVM rendezvous copied through both datatypes (split with the waiting
 * sender from 32 KiB of data on), and the byte protocols (threads in byte mode: receives unpacked straight from
 * the bytes, packed copies reused). Every basic type but objects, strides 8, 3 and -8 (the vector's first element
 * last in the array), both sides strided or one side contiguous, sizes from 1 element to 40 000, a zero count, a
 * message at the very end of the array, truncation, a vector into the elements of the array the sender's vector
 * leaves out (the same array where ranks share it), and objects through a vector.
 */
@Timeout(300)
class StridedMessagesTest {
    private static final Duration T = Duration.ofSeconds(120);

    @AfterEach
    void clear() {
        System.clearProperty("jmpi.threads.encode");
        System.clearProperty("jmpi.eager.limit");
    }

    public static class Body {
        private static final int[] SIZES = {1, 2, 7, 100, 1000, 2048, 2049, 4100, 40_000};
        private static final int[] STRIDES = {8, 3, -8};

        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
            int tag = 0;
            for (Datatype base : types) {
                for (int stride : STRIDES) {
                    for (int n : SIZES) {
                        tag++;
                        Datatype vec = base.Vector(n, 1, stride);
                        vec.Commit();
                        int span = Math.abs(stride) * (n - 1) + 1;
                        int length = span + 5;
                        int offset = stride < 0 ? length - 1 : length - span; // the message reaches the array's end
                        String what = base + " Vector(" + n + ", 1, " + stride + ")";
                        if (me == 0) {
                            Object a = filled(base, length, 1);
                            MPI.COMM_WORLD.Send(a, offset, 1, vec, 1, tag);
                            MPI.COMM_WORLD.Send(a, offset, 1, vec, 1, tag + 100_000); // into a contiguous buffer
                            Object flat = filled(base, n, 7);
                            MPI.COMM_WORLD.Send(flat, 0, n, base, 1, tag + 200_000); // from a contiguous buffer
                        } else if (me == 1) {
                            Object a = filled(base, length, 0);
                            Status s = MPI.COMM_WORLD.Recv(a, offset, 1, vec, 0, tag);
                            Expect.equal(1, s.Get_count(vec), what + " count");
                            Object want = filled(base, length, 0);
                            Object sent = filled(base, length, 1);
                            for (int e = 0; e < n; e++) {
                                System.arraycopy(sent, offset + e * stride, want, offset + e * stride, 1);
                            }
                            Expect.isTrue(same(want, a), what + " strided to strided");

                            Object flat = filled(base, n + 2, 0);
                            MPI.COMM_WORLD.Recv(flat, 1, n, base, 0, tag + 100_000);
                            Object wantFlat = filled(base, n + 2, 0);
                            for (int e = 0; e < n; e++) {
                                System.arraycopy(sent, offset + e * stride, wantFlat, 1 + e, 1);
                            }
                            Expect.isTrue(same(wantFlat, flat), what + " strided to contiguous");

                            Object b = filled(base, length, 0);
                            MPI.COMM_WORLD.Recv(b, offset, 1, vec, 0, tag + 200_000);
                            Object wantB = filled(base, length, 0);
                            Object from = filled(base, n, 7);
                            for (int e = 0; e < n; e++) {
                                System.arraycopy(from, e, wantB, offset + e * stride, 1);
                            }
                            Expect.isTrue(same(wantB, b), what + " contiguous to strided");
                        }
                        vec.Free();
                    }
                }
            }
            truncationZeroCountAndObjects(me);
            disjointHalvesOfOneArray(me);
            smallShapesPostedAndUnexpected(me);
            burstBeyondTheTransportsRoom(me);
            MPI.Finalize();
        }

        private static void truncationZeroCountAndObjects(int me) {
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Datatype pair = MPI.DOUBLE.Vector(2, 1, 4);
            pair.Commit();
            for (int n : new int[] {10, 5000}) {
                Datatype longer = MPI.DOUBLE.Vector(n, 1, 4);
                Datatype shorter = MPI.DOUBLE.Vector(n - 3, 1, 4);
                longer.Commit();
                shorter.Commit();
                if (me == 0) {
                    MPI.COMM_WORLD.Send(filled(MPI.DOUBLE, 4 * n, 1), 0, 1, longer, 1, 7);
                    MPI.COMM_WORLD.Send(new double[0], 0, 0, longer, 1, 8);
                } else if (me == 1) {
                    double[] into = (double[]) filled(MPI.DOUBLE, 4 * n, 0);
                    Expect.error(MPI.ERR_TRUNCATE, "a vector of " + n + " into one of " + (n - 3),
                            () -> MPI.COMM_WORLD.Recv(into, 0, 1, shorter, 0, 7));
                    double[] sent = (double[]) filled(MPI.DOUBLE, 4 * n, 1);
                    for (int e = 0; e < 4 * n; e++) {
                        double want = e % 4 == 0 && e / 4 < n - 3 ? sent[e] : value(0, e);
                        Expect.isTrue(into[e] == want, "truncated receive element " + e);
                    }
                    double[] none = (double[]) filled(MPI.DOUBLE, 8, 0);
                    Status s = MPI.COMM_WORLD.Recv(none, 0, 1, pair, 0, 8);
                    Expect.equal(0, s.Get_count(MPI.DOUBLE), "an empty message");
                    Expect.isTrue(same(filled(MPI.DOUBLE, 8, 0), none), "an empty message writes nothing");
                }
                longer.Free();
                shorter.Free();
            }
            pair.Free();
            Datatype objs = MPI.OBJECT.Vector(3, 1, 2);
            objs.Commit();
            if (me == 0) {
                MPI.COMM_WORLD.Send(new Object[] {"a", "x", "b", "y", "c"}, 0, 1, objs, 1, 9);
            } else if (me == 1) {
                Object[] got = new Object[6];
                MPI.COMM_WORLD.Recv(got, 1, 1, objs, 0, 9);
                Expect.isTrue(Arrays.equals(new Object[] {null, "a", null, "b", null, "c"}, got), Arrays.toString(got));
            }
            objs.Free();
        }

        /**
         * Two items of irregular datatypes in small messages (gathered straight into the transport's memory, and
         * unpacked straight out of it when the receive is posted first): an Indexed of ints with blocks of 2, 1 and
         * 3, a Vector of longs with blocks of 2, a Vector of booleans; each into the same type (at another offset)
         * and into a contiguous buffer, once to a receive posted before the send and once to one posted after (the
         * message waits as unexpected); then a posted receive that truncates.
         */
        private static void smallShapesPostedAndUnexpected(int me) {
            Datatype[] types = {MPI.INT.Indexed(new int[] {2, 1, 3}, new int[] {0, 5, 9}), MPI.LONG.Vector(3, 2, 5),
                    MPI.BOOLEAN.Vector(5, 1, 2)};
            Datatype[] bases = {MPI.INT, MPI.LONG, MPI.BOOLEAN};
            int[][] at = {{0, 1, 5, 9, 10, 11}, {0, 1, 5, 6, 10, 11}, {0, 2, 4, 6, 8}};
            int[] extent = {12, 12, 9};
            int items = 2;
            int tag = 300_000;
            for (int t = 0; t < types.length; t++) {
                Datatype type = types[t];
                type.Commit();
                int length = 3 + items * extent[t] + 2;
                int flat = items * at[t].length;
                for (boolean posted : new boolean[] {true, false}) {
                    String what = type + " x " + items + (posted ? ", posted first" : ", unexpected");
                    if (me == 0) {
                        if (posted) {
                            MPI.COMM_WORLD.Barrier();
                        }
                        // non-blocking: with every message a rendezvous (a test below), a Send waits for its receive
                        mpi.Request[] ss = {MPI.COMM_WORLD.Isend(filled(bases[t], length, 3), 3, items, type, 1, tag),
                                MPI.COMM_WORLD.Isend(filled(bases[t], length, 3), 3, items, type, 1, tag + 1)};
                        if (!posted) {
                            MPI.COMM_WORLD.Barrier();
                        }
                        mpi.Request.Waitall(ss);
                    } else if (me == 1) {
                        Object same = filled(bases[t], length + 4, 0);
                        Object contiguous = filled(bases[t], flat + 2, 0);
                        mpi.Request[] rs = new mpi.Request[2];
                        if (posted) {
                            rs[0] = MPI.COMM_WORLD.Irecv(same, 7, items, type, 0, tag);
                            rs[1] = MPI.COMM_WORLD.Irecv(contiguous, 1, flat, bases[t], 0, tag + 1);
                            MPI.COMM_WORLD.Barrier();
                        } else {
                            MPI.COMM_WORLD.Barrier();
                            rs[0] = MPI.COMM_WORLD.Irecv(same, 7, items, type, 0, tag);
                            rs[1] = MPI.COMM_WORLD.Irecv(contiguous, 1, flat, bases[t], 0, tag + 1);
                        }
                        Status[] st = mpi.Request.Waitall(rs);
                        Expect.equal(items, st[0].Get_count(type), what + " count");
                        Object sent = filled(bases[t], length, 3);
                        Object wantSame = filled(bases[t], length + 4, 0);
                        Object wantContiguous = filled(bases[t], flat + 2, 0);
                        for (int k = 0; k < items; k++) {
                            for (int e = 0; e < at[t].length; e++) {
                                int from = 3 + k * extent[t] + at[t][e];
                                System.arraycopy(sent, from, wantSame, 7 + k * extent[t] + at[t][e], 1);
                                System.arraycopy(sent, from, wantContiguous, 1 + k * at[t].length + e, 1);
                            }
                        }
                        Expect.isTrue(same(wantSame, same), what + " into the same type");
                        Expect.isTrue(same(wantContiguous, contiguous), what + " into a contiguous buffer");
                    }
                    tag += 2;
                }
                type.Free();
            }
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Datatype ten = MPI.INT.Vector(10, 1, 3);
            Datatype seven = MPI.INT.Vector(7, 1, 3);
            ten.Commit();
            seven.Commit();
            if (me == 0) {
                MPI.COMM_WORLD.Barrier();
                MPI.COMM_WORLD.Send(filled(MPI.INT, 30, 5), 0, 1, ten, 1, tag);
            } else if (me == 1) {
                int[] into = (int[]) filled(MPI.INT, 30, 0);
                mpi.Request r = MPI.COMM_WORLD.Irecv(into, 0, 1, seven, 0, tag);
                MPI.COMM_WORLD.Barrier();
                Expect.error(MPI.ERR_TRUNCATE, "a posted vector of 10 into one of 7", r::Wait);
                int[] sent = (int[]) filled(MPI.INT, 30, 5);
                int[] was = (int[]) filled(MPI.INT, 30, 0);
                for (int e = 0; e < 30; e++) {
                    int want = e % 3 == 0 && e / 3 < 7 ? sent[e] : was[e];
                    Expect.isTrue(into[e] == want, "posted truncated receive element " + e);
                }
            }
            ten.Free();
            seven.Free();
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_ARE_FATAL);
        }

        /**
         * Small vectors sent in a burst before any receive is posted, more of them than the transport's
         * small-message room holds (a message the transport cannot take at once must keep its own copy of the
         * gathered elements: the sender gathers the next one into the same per-thread array), each with its own
         * values; then received half into receives posted before a second burst (several delivered in one poll,
         * each staged and scattered in turn) and half as unexpected messages. Sizes from 2 to 1000 doubles.
         */
        private static void burstBeyondTheTransportsRoom(int me) {
            int[] sizes = {2, 7, 125, 1000};
            int burst = 120;
            int stride = 3;
            int tag = 400_000;
            for (int n : sizes) {
                Datatype vec = MPI.DOUBLE.Vector(n, 1, stride);
                vec.Commit();
                int length = stride * (n - 1) + 1;
                if (me == 0) {
                    for (int round = 0; round < 2; round++) {
                        if (round == 1) {
                            MPI.COMM_WORLD.Barrier(); // rank 1 has posted this round's receives
                        }
                        mpi.Request[] ss = new mpi.Request[burst];
                        for (int k = 0; k < burst; k++) {
                            double[] a = new double[length];
                            for (int e = 0; e < n; e++) {
                                a[e * stride] = value(round, k, e);
                            }
                            ss[k] = MPI.COMM_WORLD.Isend(a, 0, 1, vec, 1, tag + round * burst + k);
                        }
                        if (round == 0) {
                            MPI.COMM_WORLD.Barrier(); // the burst is out before rank 1 posts its receives
                        }
                        mpi.Request.Waitall(ss);
                    }
                } else if (me == 1) {
                    double[][] into = new double[2 * burst][length + 2];
                    MPI.COMM_WORLD.Barrier();
                    mpi.Request[] rs = new mpi.Request[2 * burst];
                    for (int k = 0; k < 2 * burst; k++) {
                        rs[k] = MPI.COMM_WORLD.Irecv(into[k], 1, 1, vec, 0, tag + k);
                    }
                    MPI.COMM_WORLD.Barrier();
                    mpi.Request.Waitall(rs);
                    for (int k = 0; k < 2 * burst; k++) {
                        for (int i = 0; i < length + 2; i++) {
                            int e = (i - 1) / stride;
                            double want = i >= 1 && i <= length && (i - 1) % stride == 0
                                    ? value(k / burst, k % burst, e) : 0;
                            Expect.isTrue(into[k][i] == want, "burst of " + n + "-double vectors, message " + k
                                    + ", element " + i + ": " + into[k][i] + " instead of " + want);
                        }
                    }
                } else {
                    MPI.COMM_WORLD.Barrier();
                    MPI.COMM_WORLD.Barrier();
                }
                vec.Free();
            }
        }

        private static double value(int round, int k, int e) {
            return 1 + round * 1e7 + k * 1e4 + e;
        }

        /** Rank 0 sends the even elements of an array; rank 1 receives them into the odd ones of the same array. */
        private static void disjointHalvesOfOneArray(int me) {
            int n = 30_000;
            Datatype even = MPI.DOUBLE.Vector(n, 1, 2);
            even.Commit();
            // Each rank of the threads transport has its own copy of this class: the array is shared through
            // the JVM's system properties (the same for every rank), and is one array per rank on other transports.
            double[] fresh = new double[2 * n];
            for (int i = 0; i < fresh.length; i++) {
                fresh[i] = i % 2 == 0 ? i : -1;
            }
            Object was = System.getProperties().putIfAbsent(SHARED_KEY, fresh);
            double[] a = was != null ? (double[]) was : fresh;
            MPI.COMM_WORLD.Barrier();
            if (me == 0) {
                MPI.COMM_WORLD.Send(a, 0, 1, even, 1, 10);
            } else if (me == 1) {
                MPI.COMM_WORLD.Recv(a, 1, 1, even, 0, 10);
                for (int i = 0; i < n; i++) {
                    Expect.isTrue(a[2 * i + 1] == 2 * i && a[2 * i] == 2 * i, "element pair " + i);
                }
            }
            MPI.COMM_WORLD.Barrier();
            System.getProperties().remove(SHARED_KEY, a);
            even.Free();
        }

        private static final String SHARED_KEY = "jmpi.test.StridedMessagesTest.shared";

        private static double value(int seed, int i) {
            return seed * 1_000_003 + i * 0.5;
        }

        /** An array of {@code base}'s type with a pattern that depends on {@code seed} and the index. */
        static Object filled(Datatype base, int n, int seed) {
            if (base == MPI.DOUBLE) {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = value(seed, i);
                }
                return a;
            }
            long[] v = new long[n];
            for (int i = 0; i < n; i++) {
                v[i] = seed * 1_000_003L + i * 7919L;
            }
            if (base == MPI.BYTE) {
                byte[] a = new byte[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (byte) v[i];
                }
                return a;
            } else if (base == MPI.CHAR) {
                char[] a = new char[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (char) v[i];
                }
                return a;
            } else if (base == MPI.SHORT) {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) v[i];
                }
                return a;
            } else if (base == MPI.BOOLEAN) {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = ((v[i] >> 3) & 1) != 0;
                }
                return a;
            } else if (base == MPI.INT) {
                int[] a = new int[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (int) v[i];
                }
                return a;
            } else if (base == MPI.LONG) {
                return v;
            } else if (base == MPI.FLOAT) {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = v[i] * 0.25f;
                }
                return a;
            }
            throw new IllegalArgumentException(base.toString());
        }

        static boolean same(Object a, Object b) {
            return switch (a) {
                case byte[] x -> Arrays.equals(x, (byte[]) b);
                case char[] x -> Arrays.equals(x, (char[]) b);
                case short[] x -> Arrays.equals(x, (short[]) b);
                case boolean[] x -> Arrays.equals(x, (boolean[]) b);
                case int[] x -> Arrays.equals(x, (int[]) b);
                case long[] x -> Arrays.equals(x, (long[]) b);
                case float[] x -> Arrays.equals(x, (float[]) b);
                case double[] x -> Arrays.equals(x, (double[]) b);
                default -> throw new IllegalArgumentException(a.getClass().getName());
            };
        }
    }

    @Test
    void vectorsBetweenRanksThatShareMemory() {
        MultiRank.runOk(2, Body.class, T);
    }

    @Test
    void vectorsOverTheByteProtocols() {
        System.setProperty("jmpi.threads.encode", "true");
        MultiRank.runOk(2, Body.class, T);
    }

    @Test
    void vectorsOverTheByteProtocolsAllRendezvous() {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", "0");
        MultiRank.runOk(2, Body.class, T);
    }
}
