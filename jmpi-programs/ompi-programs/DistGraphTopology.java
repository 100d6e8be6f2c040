// np: 2 3 5
import mpi.*;

/** createDistGraphAdjacent weighted and unweighted, createDistGraph (each rank gives its outgoing edge): getDistGraphNeighbors degrees, sources, destinations, weights, isWeighted; getTopology DIST_GRAPH. */
public class DistGraphTopology {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL DistGraphTopology: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        // directed ring: receive from left, send to right
        GraphComm ring = w.createDistGraphAdjacent(new int[] {left}, new int[] {left + 10}, new int[] {right}, new int[] {rank + 10}, MPI.INFO_NULL, false);
        check(ring.getTopology() == MPI.DIST_GRAPH, "getTopology " + ring.getTopology());
        DistGraphNeighbors n = ring.getDistGraphNeighbors();
        check(n.getInDegree() == 1 && n.getOutDegree() == 1 && n.isWeighted(), "degrees " + n.getInDegree() + "/" + n.getOutDegree() + " weighted " + n.isWeighted());
        check(n.getSource(0) == left && n.getDestination(0) == right, "source/destination " + n.getSource(0) + "/" + n.getDestination(0));
        check(n.getSourceWeight(0) == left + 10 && n.getDestinationWeight(0) == rank + 10, "weights " + n.getSourceWeight(0) + "/" + n.getDestinationWeight(0));
        GraphComm plain = w.createDistGraphAdjacent(new int[] {left, right}, new int[] {left, right}, MPI.INFO_NULL, false);   // undirected ring
        DistGraphNeighbors p = plain.getDistGraphNeighbors();
        check(!p.isWeighted() && p.getInDegree() == 2 && p.getOutDegree() == 2, "unweighted degrees " + p.getInDegree() + " weighted " + p.isWeighted());
        check(p.getSource(0) == left && p.getSource(1) == right && p.getDestination(1) == right, "unweighted sources/destinations");
        // createDistGraph: each rank declares the edge rank -> right (weight rank)
        GraphComm g = w.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {right}, new int[] {rank}, MPI.INFO_NULL, false);
        DistGraphNeighbors q = g.getDistGraphNeighbors();
        check(q.getInDegree() == 1 && q.getOutDegree() == 1, "createDistGraph degrees " + q.getInDegree() + "/" + q.getOutDegree());
        check(q.getSource(0) == left && q.getDestination(0) == right, "createDistGraph neighbours " + q.getSource(0) + "/" + q.getDestination(0));
        check(q.isWeighted() && q.getSourceWeight(0) == left && q.getDestinationWeight(0) == rank, "createDistGraph weights");
        GraphComm u = w.createDistGraph(new int[] {rank}, new int[] {1}, new int[] {left}, MPI.INFO_NULL, false);
        DistGraphNeighbors uq = u.getDistGraphNeighbors();
        check(!uq.isWeighted() && uq.getSource(0) == right && uq.getDestination(0) == left, "unweighted createDistGraph");
        ring.free(); plain.free(); g.free(); u.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS DistGraphTopology");
        MPI.Finalize();
    }
}
