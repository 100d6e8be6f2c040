// np: 2 3 4
import mpi.*;

/** Alltoallv where rank i sends i+j+1 items to rank j (some zero-length blocks too), displacements packed tightly. */
public class AlltoallvVarying {
    static int cnt(int i, int j) { return (i + j) % 3 == 2 ? 0 : i + j + 1; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        int st = 0, rt = 0;
        for (int j = 0; j < size; j++) { sc[j] = cnt(rank, j); sd[j] = st; st += sc[j]; rc[j] = cnt(j, rank); rd[j] = rt; rt += rc[j]; }
        int[] out = new int[st], in = new int[rt];
        for (int j = 0; j < size; j++) for (int k = 0; k < sc[j]; k++) out[sd[j] + k] = rank * 10000 + j * 100 + k;
        MPI.COMM_WORLD.Alltoallv(out, 0, sc, sd, MPI.INT, in, 0, rc, rd, MPI.INT);
        for (int i = 0; i < size; i++) for (int k = 0; k < rc[i]; k++)
            if (in[rd[i] + k] != i * 10000 + rank * 100 + k) { System.out.println("rank " + rank + " from " + i + " [" + k + "] " + in[rd[i] + k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AlltoallvVarying");
        MPI.Finalize();
    }
}
