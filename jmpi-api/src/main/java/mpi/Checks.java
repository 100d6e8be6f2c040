package mpi;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/** Argument checks shared by the API classes; each failure names the MPI error class and the bad value. */
final class Checks {
    private Checks() {
    }

    static MpiError error(ErrorClass c, String detail) {
        return new MpiError(c, detail);
    }

    /** A receive buffer: as {@link #buffer}, and a derived type must not write an element twice. */
    static BasicType receiveBuffer(Object buf, int offset, int count, Datatype type) {
        BasicType basic = buffer(buf, offset, count, type);
        jmpi.datatype.PackPlan plan = type.planForMessages();
        if (plan != null) {
            try {
                plan.checkReceive(buf, offset, count);
            } catch (jmpi.datatype.DatatypeException e) {
                throw Datatype.error(e);
            }
        }
        return basic;
    }

    /** A buffer of {@code count} items of {@code type} starting at {@code offset}. */
    static BasicType buffer(Object buf, int offset, int count, Datatype type) {
        if (type == null) {
            throw error(ErrorClass.ERR_TYPE, "datatype is null");
        }
        BasicType basic = type.basicForMessages();
        jmpi.datatype.PackPlan plan = type.planForMessages();
        if (plan != null) {
            try {
                plan.checkBuffer(buf, offset, count);
            } catch (jmpi.datatype.DatatypeException e) {
                throw Datatype.error(e);
            }
            return basic;
        }
        if (count < 0) {
            throw error(ErrorClass.ERR_COUNT, "negative count " + count);
        }
        if (buf == null) {
            if (count == 0) {
                return basic;
            }
            throw error(ErrorClass.ERR_BUFFER, "buffer is null");
        }
        if (buf instanceof mpjbuf.Buffer) {
            throw error(ErrorClass.ERR_TYPE, "an mpjbuf.Buffer is a message buffer only with MPI.PACKED in point-to-point"
                    + " calls (Send, Recv, their other modes, non-blocking and persistent forms, Sendrecv), not with "
                    + type + " here; pack into it with Comm.Pack");
        }
        if (!basic.accepts(buf)) {
            throw error(ErrorClass.ERR_TYPE, "datatype " + type + " needs a " + basic.arrayClass().getSimpleName()
                    + " buffer, not " + buf.getClass().getSimpleName());
        }
        if (offset < 0) {
            throw error(ErrorClass.ERR_BUFFER, "negative offset " + offset);
        }
        int length = BasicType.length(buf);
        if ((long) offset + count > length) {
            throw error(ErrorClass.ERR_BUFFER, "offset " + offset + " + count " + count
                    + " runs past the end of the buffer (length " + length + ")");
        }
        return basic;
    }

    /** A destination rank: a member of the communicator or PROC_NULL. */
    static void dest(int dest, int size) {
        if (dest != Engine.PROC_NULL && (dest < 0 || dest >= size)) {
            throw error(ErrorClass.ERR_RANK, "destination rank " + dest + " out of range [0, " + size + ")");
        }
    }

    /** A source rank: a member, ANY_SOURCE or PROC_NULL. */
    static void source(int source, int size) {
        if (source != Engine.PROC_NULL && source != Engine.ANY_SOURCE && (source < 0 || source >= size)) {
            throw error(ErrorClass.ERR_RANK, "source rank " + source + " out of range [0, " + size + ")");
        }
    }

    /** A rank of a group or communicator of {@code size} members (no wildcard). */
    static void rankIn(String what, int rank, int size) {
        if (rank < 0 || rank >= size) {
            throw error(ErrorClass.ERR_RANK, what + " " + rank + " out of range [0, " + size + ")");
        }
    }

    static void sendTag(int tag) {
        if (tag < 0) {
            throw error(ErrorClass.ERR_TAG, "send tag " + tag + " is negative (tags run 0.." + Engine.TAG_UB + ")");
        }
    }

    static void recvTag(int tag) {
        if (tag < 0 && tag != Engine.ANY_TAG) {
            throw error(ErrorClass.ERR_TAG, "receive tag " + tag + " is neither ANY_TAG nor in 0.." + Engine.TAG_UB);
        }
    }
}
