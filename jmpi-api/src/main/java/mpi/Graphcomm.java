package mpi;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * A communicator with a graph topology (mpiJava 1.2 {@code Graphcomm}), made by
 * {@link Intracomm#Create_graph}: node i's neighbours are {@code edges[index[i-1] .. index[i]-1]}.
 */
public class Graphcomm extends Intracomm {
    private final int[] index;
    private final int[] edges;

    Graphcomm(String name, CoreComm core, int[] index, int[] edges) {
        super(name, core);
        this.index = index;
        this.edges = edges;
    }

    static void checkGraph(int[] index, int[] edges, int size) {
        if (index == null || edges == null) {
            throw new MpiError(ErrorClass.ERR_ARG, "index and edges must not be null");
        }
        if (index.length > size) {
            throw new MpiError(ErrorClass.ERR_ARG, "a graph of " + index.length + " nodes needs more than the "
                    + size + " ranks of the communicator");
        }
        int previous = 0;
        for (int i = 0; i < index.length; i++) {
            if (index[i] < previous) {
                throw new MpiError(ErrorClass.ERR_ARG, "index[" + i + "] = " + index[i] + " is less than the one before ("
                        + previous + "): index holds cumulative degrees");
            }
            previous = index[i];
        }
        int total = index.length == 0 ? 0 : index[index.length - 1];
        if (total != edges.length) {
            throw new MpiError(ErrorClass.ERR_ARG, "index says " + total + " edges but edges has " + edges.length);
        }
        for (int i = 0; i < edges.length; i++) {
            if (edges[i] < 0 || edges[i] >= index.length) {
                throw new MpiError(ErrorClass.ERR_RANK, "edges[" + i + "] = " + edges[i] + " is not a node of the graph [0, "
                        + index.length + ")");
            }
        }
    }

    /** MPI_Topo_test: {@link MPI#GRAPH}. */
    @Override
    public int Topo_test() {
        try {
            core();
            return MPI.GRAPH;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_dup: a graph communicator with the same graph. Collective. */
    @Override
    public Graphcomm Dup() {
        try {
            return inherit(new Graphcomm(name() + ".dup", core().engine().dup(core()), index, edges));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Graphdims_get and MPI_Graph_get. */
    public GraphParms Get() {
        try {
            core();
            GraphParms p = new GraphParms();
            p.index = index.clone();
            p.edges = edges.clone();
            return p;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Graph_neighbors_count and MPI_Graph_neighbors: the neighbours of {@code rank}. */
    public int[] Neighbours(int rank) {
        try {
            Checks.rankIn("rank", rank, core().size());
            int from = rank == 0 ? 0 : index[rank - 1];
            return java.util.Arrays.copyOfRange(edges, from, index[rank]);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Graph_map: the caller's rank in such a graph over this communicator, or {@link MPI#UNDEFINED}. */
    public int Map(int[] index, int[] edges) {
        try {
            CoreComm c = core();
            checkGraph(index, edges, c.size());
            return c.rank() < index.length ? c.rank() : MPI.UNDEFINED;
        } catch (MpiError e) {
            throw raise(e);
        }
    }
}
