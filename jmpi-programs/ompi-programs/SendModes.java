// np: 2 3
import mpi.*;

/** Standard, synchronous, ready and buffered sends (arrays), each delivering in order to the same receiver. */
public class SendModes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SendModes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int last = size - 1;
        if (rank == 0) {
            c.send(new int[] {1, 2, 3}, 3, MPI.INT, last, 1);
            c.sSend(new long[] {4, 5}, 2, MPI.LONG, last, 2);
            c.recv(new int[0], 0, MPI.INT, last, 99);                 // the receiver's rSend target is posted
            c.rSend(new double[] {6.5}, 1, MPI.DOUBLE, last, 3);
            byte[] attach = new byte[1024 + MPI.BSEND_OVERHEAD * 4];
            MPI.attachBuffer(attach);
            c.bSend(new short[] {7, 8, 9, 10}, 4, MPI.SHORT, last, 4);
            c.bSend(new char[] {'x'}, 1, MPI.CHAR, last, 5);
            byte[] back = MPI.detachBuffer();
            check(back == attach, "detachBuffer did not return the attached array");
        } else if (rank == last) {
            int[] a = new int[3]; long[] l = new long[2]; double[] d = new double[1]; short[] s = new short[4]; char[] ch = new char[1];
            c.recv(a, 3, MPI.INT, 0, 1);
            c.recv(l, 2, MPI.LONG, 0, 2);
            // post the receive for the ready send before telling rank 0
            java.nio.DoubleBuffer db = MPI.newDoubleBuffer(1);
            Request r = c.iRecv(db, 1, MPI.DOUBLE, 0, 3);
            c.send(new int[0], 0, MPI.INT, 0, 99);
            r.waitFor();
            d[0] = db.get(0);
            c.recv(s, 4, MPI.SHORT, 0, 4);
            c.recv(ch, 1, MPI.CHAR, 0, 5);
            check(a[2] == 3 && l[1] == 5 && d[0] == 6.5 && s[3] == 10 && ch[0] == 'x',
                    "got " + a[2] + " " + l[1] + " " + d[0] + " " + s[3] + " " + ch[0]);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS SendModes");
        MPI.Finalize();
    }
}
