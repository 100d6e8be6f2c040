package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import mpjbuf.Buffer;
import mpjbuf.BufferException;
import mpjbuf.Type;

/**
 * MPJ Express's {@code mpjbuf.Buffer} in the API: {@code Comm.Pack} / {@code Unpack} into one, and
 * a buffer as the message of a point-to-point call with {@code MPI.PACKED} (offset and count ignored,
 * as MPJ Express does). The buffer travels as one {@code MPI.OBJECT} element (its bytes), so a receive
 * needs no size in advance; a receive into a buffer takes only such messages ({@code ERR_TYPE} else).
 */
final class MpjBuffers {
    private MpjBuffers() {
    }

    /** True when {@code buf} is an {@code mpjbuf.Buffer} given with {@code MPI.PACKED} (a point-to-point message). */
    static boolean isMessage(Object buf, Datatype type) {
        return buf instanceof Buffer && type != null && type.planForMessages() == null
                && type.basicForMessages() == BasicType.PACKED;
    }

    /** The error class of a buffer failure. */
    static MpiError error(String what, BufferException e) {
        ErrorClass c = switch (e) {
            case mpjbuf.TypeMismatchException t -> ErrorClass.ERR_TYPE;
            case mpjbuf.DynamicBufferException d -> ErrorClass.ERR_TYPE; // (de)serialization, the allow-list
            case mpjbuf.BufferOverflowException o -> ErrorClass.ERR_TRUNCATE;
            case mpjbuf.IllegalArgumentException a -> ErrorClass.ERR_ARG;
            default -> ErrorClass.ERR_BUFFER; // underflow, unread elements, wrong state
        };
        return new MpiError(c, what + ": " + e.getMessage(), e);
    }

    /** The section type that holds elements of {@code basic}. */
    static Type sectionOf(BasicType basic) {
        return switch (basic) {
            case BYTE, PACKED -> Type.BYTE;
            case CHAR -> Type.CHAR;
            case SHORT -> Type.SHORT;
            case BOOLEAN -> Type.BOOLEAN;
            case INT -> Type.INT;
            case LONG -> Type.LONG;
            case FLOAT -> Type.FLOAT;
            case DOUBLE -> Type.DOUBLE;
            case OBJECT -> Type.OBJECT;
        };
    }

    /** True when a section of {@code t} holds elements of {@code basic} (static or dynamic). */
    static boolean holds(Type t, BasicType basic) {
        Type s = sectionOf(basic);
        return t == s || (s != Type.OBJECT && t.getCode() == s.getCode() + Type.BYTE_DYNAMIC.getCode());
    }

    /** Appends {@code n} elements of {@code a} from {@code off} to the current section of {@code b}. */
    static void write(Buffer b, BasicType basic, Object a, int off, int n) throws BufferException {
        switch (basic) {
            case BYTE, PACKED -> b.write((byte[]) a, off, n);
            case CHAR -> b.write((char[]) a, off, n);
            case SHORT -> b.write((short[]) a, off, n);
            case BOOLEAN -> b.write((boolean[]) a, off, n);
            case INT -> b.write((int[]) a, off, n);
            case LONG -> b.write((long[]) a, off, n);
            case FLOAT -> b.write((float[]) a, off, n);
            case DOUBLE -> b.write((double[]) a, off, n);
            case OBJECT -> b.write((Object[]) a, off, n);
        }
    }

    /** Reads {@code n} elements of the current section of {@code b} into {@code a} from {@code off}. */
    static void read(Buffer b, BasicType basic, Object a, int off, int n) throws BufferException {
        switch (basic) {
            case BYTE, PACKED -> b.read((byte[]) a, off, n);
            case CHAR -> b.read((char[]) a, off, n);
            case SHORT -> b.read((short[]) a, off, n);
            case BOOLEAN -> b.read((boolean[]) a, off, n);
            case INT -> b.read((int[]) a, off, n);
            case LONG -> b.read((long[]) a, off, n);
            case FLOAT -> b.read((float[]) a, off, n);
            case DOUBLE -> b.read((double[]) a, off, n);
            case OBJECT -> b.read((Object[]) a, off, n);
        }
    }
}
