// np: 3
import mpi.*;
import java.nio.*;

/** User ops on derived types: a 3-int contiguous type gets int[] of count*extent elements; a struct (int, int) type and MPI.INT2 get byte[] (base type BYTE). */
public class UserOpDerivedTypes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL UserOpDerivedTypes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        String[] problem = new String[1];
        Datatype triple = Datatype.createContiguous(3, MPI.INT);
        triple.commit();
        Op sumTriples = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype t) throws MPIException {
                if (!(in instanceof int[])) { problem[0] = "triple op got " + in.getClass(); return; }
                int[] a = (int[]) in, b = (int[]) inOut;
                if (a.length != count * 3) problem[0] = "int[] length " + a.length + " for count " + count;
                for (int i = 0; i < count * 3; i++) b[i] += a[i];
            }
        }, true);
        int[] v = {rank, rank * 2, rank * 3, 1, 1, 1}, out = new int[6];
        c.allReduce(v, out, 2, triple, sumTriples);
        check(problem[0] == null, problem[0]);
        int tri = size * (size - 1) / 2;
        check(out[0] == tri && out[1] == 2 * tri && out[2] == 3 * tri && out[3] == size, "triples " + java.util.Arrays.toString(out));
        Op pairMax = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype t) throws MPIException {
                if (!(in instanceof byte[])) { problem[0] = "pair op got " + in.getClass(); return; }
                ByteBuffer a = ByteBuffer.wrap((byte[]) in).order(ByteOrder.nativeOrder()), b = ByteBuffer.wrap((byte[]) inOut).order(ByteOrder.nativeOrder());
                int ext = t.getExtent();
                for (int k = 0; k < count; k++) {
                    int x = a.getInt(k * ext), y = b.getInt(k * ext);
                    if (x > y) { b.putInt(k * ext, x); b.putInt(k * ext + 4, a.getInt(k * ext + 4)); }
                }
            }
        }, true);
        Datatype pair = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 4}, new Datatype[] {MPI.INT, MPI.INT});
        pair.commit();
        ByteBuffer pb = MPI.newByteBuffer(8);
        pb.putInt(0, (rank + 1) % size * 10).putInt(4, rank);
        c.allReduce(pb, 1, pair, pairMax);
        check(problem[0] == null, problem[0]);
        check(pb.getInt(0) == (size - 1) * 10 && pb.getInt(4) == size - 2, "struct pair max " + pb.getInt(0) + "@" + pb.getInt(4));
        ByteBuffer ib = MPI.newByteBuffer(8);
        Int2.Data d = MPI.int2.getData(ib);
        d.putValue(rank == 1 ? 99 : rank); d.putIndex(rank);
        c.allReduce(ib, 1, MPI.INT2, pairMax);
        check(problem[0] == null, problem[0]);
        check(d.getValue() == 99 && d.getIndex() == 1, "INT2 user op " + d.getValue() + "@" + d.getIndex());
        sumTriples.free(); pairMax.free(); triple.free(); pair.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS UserOpDerivedTypes");
        MPI.Finalize();
    }
}
