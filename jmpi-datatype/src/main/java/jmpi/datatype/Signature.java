package jmpi.datatype;

/**
 * Type-signature matching between a sent message and a receive buffer, and the counts a
 * {@code Status} reports. A message's signature is its base type and its number of elements (every
 * element of a jmpi datatype is of the one base type), so a sender and a receiver may use different
 * datatypes (a vector sent, a contiguous block received) as long as the base types are equal; a
 * receive buffer may hold more elements than arrive (MPI_Get_elements then tells how many did).
 * Stateless.
 */
public final class Signature {
    /** {@code MPI.UNDEFINED} of the mpiJava binding: the value of a count that is not a whole number. */
    public static final int UNDEFINED = -32766;

    /** The outcome of matching a message with a receive buffer. */
    public enum Match {
        /** The message fits (possibly filling only part of the buffer). */
        OK,
        /** Same base type, but more elements than the buffer holds (MPI_ERR_TRUNCATE). */
        TRUNCATED,
        /** Different base types (MPI_ERR_TYPE). */
        TYPE_MISMATCH
    }

    private Signature() {
    }

    /**
     * Matches a message of {@code sentElements} elements of {@code sentBase} with a receive of
     * {@code recvCount} items of {@code recv}. An empty message matches any receive (its signature is
     * empty); a base-type mismatch is reported before a truncation.
     */
    public static Match match(BasicType sentBase, long sentElements, PackPlan recv, int recvCount) {
        if (sentElements == 0) {
            return Match.OK;
        }
        if (recv.base() != null && recv.base() != sentBase) {
            return Match.TYPE_MISMATCH;
        }
        return sentElements <= recv.elementsOf(recvCount) ? Match.OK : Match.TRUNCATED;
    }

    /** {@link #match(BasicType, long, PackPlan, int)} for a message of {@code sendCount} items of {@code send}. */
    public static Match match(PackPlan send, int sendCount, PackPlan recv, int recvCount) {
        return match(send.base(), send.elementsOf(sendCount), recv, recvCount);
    }

    /** As {@link #match(BasicType, long, PackPlan, int)}, throwing {@code ERR_TYPE} or {@code ERR_TRUNCATE}. */
    public static void check(BasicType sentBase, long sentElements, PackPlan recv, int recvCount) {
        switch (match(sentBase, sentElements, recv, recvCount)) {
            case OK -> {
            }
            case TYPE_MISMATCH -> throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "message of " + sentBase
                    + " elements received with a datatype of base " + recv.base());
            case TRUNCATED -> throw new DatatypeException(DatatypeException.Kind.ERR_TRUNCATE, "message of "
                    + sentElements + " elements, receive buffer holds " + recv.elementsOf(recvCount) + " (" + recvCount
                    + " item(s) of " + recv.elementsPerItem() + ")");
        }
    }

    /**
     * {@code Status.Get_elements} from a byte count: the base elements in {@code bytes} bytes, or
     * {@link #UNDEFINED} when that is not a whole number (for {@code OBJECT}, whose elements have no fixed size,
     * callers count elements themselves).
     */
    public static int elements(PackPlan recv, long bytes) {
        if (recv.base() == null) {
            return bytes == 0 ? 0 : UNDEFINED;
        }
        int size = recv.base().size();
        return bytes % size == 0 && bytes / size <= Integer.MAX_VALUE ? (int) (bytes / size) : UNDEFINED;
    }

    /**
     * {@code Status.Get_count}: whole items of {@code recv} in {@code elements} base elements, or
     * {@link #UNDEFINED} when they are not a whole number of items (a type without data counts 0 items for an
     * empty message).
     */
    public static int count(PackPlan recv, long elements) {
        if (elements == UNDEFINED || elements < 0) {
            return UNDEFINED;
        }
        int per = recv.elementsPerItem();
        if (per == 0) {
            return elements == 0 ? 0 : UNDEFINED;
        }
        return elements % per == 0 ? (int) (elements / per) : UNDEFINED;
    }
}
