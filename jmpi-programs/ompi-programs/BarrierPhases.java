// np: 2 5 8
import mpi.*;

/** barrier separates phases: a message sent after the barrier by a rank can never be seen by iProbe before the barrier on the receiver; 50 barriers in a row. */
public class BarrierPhases {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL BarrierPhases: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        for (int phase = 0; phase < 5; phase++) {
            if (rank == 0) {
                check(c.iProbe(MPI.ANY_SOURCE, phase) == null, "phase " + phase + ": a message of this phase arrived before the barrier");
                c.barrier();
                for (int k = 1; k < size; k++) {
                    int[] v = new int[1];
                    Status s = c.recv(v, 1, MPI.INT, MPI.ANY_SOURCE, phase);
                    check(v[0] == s.getSource() * 10 + phase, "phase " + phase + " value " + v[0]);
                }
            } else {
                c.barrier();
                c.send(new int[] {rank * 10 + phase}, 1, MPI.INT, 0, phase);
            }
            c.barrier();
        }
        for (int i = 0; i < 50; i++) c.barrier();
        if (rank == 0) System.out.println("PASS BarrierPhases");
        MPI.Finalize();
    }
}
