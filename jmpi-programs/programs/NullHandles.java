// np: 2
import mpi.*;

/** MPJ Express's null handles and constants: REQUEST_NULL waits at once with EMPTY_STATUS, COMM_NULL, GROUP_NULL, NUM_OF_PROCESSORS. */
public class NullHandles {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Status s = MPI.REQUEST_NULL.Wait();
        if (s == null || !MPI.REQUEST_NULL.Is_null()) { System.out.println("REQUEST_NULL.Wait"); System.exit(1); }
        if (MPI.REQUEST_NULL.Test() == null) { System.out.println("REQUEST_NULL.Test pending"); System.exit(1); }
        if (MPI.EMPTY_STATUS == null || MPI.COMM_NULL == null || MPI.GROUP_NULL == null) { System.out.println("null constants"); System.exit(1); }
        if (MPI.NUM_OF_PROCESSORS != Runtime.getRuntime().availableProcessors()) { System.out.println("NUM_OF_PROCESSORS " + MPI.NUM_OF_PROCESSORS); System.exit(1); }
        Request[] all = {MPI.REQUEST_NULL, MPI.REQUEST_NULL};
        Status[] st = Request.Waitall(all);
        if (st == null || st.length != 2) { System.out.println("Waitall of nulls"); System.exit(1); }
        Intracomm none = MPI.COMM_WORLD.Split(rank == 0 ? 1 : MPI.UNDEFINED, 0);
        if (rank != 0 && none != null && none != MPI.COMM_NULL) { System.out.println("Split UNDEFINED gave " + none); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS NullHandles");
        MPI.Finalize();
    }
}
