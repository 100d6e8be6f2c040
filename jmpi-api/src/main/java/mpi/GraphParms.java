package mpi;

/** What {@link Graphcomm#Get} returns: the graph in MPI's compressed form (cumulative degrees, then neighbours). */
public class GraphParms {
    public int[] index;
    public int[] edges;
}
