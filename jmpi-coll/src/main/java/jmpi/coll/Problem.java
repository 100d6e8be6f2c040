package jmpi.coll;

/**
 * What selection and restrictions look at: the communicator's size, the message size in bytes (per
 * rank's contribution or the broadcast buffer), the element count, whether the operation may be
 * reordered, and whether every member is a thread of this JVM (shared-memory algorithms).
 */
public record Problem(int size, long bytes, int count, boolean commutative, boolean sharedMemory) {
    /** A problem on ranks not known to share memory. */
    public Problem(int size, long bytes, int count, boolean commutative) {
        this(size, bytes, count, commutative, false);
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

    public boolean powerOfTwo() {
        return Integer.bitCount(size) == 1;
    }
}
