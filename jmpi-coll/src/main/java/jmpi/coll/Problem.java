package jmpi.coll;

/**
 * What selection and restrictions look at: the communicator's size, the message size in bytes (per
 * rank's contribution or the broadcast buffer), the element count, whether the operation may be
 * reordered, whether every member is a thread of this JVM (shared-memory algorithms), and how the
 * communicator divides into nodes ({@link Nodes}; null when it is known to be one node). Immutable.
 */
public record Problem(int size, long bytes, int count, boolean commutative, boolean sharedMemory, Nodes nodes) {
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
            return "needs a communicator over two nodes or more (hosts, JVMs, or -Djmpi.coll.nodes blocks),"
                    + " one of them with two ranks or more";
        }
        if (combines && !commutative && !nodes.consecutive()) {
            return "a node's ranks are not consecutive in the communicator: commutative operations only";
        }
        return null;
    }

    public boolean powerOfTwo() {
        return Integer.bitCount(size) == 1;
    }
}
