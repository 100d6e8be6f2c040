// np: 2 3
import mpi.*;

/** Count-0 messages of every basic type, with and without derived types, and count-0 collectives: nothing changes, counts are 0. */
public class ZeroCountMessages {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Datatype[] types = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
        Object[] bufs = {new byte[1], new char[1], new short[1], new boolean[1], new int[]{5}, new long[1], new float[1], new double[1]};
        if (rank == 0) {
            for (int t = 0; t < types.length; t++) MPI.COMM_WORLD.Send(bufs[t], 0, 0, types[t], 1, t);
        } else if (rank == 1) {
            for (int t = 0; t < types.length; t++) {
                Status st = MPI.COMM_WORLD.Recv(bufs[t], 0, 1, types[t], 0, t);
                if (st.Get_count(types[t]) != 0 || st.tag != t) { System.out.println("type " + t + " count " + st.Get_count(types[t])); System.exit(1); }
            }
            if (((int[]) bufs[4])[0] != 5) { System.out.println("empty receive wrote"); System.exit(1); }
        }
        int[] x = {rank + 1}, y = {-1};
        MPI.COMM_WORLD.Allreduce(x, 0, y, 0, 0, MPI.INT, MPI.SUM);
        MPI.COMM_WORLD.Bcast(x, 0, 0, MPI.INT, 0);
        MPI.COMM_WORLD.Allgather(x, 0, 0, MPI.INT, y, 0, 0, MPI.INT);
        if (x[0] != rank + 1 || y[0] != -1) { System.out.println("count-0 collective wrote " + x[0] + " " + y[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ZeroCountMessages");
        MPI.Finalize();
    }
}
