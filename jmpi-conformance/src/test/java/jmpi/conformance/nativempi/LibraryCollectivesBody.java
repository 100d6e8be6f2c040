package jmpi.conformance.nativempi;

import java.util.Arrays;

import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;
import mpi.User_function;

/**
 * A rank program for the MPI library's own collectives (the {@code library} algorithms of the native
 * transport): barrier, broadcast, reduce, allreduce, allgather and alltoall of every primitive number type, with
 * every operation the library runs bit for bit as Java (SUM, PROD; MAX, MIN, BAND, BOR, BXOR on integers),
 * every root, counts 0, 1, 7, 1000 and 30011, in place (the send array as the receive array) and offsets; each
 * result checked against a serial reference every rank computes. With {@code -Djmpi.coll.<c>=library} forced,
 * also checks that a call the library cannot run (a user operation, MAX of doubles) is refused with
 * {@code ERR_ARG} rather than run some other way. Exits non-zero on the first wrong element.
 */
public final class LibraryCollectivesBody {
    private static final int[] COUNTS = {0, 1, 7, 1000, 30_011};

    private LibraryCollectivesBody() {
    }

    /** Rank r's value at i, as a long (each type keeps its low bits: wrap-around is part of the check). */
    static long value(int rank, int i) {
        return (rank + 3L) * 1_000_003L + i * 7919L + (long) (i % 5) * rank * 65_537L;
    }

    /** Forced: the reductions the library failed its check at start for are refused (ERR_ARG), and skipped here. */
    private static boolean forced;

    public static void main(String[] args) {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int p = w.Size();
        int me = w.Rank();
        forced = "library".equals(System.getProperty("jmpi.coll.allreduce"));
        if (forced) {
            w.Errhandler_set(MPI.ERRORS_RETURN);
        }
        for (int count : COUNTS) {
            w.Barrier();
            checkInts(w, p, me, count);
            checkLongs(w, p, me, count);
            checkDoubles(w, p, me, count, forced);
            checkSmallTypes(w, p, me, count);
        }
        if (forced) {
            w.Errhandler_set(MPI.ERRORS_ARE_FATAL);
            refused(w, () -> w.Allreduce(new double[] {1}, 0, new double[1], 0, 1, MPI.DOUBLE, MPI.MAX),
                    "MAX of doubles");
            Op user = new Op(new User_function() {
                @Override
                public void Call(Object in, int io, Object inout, int ioo, int n, Datatype t) {
                    for (int i = 0; i < n; i++) {
                        ((int[]) inout)[ioo + i] += ((int[]) in)[io + i];
                    }
                }
            }, true);
            refused(w, () -> w.Allreduce(new int[] {1}, 0, new int[1], 0, 1, MPI.INT, user), "a user operation");
        }
        MPI.Finalize();
        if (me == 0) {
            System.out.println("library collectives checked on " + p + " ranks" + (forced ? " (forced)" : ""));
        }
    }

