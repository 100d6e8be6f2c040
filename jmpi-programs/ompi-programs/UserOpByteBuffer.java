// np: 2 4
import mpi.*;
import java.nio.*;

/** A user Op overriding the ByteBuffer form (in + inOut + 1) works on native-order bytes directly (count*extent bytes); used with DOUBLE arrays and direct buffers, and on INT. */
public class UserOpByteBuffer {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL UserOpByteBuffer: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        String[] problem = new String[1];
        Op sumPlusOne = new Op(new UserFunction() {
            @Override public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype type) throws MPIException {
                if (in.order() != ByteOrder.nativeOrder() || inOut.order() != ByteOrder.nativeOrder()) problem[0] = "buffers not in native order";
                if (type == MPI.DOUBLE) {
                    if (inOut.capacity() < count * 8) problem[0] = "capacity " + inOut.capacity() + " for " + count + " doubles";
                    for (int i = 0; i < count; i++) inOut.putDouble(i * 8, in.getDouble(i * 8) + inOut.getDouble(i * 8) + 1);
                } else {
                    for (int i = 0; i < count; i++) inOut.putInt(i * 4, in.getInt(i * 4) + inOut.getInt(i * 4) + 1);
                }
            }
        }, true);
        double[] d = {rank, -rank, 10}, dout = new double[3];
        c.allReduce(d, dout, 3, MPI.DOUBLE, sumPlusOne);
        check(problem[0] == null, problem[0]);
        // associative and commutative: size-1 applications add size-1 to the sum
        int tri = size * (size - 1) / 2;
        check(dout[0] == tri + size - 1 && dout[1] == -tri + size - 1 && dout[2] == 10 * size + size - 1, "double " + java.util.Arrays.toString(dout));
        DoubleBuffer db = MPI.newDoubleBuffer(1);
        db.put(0, rank * 2);
        c.allReduce(db, 1, MPI.DOUBLE, sumPlusOne);
        check(db.get(0) == 2 * tri + size - 1, "in-place direct " + db.get(0));
        int[] iv = {rank}, io = new int[1];
        c.reduce(iv, io, 1, MPI.INT, sumPlusOne, 0);
        if (rank == 0) check(io[0] == tri + size - 1, "int " + io[0]);
        sumPlusOne.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS UserOpByteBuffer");
        MPI.Finalize();
    }
}
