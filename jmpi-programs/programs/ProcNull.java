// np: 1 2 3
import mpi.*;

/** Sends to and receives from MPI.PROC_NULL complete at once; the receive leaves the buffer alone, count 0, source PROC_NULL. */
public class ProcNull {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] buf = {1, 2, 3, 4};
        MPI.COMM_WORLD.Send(buf, 0, 4, MPI.INT, MPI.PROC_NULL, 0);
        MPI.COMM_WORLD.Ssend(buf, 0, 4, MPI.INT, MPI.PROC_NULL, 0);
        Status st = MPI.COMM_WORLD.Recv(buf, 0, 4, MPI.INT, MPI.PROC_NULL, 5);
        if (st.source != MPI.PROC_NULL || st.Get_count(MPI.INT) != 0) { System.out.println("status " + st.source + " " + st.Get_count(MPI.INT)); System.exit(1); }
        for (int k = 0; k < 4; k++) if (buf[k] != k + 1) { System.out.println("Recv from PROC_NULL wrote " + buf[k]); System.exit(1); }
        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 4, MPI.INT, MPI.PROC_NULL, 5);
        r.Wait();
        // open chain: rank 0 has no left neighbour, the last rank no right one
        int left = rank == 0 ? MPI.PROC_NULL : rank - 1, right = rank == size - 1 ? MPI.PROC_NULL : rank + 1;
        int[] out = {rank * 11}, in = {-5};
        Status s2 = MPI.COMM_WORLD.Sendrecv(out, 0, 1, MPI.INT, right, 1, in, 0, 1, MPI.INT, left, 1);
        int want = rank == 0 ? -5 : (rank - 1) * 11;
        if (in[0] != want) { System.out.println("rank " + rank + " got " + in[0] + " want " + want); System.exit(1); }
        if (rank == 0 && s2.source != MPI.PROC_NULL) { System.out.println("source " + s2.source); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ProcNull");
        MPI.Finalize();
    }
}
