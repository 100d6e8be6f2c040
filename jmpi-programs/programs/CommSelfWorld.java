// np: 1 2 3
import mpi.*;

/** COMM_SELF is a world of one: Size 1, Rank 0, collectives and a message to itself; Topo_test UNDEFINED, not inter. */
public class CommSelfWorld {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Comm self = MPI.COMM_SELF;
        if (self.Size() != 1 || self.Rank() != 0 || self.Test_inter() || MPI.COMM_WORLD.Topo_test() != MPI.UNDEFINED) {
            System.out.println("self " + self.Size() + " " + self.Rank()); System.exit(1);
        }
        int[] v = {rank + 5}, r = new int[1];
        Request q = self.Irecv(r, 0, 1, MPI.INT, 0, 0);
        self.Send(v, 0, 1, MPI.INT, 0, 0);
        q.Wait();
        if (r[0] != rank + 5) { System.out.println("self message " + r[0]); System.exit(1); }
        Intracomm s = (Intracomm) self;
        int[] out = new int[1];
        s.Allreduce(v, 0, out, 0, 1, MPI.INT, MPI.SUM);
        s.Bcast(v, 0, 1, MPI.INT, 0);
        s.Barrier();
        if (out[0] != rank + 5) { System.out.println("self allreduce " + out[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommSelfWorld");
        MPI.Finalize();
    }
}
