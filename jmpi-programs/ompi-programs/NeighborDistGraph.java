// np: 4 5 7
import mpi.*;

/** Neighbour collectives on a dist graph with 2 distinct sources (r+2, r-1) and 2 destinations (r+1, r-2): receive order follows the sources, send order the destinations. */
public class NeighborDistGraph {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NeighborDistGraph: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        // edges: r -> r+1 and r -> r-2 (so r receives from r-1 and r+2)
        int[] dests = {(rank + 1) % size, ((rank - 2) % size + size) % size};
        int[] srcs = {(rank + 2) % size, (rank + size - 1) % size};
        GraphComm g = w.createDistGraphAdjacent(srcs, dests, MPI.INFO_NULL, false);
        int[] got = new int[2];
        g.neighborAllGather(new int[] {rank}, 1, MPI.INT, got, 1, MPI.INT);
        check(got[0] == srcs[0] && got[1] == srcs[1], "neighborAllGather " + java.util.Arrays.toString(got) + " expected " + java.util.Arrays.toString(srcs));
        // to dests[0] = r+1 we send block 0; r+1 receives it from its source r = (r+1)-1, i.e. its srcs[1]
        int[] out = {rank * 10, rank * 10 + 1}, in = new int[2];
        g.neighborAllToAll(out, 1, MPI.INT, in, 1, MPI.INT);
        check(in[1] == srcs[1] * 10 && in[0] == srcs[0] * 10 + 1, "neighborAllToAll " + java.util.Arrays.toString(in));
        java.nio.LongBuffer so = MPI.newLongBuffer(2), ri = MPI.newLongBuffer(2);
        so.put(0, -rank).put(1, rank);
        g.iNeighborAllGather(so, 2, MPI.LONG, MPI.newLongBuffer(4), 2, MPI.LONG).waitFor();
        g.iNeighborAllToAll(so, 1, MPI.LONG, ri, 1, MPI.LONG).waitFor();
        check(ri.get(1) == -srcs[1] && ri.get(0) == srcs[0], "iNeighborAllToAll " + ri.get(0) + "," + ri.get(1));
        g.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS NeighborDistGraph");
        MPI.Finalize();
    }
}
