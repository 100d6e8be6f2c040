// np: 3 4 6
import mpi.*;
import java.nio.*;

/** neighborAllGather(v) on a periodic 2-D CartComm (order: dimension 0 -/+ then dimension 1 -/+) and neighborAllToAll(v) on a periodic ring of >= 3 ranks (distinct neighbours), blocking and iNeighbor forms. */
public class NeighborCart {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NeighborCart: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        CartComm c = w.createCart(dims, new boolean[] {true, true}, false);
        int[] nb = new int[4];
        for (int d = 0; d < 2; d++) { ShiftParms s = c.shift(d, 1); nb[2 * d] = s.getRankSource(); nb[2 * d + 1] = s.getRankDest(); }
        int[] got = new int[4];
        c.neighborAllGather(new int[] {rank * 10}, 1, MPI.INT, got, 1, MPI.INT);
        for (int k = 0; k < 4; k++) check(got[k] == nb[k] * 10, "neighborAllGather slot " + k + " = " + got[k] + " expected " + nb[k] * 10);
        CartComm ring = w.createCart(new int[] {size}, new boolean[] {true}, false);
        int[] rn = {(rank + size - 1) % size, (rank + 1) % size};
        // alltoall: block k goes to neighbour k; from neighbour k we receive the block it sent in the opposite direction
        int[] out = new int[2], in = new int[2];
        for (int k = 0; k < 2; k++) out[k] = rank * 100 + k;
        ring.neighborAllToAll(out, 1, MPI.INT, in, 1, MPI.INT);
        for (int k = 0; k < 2; k++) check(in[k] == rn[k] * 100 + (k ^ 1), "neighborAllToAll slot " + k + " = " + in[k] + " expected " + (rn[k] * 100 + (k ^ 1)));
        int[] counts = {1, 1, 1, 1}, displs = {3, 2, 1, 0};
        int[] gv = new int[4];
        c.neighborAllGatherv(new int[] {rank}, 1, MPI.INT, gv, counts, displs, MPI.INT);
        for (int k = 0; k < 4; k++) check(gv[displs[k]] == nb[k], "neighborAllGatherv slot " + k);
        int[] av = new int[3];
        int[] two = {1, 1}, rd = {2, 0};
        ring.neighborAllToAllv(out, two, new int[] {0, 1}, MPI.INT, av, two, rd, MPI.INT);
        for (int k = 0; k < 2; k++) check(av[rd[k]] == rn[k] * 100 + (k ^ 1), "neighborAllToAllv slot " + k);
        IntBuffer so = MPI.newIntBuffer(1), gi = MPI.newIntBuffer(4), ao = MPI.newIntBuffer(2), ai = MPI.newIntBuffer(2);
        so.put(0, -rank);
        for (int k = 0; k < 2; k++) ao.put(k, -(rank * 100 + k));
        Request[] rs = {c.iNeighborAllGather(so, 1, MPI.INT, gi, 1, MPI.INT), ring.iNeighborAllToAll(ao, 1, MPI.INT, ai, 1, MPI.INT)};
        Request.waitAll(rs);
        for (int k = 0; k < 4; k++) check(gi.get(k) == -nb[k], "iNeighborAllGather slot " + k);
        for (int k = 0; k < 2; k++) check(ai.get(k) == -(rn[k] * 100 + (k ^ 1)), "iNeighborAllToAll slot " + k);
        IntBuffer gvi = MPI.newIntBuffer(4), avi = MPI.newIntBuffer(3);
        c.iNeighborAllGatherv(so, 1, MPI.INT, gvi, counts, displs, MPI.INT).waitFor();
        ring.iNeighborAllToAllv(ao, two, new int[] {0, 1}, MPI.INT, avi, two, rd, MPI.INT).waitFor();
        for (int k = 0; k < 4; k++) check(gvi.get(displs[k]) == -nb[k], "iNeighborAllGatherv slot " + k);
        for (int k = 0; k < 2; k++) check(avi.get(rd[k]) == -(rn[k] * 100 + (k ^ 1)), "iNeighborAllToAllv slot " + k);
        c.free(); ring.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS NeighborCart");
        MPI.Finalize();
    }
}
