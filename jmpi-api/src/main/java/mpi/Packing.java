package mpi;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * The bodies of {@link Comm}'s {@code Pack}, {@code Unpack} and {@code Pack_size}, into a {@code byte[]}
 * (the elements' bytes in native order, objects serialized) and into MPJ Express's {@code mpjbuf.Buffer}
 * (one section per {@code Pack}). {@code Comm} checks that the communicator is usable and applies its
 * error handler to what these throw ({@link MpiError}, {@code DatatypeException},
 * {@code mpjbuf.BufferException}). Stateless; a buffer is the caller's, used by one thread at a time.
 */
final class Packing {
    private Packing() {
    }

    private static PackPlan planOf(Datatype datatype) {
        if (datatype == null) {
            throw new MpiError(ErrorClass.ERR_TYPE, "datatype is null");
        }
        PackPlan p = datatype.planForMessages();
        return p != null ? p : PackPlan.of(datatype.basicForMessages());
    }

    static int pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
        if (outbuf == null) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "output buffer is null");
        }
        return planOf(datatype).packInto(inbuf, offset, incount, outbuf, position);
    }

    static int unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype,
                      Engine engine) {
        if (inbuf == null) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "input buffer is null");
        }
        return planOf(datatype).unpackFrom(inbuf, position, outbuf, offset, outcount, engine.objectLoader(),
                engine.objectFilter());
    }

    /** Bytes of one {@code Pack} section of {@code incount} items: header plus data padded to the alignment unit. */
    static int packSize(int incount, Datatype datatype) {
        if (incount < 0) {
            throw new MpiError(ErrorClass.ERR_COUNT, "negative count " + incount);
        }
        long data = planOf(datatype).packSize(incount);
        long unit = mpjbuf.Buffer.ALIGNMENT_UNIT;
        long bound = mpjbuf.Buffer.SECTION_OVERHEAD + (data + unit - 1) / unit * unit;
        if (bound > Integer.MAX_VALUE) {
            throw new MpiError(ErrorClass.ERR_COUNT, incount + " items of " + datatype + " pack into more than 2^31 bytes");
        }
        return (int) bound;
    }

    static int pack(Object inbuf, int offset, int incount, Datatype datatype, mpjbuf.Buffer outbuf, int position)
            throws mpjbuf.BufferException {
        if (outbuf == null) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "output buffer is null");
        }
        BasicType basic = Checks.buffer(inbuf, offset, incount, datatype);
        if (position < 0 || position > outbuf.getCapacity()) {
            throw new MpiError(ErrorClass.ERR_ARG, "position " + position + " outside the buffer's "
                    + outbuf.getCapacity() + " bytes");
        }
        Flat in = Flat.of(inbuf, offset, incount, datatype, true);
        int n = Flat.elements(datatype, incount);
        jmpi.mpj.BufferAccess.settleNow(outbuf); // a message received into it, if any, first
        if (outbuf.isWritable()) {
            outbuf.setSize(position);
        }
        outbuf.putSectionHeader(MpjBuffers.sectionOf(basic));
        if (n > 0) {
            MpjBuffers.write(outbuf, basic, in.array, in.offset, n);
        }
        return outbuf.getSize();
    }

    static int unpack(mpjbuf.Buffer inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype)
            throws mpjbuf.BufferException {
        if (inbuf == null) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "input buffer is null");
        }
        BasicType basic = Checks.receiveBuffer(outbuf, offset, outcount, datatype);
        if (position < 0) {
            throw new MpiError(ErrorClass.ERR_ARG, "negative position " + position);
        }
        mpjbuf.Type section = inbuf.getSectionHeader();
        int n = inbuf.getSectionSize();
        if (!MpjBuffers.holds(section, basic)) {
            throw new MpiError(ErrorClass.ERR_TYPE, "the buffer's next section holds " + section
                    + " elements, not elements of " + datatype);
        }
        PackPlan plan = datatype.planForMessages();
        int room = Flat.elements(datatype, outcount);
        if (n > room) {
            throw new MpiError(ErrorClass.ERR_TRUNCATE, "the buffer's section holds " + n
                    + " elements, the receive only " + room);
        }
        if (plan == null) {
            MpjBuffers.read(inbuf, basic, outbuf, offset, n);
        } else {
            Object dense = java.lang.reflect.Array.newInstance(basic.arrayClass().getComponentType(), n);
            MpjBuffers.read(inbuf, basic, dense, 0, n);
            PackPlan.copy(dense, 0, n, PackPlan.of(basic), outbuf, offset, outcount, plan);
        }
        int unit = mpjbuf.Buffer.ALIGNMENT_UNIT;
        int start = (position + unit - 1) / unit * unit;
        int data = basic == BasicType.OBJECT || section.getCode() >= mpjbuf.Type.OBJECT.getCode() ? 0 : n * basic.size();
        return start + mpjbuf.Buffer.SECTION_OVERHEAD + data;
    }
}
