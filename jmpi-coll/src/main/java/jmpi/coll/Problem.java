package jmpi.coll;

/**
 * What selection and restrictions look at: the communicator's size, the message size in bytes (per
 * rank's contribution or the broadcast buffer), the element count, whether the operation may be
 * reordered, whether every member is a thread of this JVM (shared-memory algorithms), and how the
 * communicator divides into nodes ({@link Nodes}; null when it is known to be one node), and why the MPI
 * library's own collectives cannot run it ({@code library}: null when they can). Immutable.
 */
public record Problem(int size, long bytes, int count, boolean commutative, boolean sharedMemory, Nodes nodes,
                      String library) {
    /** Why the MPI library's own collectives cannot run a problem off the native transport. */
    public static final String NOT_NATIVE = "needs the native transport's MPI library (granted THREAD_MULTIPLE)";

    /** A problem off the native transport. */
    public Problem(int size, long bytes, int count, boolean commutative, boolean sharedMemory, Nodes nodes) {
        this(size, bytes, count, commutative, sharedMemory, nodes, NOT_NATIVE);
    }

    /** A problem on ranks not known to share memory. */
    public Problem(int size, long bytes, int count, boolean commutative) {
        this(size, bytes, count, commutative, false, null);
    }

    /** A problem on one node. */
    public Problem(int size, long bytes, int count, boolean commutative, boolean sharedMemory) {
        this(size, bytes, count, commutative, sharedMemory, null);
    }

    /** The restriction of algorithms that combine out of rank order: null for a commutative operation. */
    public String unlessCommutative() {
        return commutative ? null : "combines out of rank order: commutative operations only";
    }

    /** The restriction of the shared-memory algorithms: null when every rank is a thread of this JVM. */
    public String unlessShared() {
        return sharedMemory ? null : "needs every rank of the communicator in this JVM (the threads transport)"
                + " and a primitive type";
    }

    /**
     * The restriction of the node-aware (hierarchical) algorithms: null when the communicator spans two
     * nodes or more, one of them with two ranks or more, and, for an operation that is not commutative,
     * every node is a run of consecutive ranks (combining node by node then keeps rank order).
     */
    public String unlessNodes(boolean combines) {
        if (nodes == null || !nodes.splits()) {
            return "needs a communicator over two nodes or more (clusters, hosts, JVMs, or -Djmpi.coll.clusters /"
                    + " -Djmpi.coll.nodes blocks), one of them with two ranks or more";
        }
        if (combines && !commutative && !nodes.consecutive()) {
            return "a node's ranks are not consecutive in the communicator: commutative operations only";
        }
        return null;
    }

    /** The restriction of the library's own collectives ({@code library}): null when they can run this call. */
    public String unlessLibrary() {
        return library;
    }

    public boolean powerOfTwo() {
        return Integer.bitCount(size) == 1;
    }
}
