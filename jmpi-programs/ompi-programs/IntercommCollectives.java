// np: 3 4 6
import mpi.*;

/** Collectives on an intercommunicator: bcast with MPI.ROOT / PROC_NULL in the root group, allReduce (each side gets the other side's sum), barrier. */
public class IntercommCollectives {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL IntercommCollectives: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        boolean left = rank % 2 == 0;
        Intracomm local = w.split(left ? 0 : 1, rank);
        Intercomm inter = w.createIntercomm(local, 0, left ? 1 : 0, 12);
        int[] v = new int[2];
        if (left) {
            if (local.getRank() == 0) { v[0] = 31; v[1] = 41; inter.bcast(v, 2, MPI.INT, MPI.ROOT); }
            else inter.bcast(v, 2, MPI.INT, MPI.PROC_NULL);
        } else {
            inter.bcast(v, 2, MPI.INT, 0);
            check(v[0] == 31 && v[1] == 41, "intercomm bcast got " + v[0] + "," + v[1]);
        }
        int[] sum = new int[1];
        inter.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);
        int other = 0;
        for (int r = 0; r < size; r++) if ((r % 2 == 0) != left) other += r;
        check(sum[0] == other, "intercomm allReduce " + sum[0] + " expected the remote sum " + other);
        inter.barrier();
        inter.free(); local.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS IntercommCollectives");
        MPI.Finalize();
    }
}
