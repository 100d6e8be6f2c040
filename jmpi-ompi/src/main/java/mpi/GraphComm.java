package mpi;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;

/** A communicator with a graph or distributed-graph topology (Open MPI Java API). */
public final class GraphComm extends Intracomm {
    GraphComm(CoreComm core, String name) {
        super(core, name);
    }

    GraphComm() {
    }

    @Override
    public GraphComm clone() {
        return (GraphComm) super.clone();
    }

    @Override
    public GraphComm dup() throws MPIException {
        return inherit(new GraphComm(dupCore(), toString() + ".dup"));
    }

    @Override
    public GraphComm iDup() throws MPIException {
        return (GraphComm) super.iDup();
    }

    @Override
    public GraphComm dupWithInfo(Info info) throws MPIException {
        return (GraphComm) super.dupWithInfo(info);
    }

    private Topology graph() throws MPIException {
        core();
        if (topology.kind() != MPI.GRAPH) {
            throw raise(MPIException.of(ErrorClass.ERR_TOPOLOGY, this + " has a distributed graph, not a graph"));
        }
        return topology;
    }

    /** MPI_Graph_get. */
    public GraphParms getDims() throws MPIException {
        Topology t = graph();
        return new GraphParms(t.index.clone(), t.edges.clone());
    }

    /** MPI_Graph_neighbors: the neighbours of {@code rank}. */
    public int[] getNeighbors(int rank) throws MPIException {
        Topology t = graph();
        rank("neighbours of", rank, t.index.length);
        return t.graphNeighbors(rank);
    }

    /** MPI_Dist_graph_neighbors (also for a graph topology: its neighbours both ways, weight 1). */
    public DistGraphNeighbors getDistGraphNeighbors() throws MPIException {
        core();
        Topology t = topology;
        if (t.kind() == MPI.DIST_GRAPH) {
            return new DistGraphNeighbors(t.sources.clone(), t.sourceWeights.clone(), t.destinations.clone(),
                    t.destWeights.clone(), t.weighted);
        }
        int[] n = t.graphNeighbors(getRank());
        int[] w = new int[n.length];
        java.util.Arrays.fill(w, 1);
        return new DistGraphNeighbors(n, w, n.clone(), w.clone(), false);
    }

    /** MPI_Graph_map: this rank's rank in such a graph, or MPI.UNDEFINED. */
    public int map(int[] index, int[] edges) throws MPIException {
        CoreComm c = core();
        if (index == null || edges == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "map: index or edges is null"));
        }
        return c.rank() < index.length ? c.rank() : MPI.UNDEFINED;
    }
}