    private static void checkInts(Intracomm w, int p, int me, int count) {
        int[] mine = new int[count];
        for (int i = 0; i < count; i++) {
            mine[i] = (int) value(me, i);
        }
        for (int root = 0; root < p; root++) {
            int[] b = new int[count + 2];
            if (me == root) {
                System.arraycopy(mine, 0, b, 2, count);
            }
            w.Bcast(b, 2, count, MPI.INT, root);
            for (int i = 0; i < count; i++) {
                expect(b[2 + i] == (int) value(root, i), "Bcast int root " + root, i);
            }
        }
        String[] names = {"SUM", "PROD", "MAX", "MIN", "BAND", "BOR", "BXOR"};
        Op[] ops = {MPI.SUM, MPI.PROD, MPI.MAX, MPI.MIN, MPI.BAND, MPI.BOR, MPI.BXOR};
        for (int k = 0; k < ops.length; k++) {
            int[] want = new int[count];
            for (int i = 0; i < count; i++) {
                int acc = (int) value(0, i);
                for (int r = 1; r < p; r++) {
                    int x = (int) value(r, i);
                    acc = switch (names[k]) {
                        case "SUM" -> acc + x;
                        case "PROD" -> acc * x;
                        case "MAX" -> Math.max(acc, x);
                        case "MIN" -> Math.min(acc, x);
                        case "BAND" -> acc & x;
                        case "BOR" -> acc | x;
                        default -> acc ^ x;
                    };
                }
                want[i] = acc;
            }
            int root = (k + count) % p;
            int[] got = new int[count];
            Op op = ops[k];
            if (reduced(() -> w.Reduce(mine, 0, got, 0, count, MPI.INT, op, root)) && me == root) {
                expect(Arrays.equals(want, got), "Reduce int " + names[k] + " at root " + root, first(want, got));
            }
            int[] inPlace = mine.clone();
            if (reduced(() -> w.Allreduce(inPlace, 0, inPlace, 0, count, MPI.INT, op))) {
                expect(Arrays.equals(want, inPlace), "Allreduce int " + names[k] + " in place", first(want, inPlace));
            }
        }
        int[] all = new int[p * count + 1];
        w.Allgather(mine, 0, count, MPI.INT, all, 1, count, MPI.INT);
        int[] blocks = new int[p * count];
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < count; i++) {
                expect(all[1 + r * count + i] == (int) value(r, i), "Allgather int block " + r, i);
                blocks[r * count + i] = (int) (value(me, i) ^ (r * 31L));
            }
        }
        int[] got = new int[p * count];
        w.Alltoall(blocks, 0, count, MPI.INT, got, 0, count, MPI.INT);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < count; i++) {
                expect(got[r * count + i] == (int) (value(r, i) ^ (me * 31L)), "Alltoall int from " + r, i);
            }
        }
    }

    private static void checkLongs(Intracomm w, int p, int me, int count) {
        long[] mine = new long[count];
        long[] sum = new long[count];
        long[] prod = new long[count];
        Arrays.fill(prod, 1);
        for (int r = 0; r < p; r++) {
            for (int i = 0; i < count; i++) {
                sum[i] += value(r, i) * value(r, i);
                prod[i] *= value(r, i) * value(r, i);
            }
        }
        for (int i = 0; i < count; i++) {
            mine[i] = value(me, i) * value(me, i); // past 32 bits
        }
        long[] got = new long[count];
        if (reduced(() -> w.Allreduce(mine, 0, got, 0, count, MPI.LONG, MPI.SUM))) {
            expect(Arrays.equals(sum, got), "Allreduce long SUM", first(sum, got));
        }
        if (reduced(() -> w.Allreduce(mine, 0, got, 0, count, MPI.LONG, MPI.PROD))) {
            expect(Arrays.equals(prod, got), "Allreduce long PROD (wraps)", first(prod, got));
        }
    }

    private static void checkDoubles(Intracomm w, int p, int me, int count, boolean forced) {
        double[] mine = new double[count];
        for (int i = 0; i < count; i++) {
            mine[i] = 1.0 / (1 + value(me, i) % 1000); // inexact sums: every rank must get the same bits
        }
        double[] got = new double[count];
        if (!reduced(() -> w.Allreduce(mine, 0, got, 0, count, MPI.DOUBLE, MPI.SUM))) {
            return;
        }
        double[] all = new double[count * p];
        w.Allgather(got, 0, count, MPI.DOUBLE, all, 0, count, MPI.DOUBLE);
        for (int r = 1; r < p; r++) {
            for (int i = 0; i < count; i++) {
                expect(Double.doubleToRawLongBits(all[r * count + i]) == Double.doubleToRawLongBits(all[i]),
                        "Allreduce double SUM: rank " + r + " got other bits than rank 0", i);
            }
        }
        for (int i = 0; i < count; i++) {
            double lo = 0;
            for (int r = 0; r < p; r++) {
                lo += 1.0 / (1 + value(r, i) % 1000);
            }
            expect(Math.abs(got[i] - lo) <= 1e-12 * Math.abs(lo), "Allreduce double SUM value", i);
        }
        if (forced) {
            return; // (forced, MAX of doubles is refused: checked at the end)
        }
        double[] max = new double[count];
        w.Allreduce(mine, 0, max, 0, count, MPI.DOUBLE, MPI.MAX); // not the library's (NaN, -0.0): another algorithm
        for (int i = 0; i < count; i++) {
            double m = Double.NEGATIVE_INFINITY;
            for (int r = 0; r < p; r++) {
                m = Math.max(m, 1.0 / (1 + value(r, i) % 1000));
            }
            expect(max[i] == m, "Allreduce double MAX", i);
        }
    }

    private static void checkSmallTypes(Intracomm w, int p, int me, int count) {
        byte[] b = new byte[count];
        short[] s = new short[count];
        char[] c = new char[count];
        float[] f = new float[count];
        for (int i = 0; i < count; i++) {
            b[i] = (byte) value(me, i);
            s[i] = (short) value(me, i);
            c[i] = (char) value(me, i);
            f[i] = (float) (value(me, i) % 4096);
        }
        byte[] bs = new byte[count];
        short[] ss = new short[count];
        char[] cm = new char[count];
        float[] fs = new float[count];
        boolean bok = reduced(() -> w.Allreduce(b, 0, bs, 0, count, MPI.BYTE, MPI.SUM));
        boolean sok = reduced(() -> w.Allreduce(s, 0, ss, 0, count, MPI.SHORT, MPI.MIN));
        boolean cok = reduced(() -> w.Allreduce(c, 0, cm, 0, count, MPI.CHAR, MPI.MAX));
        boolean fok = reduced(() -> w.Allreduce(f, 0, fs, 0, count, MPI.FLOAT, MPI.SUM));
        for (int i = 0; i < count; i++) {
            byte wb = 0;
            short ws = Short.MAX_VALUE;
            char wc = 0;
            float wf = 0;
            for (int r = 0; r < p; r++) {
                wb += (byte) value(r, i);
                ws = (short) Math.min(ws, (short) value(r, i));
                wc = (char) Math.max(wc, (char) value(r, i));
                wf += (float) (value(r, i) % 4096);
            }
            expect(!bok || bs[i] == wb, "Allreduce byte SUM (wraps)" + " count " + count + ": " + (int) bs[i] + " " + (int) ss[i] + " " + (int) cm[i] + " " + fs[i] + " want " + (int) wb + " " + (int) ws + " " + (int) wc + " " + wf, i);
            expect(!sok || ss[i] == ws, "Allreduce short MIN" + " count " + count + ": " + (int) bs[i] + " " + (int) ss[i] + " " + (int) cm[i] + " " + fs[i] + " want " + (int) wb + " " + (int) ws + " " + (int) wc + " " + wf, i);
            expect(!cok || cm[i] == wc, "Allreduce char MAX (unsigned)" + " count " + count + ": " + (int) bs[i] + " " + (int) ss[i] + " " + (int) cm[i] + " " + fs[i] + " want " + (int) wb + " " + (int) ws + " " + (int) wc + " " + wf, i);
            expect(!fok || fs[i] == wf, "Allreduce float SUM of integers" + " count " + count + ": " + (int) bs[i] + " " + (int) ss[i] + " " + (int) cm[i] + " " + fs[i] + " want " + (int) wb + " " + (int) ws + " " + (int) wc + " " + wf, i);
        }
    }

    /**
     * Runs a reduction; returns false when, forced, the library refused it because it failed jmpi's check at
     * start (any other error is a failure).
     */
    private static boolean reduced(Runnable call) {
        try {
            call.run();
            return true;
        } catch (MPIException e) {
            if (forced && e.Get_error_class() == MPI.ERR_ARG && e.getMessage().contains("failed jmpi's check")) {
                return false;
            }
            throw e;
        }
    }

    private static void refused(Intracomm w, Runnable call, String what) {
        w.Errhandler_set(MPI.ERRORS_RETURN);
        try {
            call.run();
            fail("forced library algorithm ran " + what + " instead of refusing it");
        } catch (MPIException e) {
            expect(e.Get_error_class() == MPI.ERR_ARG, "refusal of " + what + " is ERR_ARG, not " + e, 0);
        } finally {
            w.Errhandler_set(MPI.ERRORS_ARE_FATAL);
        }
    }

    private static int first(int[] a, int[] b) {
        return Arrays.mismatch(a, b);
    }

    private static int first(long[] a, long[] b) {
        return Arrays.mismatch(a, b);
    }

    private static void expect(boolean ok, String what, int index) {
        if (!ok) {
            fail(what + ": wrong at element " + index);
        }
    }

    private static void fail(String why) {
        throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + ": " + why);
    }
}
