// np: 2 3 4
import mpi.*;

/** Get_processor_name is non-empty; gathered as MPI.OBJECT, ranks of one machine report the same host name. */
public class ProcessorName {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        String name = MPI.Get_processor_name();
        if (name == null || name.isBlank()) { System.out.println("empty processor name"); System.exit(1); }
        Object[] mine = {name}, all = new Object[size];
        MPI.COMM_WORLD.Gather(mine, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT, 0);
        if (rank == 0) {
            for (int r = 0; r < size; r++) if (!name.equals(all[r])) { System.out.println("rank " + r + " runs on " + all[r] + ", rank 0 on " + name); System.exit(1); }
            System.out.println("PASS ProcessorName");
        }
        MPI.Finalize();
    }
}
