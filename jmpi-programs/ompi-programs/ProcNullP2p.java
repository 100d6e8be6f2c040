// np: 1 2
import mpi.*;

/** Point-to-point with PROC_NULL completes at once: recv leaves the buffer alone, Status has source PROC_NULL, tag ANY_TAG, count 0; also sendRecv and iRecv. */
public class ProcNullP2p {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ProcNullP2p: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        c.send(new int[] {1, 2}, 2, MPI.INT, MPI.PROC_NULL, 0);
        c.sSend(new int[] {1}, 1, MPI.INT, MPI.PROC_NULL, 0);
        int[] buf = {42, 43};
        Status s = c.recv(buf, 2, MPI.INT, MPI.PROC_NULL, 5);
        check(buf[0] == 42 && buf[1] == 43, "recv from PROC_NULL wrote the buffer");
        check(s.getSource() == MPI.PROC_NULL, "source " + s.getSource() + " expected PROC_NULL");
        check(s.getTag() == MPI.ANY_TAG, "tag " + s.getTag() + " expected ANY_TAG");
        check(s.getCount(MPI.INT) == 0, "count " + s.getCount(MPI.INT));
        s = c.sendRecv(new int[] {9}, 1, MPI.INT, MPI.PROC_NULL, 1, buf, 1, MPI.INT, MPI.PROC_NULL, 1);
        check(buf[0] == 42 && s.getSource() == MPI.PROC_NULL, "sendRecv with PROC_NULL");
        java.nio.IntBuffer ib = MPI.newIntBuffer(1);
        ib.put(0, 7);
        Request r = c.iRecv(ib, 1, MPI.INT, MPI.PROC_NULL, 0);
        s = r.waitStatus();
        check(ib.get(0) == 7 && s.getSource() == MPI.PROC_NULL, "iRecv from PROC_NULL");
        Request q = c.iSend(ib, 1, MPI.INT, MPI.PROC_NULL, 0);
        check(q.test(), "iSend to PROC_NULL not complete on test");
        Status p = c.probe(MPI.PROC_NULL, MPI.ANY_TAG);
        check(p != null && p.getSource() == MPI.PROC_NULL && p.getCount(MPI.INT) == 0, "probe(PROC_NULL)");
        c.barrier();
        if (rank == 0) System.out.println("PASS ProcNullP2p");
        MPI.Finalize();
    }
}
