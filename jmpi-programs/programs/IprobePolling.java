// np: 2
import mpi.*;

/** Iprobe returns null until a message is there; after it arrives Iprobe describes it without receiving it. */
public class IprobePolling {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        if (rank == 0) {
            Status none = MPI.COMM_WORLD.Iprobe(1, 77);
            if (none != null) { System.out.println("Iprobe found a message never sent"); System.exit(1); }
            MPI.COMM_WORLD.Barrier(); // rank 1 sends after this
            Status st = null;
            long spins = 0;
            while ((st = MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, 77)) == null) spins++;
            if (st.source != 1 || st.tag != 77 || st.Get_count(MPI.DOUBLE) != 5) {
                System.out.println("status " + st.source + " " + st.tag + " " + st.Get_count(MPI.DOUBLE)); System.exit(1);
            }
            Status again = MPI.COMM_WORLD.Iprobe(1, 77); // still there
            if (again == null) { System.out.println("message vanished after Iprobe"); System.exit(1); }
            double[] d = new double[5];
            MPI.COMM_WORLD.Recv(d, 0, 5, MPI.DOUBLE, 1, 77);
            for (int k = 0; k < 5; k++) if (d[k] != Math.sqrt(k + 1)) { System.out.println("[" + k + "] " + d[k]); System.exit(1); }
            if (MPI.COMM_WORLD.Iprobe(1, 77) != null) { System.out.println("message received twice"); System.exit(1); }
            System.out.println("PASS IprobePolling");
        } else {
            MPI.COMM_WORLD.Barrier();
            double[] d = new double[5];
            for (int k = 0; k < 5; k++) d[k] = Math.sqrt(k + 1);
            MPI.COMM_WORLD.Send(d, 0, 5, MPI.DOUBLE, 0, 77);
        }
        MPI.Finalize();
    }
}
