// np: 1
import mpi.*;
import java.nio.*;

/** Comm.reduceLocal (static): inOut = in op inOut for SUM on int[], MAX on a direct DoubleBuffer, and a non-commutative user op (keeps the order in, inOut). */
public class ReduceLocalOps {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceLocalOps: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int[] in = {1, 2, 3}, io = {10, 20, 30};
        Comm.reduceLocal(in, io, 3, MPI.INT, MPI.SUM);
        check(io[0] == 11 && io[1] == 22 && io[2] == 33 && in[0] == 1, "SUM " + java.util.Arrays.toString(io));
        DoubleBuffer a = MPI.newDoubleBuffer(2), b = MPI.newDoubleBuffer(2);
        a.put(0, 5).put(1, -5); b.put(0, 1).put(1, 1);
        Comm.reduceLocal(a, b, 2, MPI.DOUBLE, MPI.MAX);
        check(b.get(0) == 5 && b.get(1) == 1, "MAX " + b.get(0) + "," + b.get(1));
        Op minus = new Op(new UserFunction() {
            @Override public void call(Object x, Object y, int count, Datatype t) {
                int[] p = (int[]) x, q = (int[]) y;
                for (int i = 0; i < count; i++) q[i] = p[i] - q[i];
            }
        }, false);
        int[] x = {100}, y = {1};
        Comm.reduceLocal(x, y, 1, MPI.INT, minus);
        check(y[0] == 99, "in - inOut = " + y[0] + ", expected 99");
        minus.free();
        System.out.println("PASS ReduceLocalOps");
        MPI.Finalize();
    }
}
