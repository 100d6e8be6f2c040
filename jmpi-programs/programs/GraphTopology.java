// np: 3 4 5 6
import mpi.*;

/** Create_graph of a star plus a ring: Get(), Neighbours of every node, Topo_test, and an exchange with each neighbour. */
public class GraphTopology {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        // node 0 is the hub, linked to all; the others form a ring 1..size-1 and link back to 0
        java.util.List<java.util.List<Integer>> adj = new java.util.ArrayList<>();
        for (int v = 0; v < size; v++) adj.add(new java.util.ArrayList<>());
        for (int v = 1; v < size; v++) { adj.get(0).add(v); adj.get(v).add(0); }
        if (size > 3) for (int v = 1; v < size; v++) { int w = v % (size - 1) + 1; adj.get(v).add(w); adj.get(w).add(v); }
        int[] index = new int[size];
        java.util.List<Integer> edges = new java.util.ArrayList<>();
        for (int v = 0; v < size; v++) { edges.addAll(adj.get(v)); index[v] = edges.size(); }
        int[] e = edges.stream().mapToInt(i -> i).toArray();
        Graphcomm g = MPI.COMM_WORLD.Create_graph(index, e, false);
        if (g.Topo_test() != MPI.GRAPH) { System.out.println("Topo_test " + g.Topo_test()); System.exit(1); }
        GraphParms gp = g.Get();
        if (!java.util.Arrays.equals(gp.index, index) || !java.util.Arrays.equals(gp.edges, e)) { System.out.println("Get differs"); System.exit(1); }
        for (int v = 0; v < size; v++) {
            int[] nb = g.Neighbours(v);
            if (!java.util.Arrays.equals(nb, adj.get(v).stream().mapToInt(i -> i).toArray())) { System.out.println("neighbours of " + v + ": " + java.util.Arrays.toString(nb)); System.exit(1); }
        }
        int[] nb = g.Neighbours(g.Rank());
        Request[] rq = new Request[2 * nb.length];
        int[][] in = new int[nb.length][1];
        for (int i = 0; i < nb.length; i++) {
            rq[2 * i] = g.Irecv(in[i], 0, 1, MPI.INT, nb[i], 0);
            rq[2 * i + 1] = g.Isend(new int[]{g.Rank() * 1000 + nb[i]}, 0, 1, MPI.INT, nb[i], 0);
        }
        Request.Waitall(rq);
        for (int i = 0; i < nb.length; i++) if (in[i][0] != nb[i] * 1000 + g.Rank()) { System.out.println("from " + nb[i] + " got " + in[i][0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GraphTopology");
        MPI.Finalize();
    }
}
