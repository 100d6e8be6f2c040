// np: 1 2 4 7
import mpi.*;
import java.nio.*;

/** allGather (array and direct), allGather in place, allGatherv with varying counts, allGatherv in place. */
public class AllGatherForms {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL AllGatherForms: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        long[] all = new long[2 * size];
        c.allGather(new long[] {rank, -rank}, 2, MPI.LONG, all, 2, MPI.LONG);
        for (int r = 0; r < size; r++) check(all[2 * r] == r && all[2 * r + 1] == -r, "allGather slot " + r);
        FloatBuffer s = MPI.newFloatBuffer(1), g = MPI.newFloatBuffer(size);
        s.put(0, rank * 1.5f);
        c.allGather(s, 1, MPI.FLOAT, g, 1, MPI.FLOAT);
        for (int r = 0; r < size; r++) check(g.get(r) == r * 1.5f, "direct allGather slot " + r);
        int[] ip = new int[size];
        ip[rank] = rank + 1000;
        c.allGather(ip, 1, MPI.INT);
        for (int r = 0; r < size; r++) check(ip[r] == r + 1000, "in-place allGather slot " + r + " = " + ip[r]);
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = r % 3; displs[r] = total; total += counts[r]; }
        short[] mine = new short[counts[rank]];
        for (int i = 0; i < mine.length; i++) mine[i] = (short) (rank * 10 + i);
        short[] v = new short[Math.max(total, 1)];
        c.allGatherv(mine, counts[rank], MPI.SHORT, v, counts, displs, MPI.SHORT);
        for (int r = 0; r < size; r++) for (int i = 0; i < counts[r]; i++) check(v[displs[r] + i] == r * 10 + i, "allGatherv block " + r);
        double[] w = new double[Math.max(total, 1)];
        for (int i = 0; i < counts[rank]; i++) w[displs[rank] + i] = rank - i;
        c.allGatherv(w, counts, displs, MPI.DOUBLE);
        for (int r = 0; r < size; r++) for (int i = 0; i < counts[r]; i++) check(w[displs[r] + i] == r - i, "in-place allGatherv block " + r);
        c.barrier();
        if (rank == 0) System.out.println("PASS AllGatherForms");
        MPI.Finalize();
    }
}
