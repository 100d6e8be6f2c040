// np: 2
import mpi.*;
import java.util.ArrayList;

/** Persistent requests with MPI.OBJECT: each Start serializes the buffer's current objects, so changes between starts arrive. */
public class ObjectPersistent {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Object[] buf = new Object[2];
        Prequest p = rank == 0 ? MPI.COMM_WORLD.Send_init(buf, 0, 2, MPI.OBJECT, 1, 4) : MPI.COMM_WORLD.Recv_init(buf, 0, 2, MPI.OBJECT, 0, 4);
        ArrayList<Integer> list = new ArrayList<>();
        for (int it = 0; it < 5; it++) {
            if (rank == 0) { list.add(it * it); buf[0] = "iteration " + it; buf[1] = list; }
            p.Start();
            p.Wait();
            if (rank == 1) {
                ArrayList<Integer> want = new ArrayList<>();
                for (int k = 0; k <= it; k++) want.add(k * k);
                if (!("iteration " + it).equals(buf[0]) || !want.equals(buf[1])) { System.out.println("it " + it + ": " + buf[0] + " " + buf[1]); System.exit(1); }
            }
        }
        p.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ObjectPersistent");
        MPI.Finalize();
    }
}
