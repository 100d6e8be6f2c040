package mpi;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.ProbeStatus;
import jmpi.datatype.BasicType;

/**
 * What a receive or probe found (Open MPI Java API): source and tag in Open MPI's numbering
 * ({@code MPI.PROC_NULL} and {@code MPI.ANY_TAG} for a receive from PROC_NULL), the size of the message,
 * cancelled or not, and, from the array forms of {@link Request}, the request's index.
 */
public final class Status {
    private final int source;
    private final int tag;
    /** The message's size in bytes (MPI's count of the status). */
    private long bytes;
    private boolean cancelled;
    int index = MPI.UNDEFINED;

    private Status(int source, int tag, long bytes, boolean cancelled) {
        this.source = source == Engine.PROC_NULL ? MPI.PROC_NULL : source == Engine.ANY_SOURCE ? MPI.ANY_SOURCE : source;
        this.tag = tag == Engine.ANY_TAG ? MPI.ANY_TAG : tag;
        this.bytes = bytes;
        this.cancelled = cancelled;
    }

    static Status of(CoreRequest r) {
        return new Status(r.source(), r.tag(), (long) r.count() * size(r.typeCode()), r.cancelled());
    }

    static Status of(ProbeStatus p) {
        return new Status(p.source(), p.tag(), (long) p.count() * size(p.typeCode()), false);
    }

    /** The empty status MPI gives null requests: ANY_SOURCE, ANY_TAG, no data. */
    static Status empty() {
        return new Status(MPI.ANY_SOURCE, MPI.ANY_TAG, 0, false);
    }

    private static int size(int typeCode) {
        return typeCode < 0 ? 1 : BasicType.ofCode(typeCode).size();
    }

    /** MPI_Get_count: items of {@code datatype} received, or {@code MPI.UNDEFINED} when not a whole number. */
    public int getCount(Datatype datatype) throws MPIException {
        MPI.check();
        long itemBytes = itemBytes(datatype);
        if (itemBytes == 0) {
            return bytes == 0 ? 0 : MPI.UNDEFINED;
        }
        return bytes % itemBytes == 0 ? (int) (bytes / itemBytes) : MPI.UNDEFINED;
    }

    private static long itemBytes(Datatype datatype) throws MPIException {
        if (datatype == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        return (long) datatype.getSize() * datatype.base().size();
    }

    /** MPI_Get_elements: base elements received ({@code MPI.UNDEFINED} when not a whole number). */
    public int getElements(Datatype datatype) throws MPIException {
        MPI.check();
        if (datatype == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        int size = datatype.base().size();
        return bytes % size == 0 ? (int) (bytes / size) : MPI.UNDEFINED;
    }

    /** MPI_Get_elements_x. */
    public Count getElementsX(Datatype datatype) throws MPIException {
        return new Count(getElements(datatype));
    }

    /** MPI_Status_set_elements: as if {@code count} base elements of {@code datatype} had been received. */
    public void setElements(Datatype datatype, int count) throws MPIException {
        MPI.check();
        if (datatype == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        bytes = (long) count * datatype.base().size();
    }

    /** MPI_Status_set_elements_x. */
    public void setElementsX(Datatype datatype, Count count) throws MPIException {
        if (count == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "the count is null");
        }
        MPI.check();
        if (datatype == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        bytes = count.getCount() * datatype.base().size();
    }

    /** MPI_Test_cancelled. */
    public boolean isCancelled() throws MPIException {
        MPI.check();
        return cancelled;
    }

    /** MPI_Status_set_cancelled. */
    public void setCancelled(boolean flag) throws MPIException {
        MPI.check();
        cancelled = flag;
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

    /** The index of the request in the array of a waitAny / testAny / ...Some / ...All call, else MPI.UNDEFINED. */
    public int getIndex() {
        return index;
    }
}
