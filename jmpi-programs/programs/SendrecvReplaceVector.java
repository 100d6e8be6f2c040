// np: 2 3 4
import mpi.*;

/** Sendrecv_replace through a strided Vector type: only the strided slots are exchanged, the gaps keep their values. */
public class SendrecvReplaceVector {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int blocks = 50;
        Datatype every3 = Datatype.Vector(blocks, 2, 3, MPI.LONG);
        every3.Commit();
        long[] buf = new long[3 * blocks];
        for (int k = 0; k < buf.length; k++) buf[k] = rank * 1000L + k;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        MPI.COMM_WORLD.Sendrecv_replace(buf, 0, 1, every3, right, 0, left, 0);
        for (int k = 0; k < buf.length; k++) {
            long want = (k % 3 < 2 ? left : rank) * 1000L + k;
            if (buf[k] != want) { System.out.println("rank " + rank + " [" + k + "] " + buf[k] + " want " + want); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS SendrecvReplaceVector");
        MPI.Finalize();
    }
}
