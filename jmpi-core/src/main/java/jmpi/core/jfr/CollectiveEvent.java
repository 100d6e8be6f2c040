package jmpi.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One collective call, with the algorithm that ran it (jmpi-coll's {@code Coll}, where the algorithm is
 * picked). A hierarchical algorithm's per-level steps are collective calls too, marked {@link #nested}.
 *
 * <p>Threads: an instance is used by the one thread that made the call.
 */
@Name(CollectiveEvent.NAME)
@Label("MPI Collective Call")
@Category({"jmpi"})
@Description("A collective call of an MPI program and the algorithm chosen for it (jmpi)")
@Enabled(false)
@StackTrace(true)
public final class CollectiveEvent extends Event {
    public static final String NAME = "jmpi.Collective";
    private static final CollectiveEvent PROBE = new CollectiveEvent();

    @Label("Rank")
    @Description("World rank of the caller")
    public int rank;

    @Label("Collective")
    @Description("bcast, reduce, allreduce, gather, gatherv, scatter, allgather, alltoall, barrier, scan, ...")
    public String collective;

    @Label("Algorithm")
    @Description("The algorithm that ran the call (the selection table's or a forced choice)")
    public String algorithm;

    @Label("Context")
    @Description("The communicator's point-to-point context id (its collective traffic goes on context + 1)")
    public int context;

    @Label("Communicator Size")
    public int commSize;

    @Label("Root")
    @Description("The root's rank in the communicator, -1 for a collective without one")
    public int root;

    @Label("Bytes")
    @Description("Bytes of the call's block: count times the type's size (a vector collective's own block,"
            + " reduce_scatter's total)")
    @DataAmount
    public long bytes;

    @Label("Nested")
    @Description("True for a step of a hierarchical algorithm (a collective on a node or leaders communicator),"
            + " not a call of the program")
    public boolean nested;

    /** A started event when the type is enabled, else null. */
    public static CollectiveEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        CollectiveEvent e = new CollectiveEvent();
        e.begin();
        return e;
    }

    public void finish(int rank, String collective, String algorithm, int context, int commSize, int root, long bytes,
                       boolean nested) {
        end();
        if (shouldCommit()) {
            this.rank = rank;
            this.collective = collective;
            this.algorithm = algorithm;
            this.context = context;
            this.commSize = commSize;
            this.root = root;
            this.bytes = bytes;
            this.nested = nested;
            commit();
        }
    }
}
