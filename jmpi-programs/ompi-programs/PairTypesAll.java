// np: 3 4
import mpi.*;
import java.nio.*;

/** The other pair types: shortInt/SHORT_INT, longInt/LONG_INT, floatInt/FLOAT_INT, doubleInt/DOUBLE_INT with MAXLOC and MINLOC in allReduce, in place too. */
public class PairTypesAll {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PairTypesAll: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int peak = size / 2;                   // the rank holding the largest value
        ByteBuffer b = MPI.newByteBuffer(MPI.shortInt.getExtent());
        ShortInt.Data s = MPI.shortInt.getData(b);
        s.putValue((short) (rank == peak ? 500 : rank)); s.putIndex(rank);
        c.allReduce(b, 1, MPI.SHORT_INT, MPI.MAXLOC);
        check(s.getValue() == 500 && s.getIndex() == peak, "SHORT_INT MAXLOC " + s.getValue() + "@" + s.getIndex());
        b = MPI.newByteBuffer(MPI.longInt.getExtent());
        ByteBuffer bo = MPI.newByteBuffer(MPI.longInt.getExtent());
        LongInt.Data l = MPI.longInt.getData(b);
        l.putValue(rank == peak ? Long.MIN_VALUE + 1 : (long) rank << 40); l.putIndex(rank);
        c.allReduce(b, bo, 1, MPI.LONG_INT, MPI.MINLOC);
        LongInt.Data lo = MPI.longInt.getData(bo);
        check(lo.getValue() == Long.MIN_VALUE + 1 && lo.getIndex() == peak, "LONG_INT MINLOC " + lo.getValue() + "@" + lo.getIndex());
        b = MPI.newByteBuffer(MPI.floatInt.getExtent() * 2);
        for (int i = 0; i < 2; i++) { FloatInt.Data f = MPI.floatInt.getData(b, i); f.putValue(i == 0 ? rank * 0.5f : -rank * 0.5f); f.putIndex(rank + 100 * i); }
        c.allReduce(b, 2, MPI.FLOAT_INT, MPI.MAXLOC);
        FloatInt.Data f0 = MPI.floatInt.getData(b, 0), f1 = MPI.floatInt.getData(b, 1);
        check(f0.getValue() == (size - 1) * 0.5f && f0.getIndex() == size - 1, "FLOAT_INT MAXLOC 0: " + f0.getValue() + "@" + f0.getIndex());
        check(f1.getValue() == 0f && f1.getIndex() == 100, "FLOAT_INT MAXLOC 1: " + f1.getValue() + "@" + f1.getIndex());
        byte[] arr = new byte[MPI.doubleInt.getExtent()];
        DoubleInt.Data d = MPI.doubleInt.getData(arr);
        d.putValue(Math.abs(rank - peak) + 0.25); d.putIndex(-rank);
        byte[] res = new byte[arr.length];
        c.allReduce(arr, res, 1, MPI.DOUBLE_INT, MPI.MINLOC);
        DoubleInt.Data dr = MPI.doubleInt.getData(res);
        check(dr.getValue() == 0.25 && dr.getIndex() == -peak, "DOUBLE_INT MINLOC " + dr.getValue() + "@" + dr.getIndex());
        c.barrier();
        if (rank == 0) System.out.println("PASS PairTypesAll");
        MPI.Finalize();
    }
}
