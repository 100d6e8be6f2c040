// np: 2
import mpi.*;

/** Contiguous sends received through a strided Vector type (type signatures match, layouts differ). */
public class RecvIntoVector {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype every3 = Datatype.Vector(10, 1, 3, MPI.CHAR);
        every3.Commit();
        if (rank == 0) {
            char[] s = "abcdefghij".toCharArray();
            MPI.COMM_WORLD.Send(s, 0, 10, MPI.CHAR, 1, 0);
        } else if (rank == 1) {
            char[] r = new char[30];
            java.util.Arrays.fill(r, '.');
            MPI.COMM_WORLD.Recv(r, 1, 1, every3, 0, 0);
            for (int k = 0; k < 30; k++) {
                char want = (k >= 1 && (k - 1) % 3 == 0) ? (char) ('a' + (k - 1) / 3) : '.';
                if (r[k] != want) { System.out.println("[" + k + "] '" + r[k] + "' want '" + want + "'"); System.exit(1); }
            }
            System.out.println("PASS RecvIntoVector");
        }
        MPI.Finalize();
    }
}
