package mpi;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ProbeStatus;

/**
 * What a receive or probe found (Open MPI Java API): source and tag in Open MPI's numbering
 * ({@code MPI.PROC_NULL}, {@code MPI.ANY_TAG} for a receive from PROC_NULL), the elements received,
 * cancelled or not. Immutable.
 */
public final class Status {
    private final int source;
    private final int tag;
    private final int elements;
    private final boolean cancelled;

    private Status(int source, int tag, int elements, boolean cancelled) {
        this.source = source == Engine.PROC_NULL ? MPI.PROC_NULL : source;
        this.tag = tag == Engine.ANY_TAG ? MPI.ANY_TAG : tag;
        this.elements = elements;
        this.cancelled = cancelled;
    }

    static Status of(CoreRequest r) {
        return new Status(r.source(), r.tag(), r.count(), r.cancelled());
    }

    static Status of(ProbeStatus p) {
        return new Status(p.source(), p.tag(), p.count(), false);
    }

    /** The number of {@code datatype} items received ({@code MPI.UNDEFINED} when not a whole number). */
    public int getCount(Datatype datatype) throws MPIException {
        MPI.check();
        return elements;
    }

    /** The number of basic elements received. */
    public int getElements(Datatype datatype) throws MPIException {
        MPI.check();
        return elements;
    }

    /** Whether the operation was cancelled. */
    public boolean isCancelled() throws MPIException {
        MPI.check();
        return cancelled;
    }

    public int getSource() {
        return source;
    }

    public int getTag() {
        return tag;
    }

    /** The error class of the operation (jmpi reports errors as exceptions: {@code MPI.SUCCESS} here). */
    public int getError() {
        return MPI.SUCCESS;
    }

    /** The index of a request in an array: not used by this slice (no waitAny/testAny yet). */
    public int getIndex() {
        return MPI.UNDEFINED;
    }
}
