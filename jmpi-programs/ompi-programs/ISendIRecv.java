// np: 2 4
import mpi.*;
import java.nio.*;

/** iSend/iRecv with direct buffers of several types between ring neighbours; waitFor, waitStatus and isNull after completion. */
public class ISendIRecv {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ISendIRecv: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        IntBuffer iin = MPI.newIntBuffer(5), iout = MPI.newIntBuffer(5);
        DoubleBuffer din = MPI.newDoubleBuffer(3), dout = MPI.newDoubleBuffer(3);
        LongBuffer lin = MPI.newLongBuffer(2), lout = MPI.newLongBuffer(2);
        for (int i = 0; i < 5; i++) iout.put(i, rank * 100 + i);
        for (int i = 0; i < 3; i++) dout.put(i, rank + i * 0.125);
        lout.put(0, rank); lout.put(1, -rank);
        Request r1 = c.iRecv(iin, 5, MPI.INT, left, 1);
        Request r2 = c.iRecv(din, 3, MPI.DOUBLE, right, 2);
        Request r3 = c.iRecv(lin, 2, MPI.LONG, MPI.ANY_SOURCE, 3);
        Request s1 = c.iSend(iout, 5, MPI.INT, right, 1);
        Request s2 = c.iSend(dout, 3, MPI.DOUBLE, left, 2);
        Request s3 = c.iSend(lout, 2, MPI.LONG, right, 3);
        Status st = r1.waitStatus();
        check(st.getSource() == left && st.getTag() == 1 && st.getCount(MPI.INT) == 5, "status of r1");
        r2.waitFor();
        Status st3 = r3.waitStatus();
        check(st3.getSource() == left, "ANY_SOURCE matched " + st3.getSource());
        s1.waitFor(); s2.waitFor(); s3.waitFor();
        check(r1.isNull() && r2.isNull() && s1.isNull() && s3.isNull(), "completed requests are not null");
        for (int i = 0; i < 5; i++) check(iin.get(i) == left * 100 + i, "int " + i + " = " + iin.get(i));
        for (int i = 0; i < 3; i++) check(din.get(i) == right + i * 0.125, "double " + i + " = " + din.get(i));
        check(lin.get(0) == left && lin.get(1) == -left, "long " + lin.get(0));
        c.barrier();
        if (rank == 0) System.out.println("PASS ISendIRecv");
        MPI.Finalize();
    }
}
