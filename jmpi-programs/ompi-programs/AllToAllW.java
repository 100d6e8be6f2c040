// np: 2 3 4
import mpi.*;

/** allToAllw: displacements in BYTES, a different datatype per peer (INT to even ranks, a 2-INT contiguous to odd ranks). */
public class AllToAllW {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL AllToAllW: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Datatype two = Datatype.createContiguous(2, MPI.INT);
        two.commit();
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        Datatype[] st = new Datatype[size], rt = new Datatype[size];
        // every block is 2 ints: either 2 x INT or 1 x two
        for (int j = 0; j < size; j++) {
            st[j] = j % 2 == 0 ? MPI.INT : two; sc[j] = j % 2 == 0 ? 2 : 1; sd[j] = 8 * j;
            rt[j] = rank % 2 == 0 ? two : MPI.INT; rc[j] = rank % 2 == 0 ? 1 : 2; rd[j] = 8 * (size - 1 - j);   // stored reversed
        }
        int[] out = new int[2 * size], in = new int[2 * size];
        for (int j = 0; j < size; j++) { out[2 * j] = rank * 10 + j; out[2 * j + 1] = -(rank * 10 + j); }
        c.allToAllw(out, sc, sd, st, in, rc, rd, rt);
        for (int j = 0; j < size; j++) {
            int slot = size - 1 - j;
            check(in[2 * slot] == j * 10 + rank && in[2 * slot + 1] == -(j * 10 + rank), "from " + j + ": " + in[2 * slot] + "," + in[2 * slot + 1]);
        }
        two.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS AllToAllW");
        MPI.Finalize();
    }
}
