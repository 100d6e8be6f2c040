package mpi;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.ProbeStatus;
import jmpi.datatype.BasicType;

/** The outcome of a receive, probe or wait (MPI_Status): who sent, with which tag, how much. */
public class Status {
    /** Rank of the sender in the communicator. */
    public int source;
    /** Tag of the message. */
    public int tag;
    /** Index of the request in the array given to Waitany, Testany, Waitsome or Testsome. */
    public int index = MPI.UNDEFINED;
    private final int count;
    private final int typeCode;
    private final boolean cancelled;

    Status(int source, int tag, int count, int typeCode, boolean cancelled) {
        this.source = source;
        this.tag = tag;
        this.count = count;
        this.typeCode = typeCode;
        this.cancelled = cancelled;
    }

    /** An empty status (MPJ Express's public constructor): source ANY_SOURCE, tag ANY_TAG, no elements. */
    public Status() {
        this(Engine.ANY_SOURCE, Engine.ANY_TAG, 0, BasicType.BYTE.code(), false);
    }

    static Status of(CoreRequest r) {
        return new Status(r.source(), r.tag(), r.count(), r.typeCode(), r.cancelled());
    }

    static Status of(ProbeStatus p) {
        return new Status(p.source(), p.tag(), p.count(), p.typeCode(), false);
    }

    /** The status of a null or inactive request: empty. */
    static Status empty() {
        return new Status();
    }

    /**
     * MPI_Get_count: number of elements of {@code datatype} received, or {@code MPI.UNDEFINED} when the
     * message is not a whole number of them.
     */
    public int Get_count(Datatype datatype) {
        int elements = Get_elements(datatype);
        int per;
        try {
            per = datatype.elementsPerItem();
        } catch (MpiError e) {
            throw MPI.COMM_WORLD.raise(e);
        }
        if (per == 0) {
            return elements == 0 ? 0 : MPI.UNDEFINED;
        }
        return elements == MPI.UNDEFINED || elements % per != 0 ? MPI.UNDEFINED : elements / per;
    }

    /** Received elements counted in {@code asked}'s basic type ({@code MPI.UNDEFINED} when not whole). */
    private int basicElements(BasicType asked) {
        BasicType sent = BasicType.ofCode(typeCode);
        if (asked == sent) {
            return count;
        }
        if (asked == BasicType.OBJECT || sent == BasicType.OBJECT) {
            return MPI.UNDEFINED;
        }
        int n = asked.elementsIn((long) count * sent.size());
        return n < 0 ? MPI.UNDEFINED : n;
    }

    /** The basic type of {@code datatype}; a bad one is an error of MPI.COMM_WORLD (a status has no communicator). */
    private static BasicType basicOf(Datatype datatype) {
        try {
            if (datatype == null) {
                throw Checks.error(ErrorClass.ERR_TYPE, "datatype is null");
            }
            return datatype.basicForMessages();
        } catch (MpiError e) {
            throw MPI.COMM_WORLD.raise(e);
        }
    }

    /** MPI_Get_elements: basic elements received (equal to Get_count for basic datatypes). */
    public int Get_elements(Datatype datatype) {
        return basicElements(basicOf(datatype));
    }

    /** MPI_Test_cancelled. */
    public boolean Test_cancelled() {
        return cancelled;
    }

    /** MPJ Express's {@code free()}: a status holds no MPI resource, so there is nothing to release. */
    public void free() {
        // A Status is a plain Java object here (MPJ Express's free() is empty too): the garbage collector reclaims it.
    }

    @Override
    public String toString() {
        return "Status[source=" + source + ", tag=" + tag + ", count=" + count + ", type="
                + BasicType.ofCode(typeCode) + (cancelled ? ", cancelled" : "") + "]";
    }
}
