// np: 1 2 3 4
import mpi.*;

/** A row-distributed N x N matrix transposed with Alltoall of square blocks and a local block transpose. */
public class TransposeAlltoall {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int b = 4, n = b * size;
        // my rows: rank*b .. rank*b+b-1 of A, A[i][j] = i*1000 + j
        double[] send = new double[b * n];
        for (int p = 0; p < size; p++) for (int i = 0; i < b; i++) for (int j = 0; j < b; j++)
            send[p * b * b + i * b + j] = (rank * b + i) * 1000 + p * b + j;   // block p: my rows, columns of p
        double[] recv = new double[b * n];
        MPI.COMM_WORLD.Alltoall(send, 0, b * b, MPI.DOUBLE, recv, 0, b * b, MPI.DOUBLE);
        double[] t = new double[b * n]; // my rows of A^T
        for (int p = 0; p < size; p++) for (int i = 0; i < b; i++) for (int j = 0; j < b; j++) t[i * n + p * b + j] = recv[p * b * b + j * b + i];
        for (int i = 0; i < b; i++) for (int j = 0; j < n; j++) {
            double want = j * 1000 + rank * b + i; // A^T[r][j] = A[j][r]
            if (t[i * n + j] != want) { System.out.println("rank " + rank + " T[" + (rank * b + i) + "][" + j + "]=" + t[i * n + j]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS TransposeAlltoall");
        MPI.Finalize();
    }
}
