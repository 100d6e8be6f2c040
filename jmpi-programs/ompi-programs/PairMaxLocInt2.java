// np: 2 3 5
import mpi.*;
import java.nio.*;

/** MPI.int2 with MAXLOC/MINLOC in allReduce and reduce (direct ByteBuffers, counts in pairs), including ties that must pick the lowest index. */
public class PairMaxLocInt2 {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PairMaxLocInt2: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int n = 3, ext = MPI.int2.getExtent();
        check(ext == 8, "int2 extent " + ext);
        ByteBuffer in = MPI.newByteBuffer(ext * n), out = MPI.newByteBuffer(ext * n);
        for (int i = 0; i < n; i++) {
            Int2.Data d = MPI.int2.getData(in, i);
            int v = i == 0 ? rank * 10 : i == 1 ? -Math.abs(rank - 1) : 7;   // element 2 ties everywhere
            d.putValue(v);
            d.putIndex(rank);
        }
        c.allReduce(in, out, n, MPI.INT2, MPI.MAXLOC);
        Int2.Data r0 = MPI.int2.getData(out, 0), r1 = MPI.int2.getData(out, 1), r2 = MPI.int2.getData(out, 2);
        check(r0.getValue() == (size - 1) * 10 && r0.getIndex() == size - 1, "MAXLOC 0: " + r0.getValue() + "@" + r0.getIndex());
        check(r1.getValue() == 0 && r1.getIndex() == 1, "MAXLOC 1: " + r1.getValue() + "@" + r1.getIndex() + " expected 0@1");
        check(r2.getValue() == 7 && r2.getIndex() == 0, "MAXLOC tie: " + r2.getValue() + "@" + r2.getIndex() + " expected 7@0");
        c.allReduce(in, out, n, MPI.INT2, MPI.MINLOC);
        r0 = MPI.int2.getData(out, 0); r1 = MPI.int2.getData(out, 1); r2 = MPI.int2.getData(out, 2);
        int minv = -Math.max(1, size - 2);
        int minAt = size >= 4 ? size - 1 : 0;          // size 2 and 3: -1 at rank 0 (and 2), the lowest index wins
        check(r0.getValue() == 0 && r0.getIndex() == 0, "MINLOC 0: " + r0.getValue() + "@" + r0.getIndex());
        check(r1.getValue() == minv && r1.getIndex() == minAt, "MINLOC 1: " + r1.getValue() + "@" + r1.getIndex() + " expected " + minv + "@" + minAt);
        check(r2.getValue() == 7 && r2.getIndex() == 0, "MINLOC tie: " + r2.getIndex());
        byte[] arrIn = new byte[ext], arrOut = new byte[ext];
        Int2.Data a = MPI.int2.getData(arrIn);
        a.putValue(100 - rank); a.putIndex(rank * 2);
        c.reduce(arrIn, arrOut, 1, MPI.INT2, MPI.MINLOC, size - 1);
        if (rank == size - 1) {
            Int2.Data m = MPI.int2.getData(arrOut);
            check(m.getValue() == 100 - (size - 1) && m.getIndex() == 2 * (size - 1), "reduce MINLOC byte[]: " + m.getValue() + "@" + m.getIndex());
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS PairMaxLocInt2");
        MPI.Finalize();
    }
}
