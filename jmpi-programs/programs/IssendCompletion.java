// np: 2
import mpi.*;

/** An Issend does not complete before the receiver posts its receive; then it does. */
public class IssendCompletion {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] data = {10, 20, 30};
        int[] flag = new int[1];
        if (rank == 0) {
            Request r = MPI.COMM_WORLD.Issend(data, 0, 3, MPI.INT, 1, 8);
            long until = System.currentTimeMillis() + 200;
            while (System.currentTimeMillis() < until) {
                if (r.Test() != null) { System.out.println("Issend completed before the receive was posted"); System.exit(1); }
            }
            MPI.COMM_WORLD.Send(flag, 0, 1, MPI.INT, 1, 9); // now receive it
            r.Wait();
            if (!r.Is_null() && r.Test() == null) { System.out.println("Test after Wait says pending"); System.exit(1); }
            System.out.println("PASS IssendCompletion");
        } else {
            MPI.COMM_WORLD.Recv(flag, 0, 1, MPI.INT, 0, 9);
            int[] got = new int[3];
            MPI.COMM_WORLD.Recv(got, 0, 3, MPI.INT, 0, 8);
            if (got[0] != 10 || got[1] != 20 || got[2] != 30) { System.out.println("got " + java.util.Arrays.toString(got)); System.exit(1); }
        }
        MPI.Finalize();
    }
}
