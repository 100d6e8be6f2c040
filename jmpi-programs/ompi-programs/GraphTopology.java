// np: 3 4 6
import mpi.*;

/** createGraph of a ring plus a hub (rank 0 linked to all): getDims (GraphParms index/edges), getNeighbors per rank, getTopology GRAPH, map, messages to the neighbours. */
public class GraphTopology {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GraphTopology: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        java.util.List<java.util.List<Integer>> adj = new java.util.ArrayList<>();
        for (int i = 0; i < size; i++) adj.add(new java.util.ArrayList<>());
        for (int i = 0; i < size; i++) {
            int nx = (i + 1) % size;
            if (!adj.get(i).contains(nx) && nx != i) { adj.get(i).add(nx); adj.get(nx).add(i); }
        }
        for (int i = 2; i < size - 1; i++) { adj.get(0).add(i); adj.get(i).add(0); }
        int[] index = new int[size];
        java.util.List<Integer> edges = new java.util.ArrayList<>();
        for (int i = 0; i < size; i++) { edges.addAll(adj.get(i)); index[i] = edges.size(); }
        int[] e = edges.stream().mapToInt(Integer::intValue).toArray();
        GraphComm g = w.createGraph(index, e, false);
        check(g.getTopology() == MPI.GRAPH, "getTopology " + g.getTopology());
        GraphParms p = g.getDims();
        check(p.getIndexCount() == size && p.getEdgeCount() == e.length, "getDims counts " + p.getIndexCount() + " " + p.getEdgeCount());
        for (int i = 0; i < size; i++) check(p.getIndex(i) == index[i], "index " + i);
        for (int i = 0; i < e.length; i++) check(p.getEdge(i) == e[i], "edge " + i);
        for (int r = 0; r < size; r++) {
            int[] nb = g.getNeighbors(r);
            check(nb.length == adj.get(r).size(), "neighbours of " + r + ": " + java.util.Arrays.toString(nb));
            for (int k = 0; k < nb.length; k++) check(nb[k] == adj.get(r).get(k), "neighbour " + k + " of " + r);
        }
        int[] nb = g.getNeighbors(rank);
        java.nio.IntBuffer in = MPI.newIntBuffer(nb.length), out = MPI.newIntBuffer(1);
        out.put(0, rank);
        Request[] rs = new Request[2 * nb.length];
        for (int k = 0; k < nb.length; k++) { rs[2 * k] = g.iRecv(MPI.slice(in, k), 1, MPI.INT, nb[k], 0); rs[2 * k + 1] = g.iSend(out, 1, MPI.INT, nb[k], 0); }
        Request.waitAll(rs);
        for (int k = 0; k < nb.length; k++) check(in.get(k) == nb[k], "message from neighbour " + nb[k] + ": " + in.get(k));
        check(g.map(index, e) == rank, "map " + g.map(index, e));
        GraphComm gd = g.dup();
        check(gd.getTopology() == MPI.GRAPH && gd.getNeighbors(rank).length == nb.length, "dup of a GraphComm");
        gd.free(); g.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS GraphTopology");
        MPI.Finalize();
    }
}
