package jmpi.conformance;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * Derived datatypes in communication: every kind sent and received with a different but compatible
 * type on the other side, large (rendezvous) and small (eager) messages, non-blocking, Sendrecv_replace,
 * collectives with derived types, Pack/Unpack, and every bad input with its error class.
 */
@Timeout(120)
class DatatypeTest {
    private static final Duration T = Duration.ofSeconds(60);

    /** A vector sent, a contiguous block received, and back; indexed and struct both ways; large and small. */
    public static class MismatchedButCompatible {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            for (int n : new int[] {3, 100, 40_000}) { // 40 000 doubles: rendezvous
                Datatype strided = MPI.DOUBLE.Vector(n, 1, 8);
                strided.Commit();
                double[] grid = new double[8 * n];
                double[] flat = new double[n];
                if (me == 0) {
                    for (int i = 0; i < grid.length; i++) {
                        grid[i] = i;
                    }
                    MPI.COMM_WORLD.Send(grid, 0, 1, strided, 1, 1);
                    MPI.COMM_WORLD.Recv(grid, 3, 1, strided, 1, 2); // back into column 3
                    for (int i = 0; i < n; i++) {
                        Expect.equal(-i, (long) grid[3 + 8 * i], "column 3 element " + i);
                        Expect.equal(8 * i + 1, (long) grid[8 * i + 1], "column 1 untouched at " + i);
                    }
                } else if (me == 1) {
                    Status s = MPI.COMM_WORLD.Recv(flat, 0, n, MPI.DOUBLE, 0, 1);
                    Expect.equal(n, s.Get_count(MPI.DOUBLE), "contiguous count");
                    for (int i = 0; i < n; i++) {
                        Expect.equal(8 * i, (long) flat[i], "strided element " + i);
                        flat[i] = -i;
                    }
                    MPI.COMM_WORLD.Send(flat, 0, n, MPI.DOUBLE, 0, 2);
                }
                strided.Free();
            }
            // Indexed blocks out of order, received as a Struct of two contiguous pieces.
            Datatype idx = MPI.INT.Indexed(new int[] {2, 3, 1}, new int[] {10, 0, 6});
            idx.Commit();
            Expect.equal(6, idx.Size(), "indexed elements");
            Expect.equal(0, idx.Lb(), "indexed lb");
            Expect.equal(12, idx.Ub(), "indexed ub");
            Datatype pair = MPI.INT.Contiguous(3);
            Datatype st = Datatype.Struct(new int[] {1, 1}, new int[] {100, 0}, new Datatype[] {pair, pair});
            st.Commit();
            if (me == 0) {
                int[] src = new int[20];
                for (int i = 0; i < src.length; i++) {
                    src[i] = 100 + i;
                }
                MPI.COMM_WORLD.Send(src, 0, 1, idx, 1, 3);
            } else if (me == 1) {
                int[] dst = new int[200];
                Status s = MPI.COMM_WORLD.Recv(dst, 0, 1, st, 0, 3);
                Expect.equal(1, s.Get_count(st), "struct count");
                Expect.equal(6, s.Get_elements(MPI.INT), "elements");
                int[] want = {110, 111, 100, 101, 102, 106};
                int[] got = {dst[100], dst[101], dst[102], dst[0], dst[1], dst[2]};
                Expect.isTrue(Arrays.equals(want, got), "struct received " + Arrays.toString(got));
            }
            // Non-blocking receive into a vector completes (and scatters) at Wait.
            Datatype cols = MPI.LONG.Vector(4, 2, 5);
            cols.Commit();
            if (me == 0) {
                long[] out = new long[8];
                for (int i = 0; i < 8; i++) {
                    out[i] = 1000 + i;
                }
                MPI.COMM_WORLD.Send(out, 0, 8, MPI.LONG, 1, 4);
            } else if (me == 1) {
                long[] in = new long[20];
                Request r = MPI.COMM_WORLD.Irecv(in, 0, 1, cols, 0, 4);
                Status s = r.Wait();
                Expect.equal(1, s.Get_count(cols), "vector count");
                long[] want = {1000, 1001, 0, 0, 0, 1002, 1003, 0, 0, 0, 1004, 1005, 0, 0, 0, 1006, 1007, 0, 0, 0};
                Expect.isTrue(Arrays.equals(want, in), "vector received " + Arrays.toString(in));
            }
            // MPI.OBJECT through a vector: every other object of the array, received contiguously.
            Datatype everyOther = MPI.OBJECT.Vector(3, 1, 2);
            everyOther.Commit();
            if (me == 0) {
                Object[] objs = {"a", "skip", "b", "skip", "c"};
                MPI.COMM_WORLD.Send(objs, 0, 1, everyOther, 1, 6);
            } else if (me == 1) {
                Object[] got = new Object[3];
                Status s = MPI.COMM_WORLD.Recv(got, 0, 3, MPI.OBJECT, 0, 6);
                Expect.isTrue(Arrays.equals(new Object[] {"a", "b", "c"}, got), "objects " + Arrays.toString(got));
                Expect.equal(3, s.Get_count(MPI.OBJECT), "object count");
            }
            // Sendrecv_replace with a vector.
            if (me < 2) {
                long[] buf = new long[20];
                Arrays.fill(buf, me * 100 + 7);
                MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 1, cols, 1 - me, 5, 1 - me, 5);
                for (int i = 0; i < 20; i++) {
                    boolean inType = i % 5 < 2 && i < 17;
                    Expect.equal(inType ? (1 - me) * 100 + 7 : me * 100 + 7, buf[i], "replace element " + i);
                }
            }
            MPI.Finalize();
        }
    }

    /** Collectives with derived datatypes, and the pair types with MAXLOC / MINLOC. */
    public static class Collectives {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int p = MPI.COMM_WORLD.Size();
            Datatype every3 = MPI.INT.Vector(5, 1, 3);
            every3.Commit();
            int[] b = new int[15];
            if (me == 1) {
                for (int i = 0; i < 15; i++) {
                    b[i] = i;
                }
            }
            MPI.COMM_WORLD.Bcast(b, 0, 1, every3, 1);
            for (int i = 0; i < 15; i++) {
                Expect.equal(i % 3 == 0 ? i : (me == 1 ? i : 0), b[i], "Bcast of a vector, element " + i);
            }
            int[] mine = new int[15];
            for (int i = 0; i < 15; i++) {
                mine[i] = (me + 1) * (i + 1);
            }
            int[] sum = new int[15];
            MPI.COMM_WORLD.Allreduce(mine, 0, sum, 0, 1, every3, MPI.SUM);
            for (int i = 0; i < 15; i++) {
                int want = i % 3 == 0 ? (p * (p + 1) / 2) * (i + 1) : 0;
                Expect.equal(want, sum[i], "Allreduce of a vector, element " + i);
            }
            int[] gathered = new int[5 * p];
            MPI.COMM_WORLD.Allgather(mine, 0, 1, every3, gathered, 0, 5, MPI.INT);
            for (int r = 0; r < p; r++) {
                for (int k = 0; k < 5; k++) {
                    Expect.equal((r + 1) * (3 * k + 1), gathered[r * 5 + k], "Allgather block " + r + " element " + k);
                }
            }
            double[] vi = {me % 3 == 0 ? 5.0 : me, me};
            double[] out = new double[2];
            MPI.COMM_WORLD.Allreduce(vi, 0, out, 0, 1, MPI.DOUBLE2, MPI.MAXLOC);
            double max = 0;
            double at = 0;
            for (int r = p - 1; r >= 0; r--) {
                double v = r % 3 == 0 ? 5.0 : r;
                if (v >= max) {
                    max = v;
                    at = r;
                }
            }
            Expect.isTrue(out[0] == max && out[1] == at, "MAXLOC " + Arrays.toString(out) + " want " + max + "@" + at);
            int[] iv = {10 - me, me};
            int[] io = new int[2];
            MPI.COMM_WORLD.Allreduce(iv, 0, io, 0, 1, MPI.INT2, MPI.MINLOC);
            Expect.isTrue(io[0] == 10 - (p - 1) && io[1] == p - 1, "MINLOC " + Arrays.toString(io));
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Expect.error(MPI.ERR_OP, "MAXLOC on a plain type", () -> MPI.COMM_WORLD.Allreduce(new int[2], 0, new int[2], 0,
                    2, MPI.INT, MPI.MAXLOC));
            Expect.error(MPI.ERR_OP, "SUM on booleans", () -> MPI.COMM_WORLD.Allreduce(new boolean[2], 0, new boolean[2], 0,
                    2, MPI.BOOLEAN, MPI.SUM));
            Expect.error(MPI.ERR_TYPE, "Gatherv with a strided type", () -> MPI.COMM_WORLD.Gatherv(mine, 0, 1, every3,
                    new int[5 * p], 0, new int[p], new int[p], MPI.INT, 0));
            MPI.Finalize();
        }
    }

    /** Pack / Unpack / Pack_size, PACKED messages, and refused inputs. */
    public static class PackAndErrors {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Datatype v = MPI.DOUBLE.Vector(3, 1, 2);
            v.Commit();
            int size = MPI.COMM_WORLD.Pack_size(1, v) + MPI.COMM_WORLD.Pack_size(2, MPI.INT);
            Expect.equal(8 + 3 * 8 + 8 + 8, size, "Pack_size (bounds of two mpjbuf sections: header + data padded to 8)");
            if (me == 0) {
                byte[] packed = new byte[size];
                int pos = MPI.COMM_WORLD.Pack(new double[] {1, 9, 2, 9, 3}, 0, 1, v, packed, 0);
                pos = MPI.COMM_WORLD.Pack(new int[] {7, 8}, 0, 2, MPI.INT, packed, pos);
                Expect.equal(3 * 8 + 2 * 4, pos, "position after packing (a byte[] takes the elements' bytes only)");
                MPI.COMM_WORLD.Send(packed, 0, pos, MPI.PACKED, 1, 0);
            } else if (me == 1) {
                byte[] packed = new byte[size];
                Status s = MPI.COMM_WORLD.Recv(packed, 0, size, MPI.PACKED, 0, 0);
                Expect.equal(3 * 8 + 2 * 4, s.Get_count(MPI.PACKED), "packed bytes");
                double[] d = new double[3];
                int[] i = new int[2];
                int pos = MPI.COMM_WORLD.Unpack(packed, 0, d, 0, 3, MPI.DOUBLE);
                MPI.COMM_WORLD.Unpack(packed, pos, i, 0, 2, MPI.INT);
                Expect.isTrue(Arrays.equals(new double[] {1, 2, 3}, d) && Arrays.equals(new int[] {7, 8}, i),
                        "unpacked " + Arrays.toString(d) + Arrays.toString(i));
            }
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Datatype uncommitted = MPI.INT.Vector(2, 1, 2);
            Expect.error(MPI.ERR_TYPE, "uncommitted type", () -> MPI.COMM_WORLD.Send(new int[4], 0, 1, uncommitted, 0, 0));
            Expect.error(MPI.ERR_COUNT, "negative count", () -> MPI.INT.Vector(-1, 1, 1));
            Expect.error(MPI.ERR_BUFFER, "buffer too small for the vector", () -> MPI.COMM_WORLD.Send(new double[4], 0, 1, v, 0, 0));
            Datatype overlapping = MPI.INT.Indexed(new int[] {2, 2}, new int[] {0, 1});
            overlapping.Commit();
            Expect.error(MPI.ERR_TYPE, "overlapping receive type", () -> MPI.COMM_WORLD.Irecv(new int[4], 0, 1, overlapping,
                    0, 0));
            Datatype freed = MPI.INT.Contiguous(2);
            freed.Commit();
            freed.Free();
            Expect.error(MPI.ERR_TYPE, "freed type", () -> MPI.COMM_WORLD.Send(new int[4], 0, 1, freed, 0, 0));
            Expect.error(MPI.ERR_TYPE, "free a predefined type", MPI.INT::Free);
            Expect.error(MPI.ERR_TYPE, "mixed base types in a struct", () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1},
                    new Datatype[] {MPI.INT, MPI.DOUBLE}));
            Expect.error(MPI.ERR_TYPE, "double buffer for an int type", () -> MPI.COMM_WORLD.Send(new double[4], 0, 2,
                    MPI.INT.Contiguous(2), 0, 0));
            MPI.Finalize();
        }
    }

    @Test
    void mismatchedButCompatibleTypes() {
        MultiRank.runOk(2, MismatchedButCompatible.class, T);
    }

    @Test
    void collectivesWithDerivedAndPairTypes() {
        MultiRank.runOk(5, Collectives.class, T);
    }

    @Test
    void packUnpackAndErrors() {
        MultiRank.runOk(2, PackAndErrors.class, T);
    }
}
