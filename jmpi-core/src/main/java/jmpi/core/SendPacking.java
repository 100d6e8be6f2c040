package jmpi.core;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectCodec;
import jmpi.datatype.PackPlan;

/**
 * How both matchers ({@link Matching}, {@link LibraryMatching}) turn a send's elements into what goes on the
 * wire: a derived datatype's elements gathered into one dense array, {@code MPI.OBJECT}s serialized. Stateless.
 */
final class SendPacking {
    private SendPacking() {
    }

    /** The {@code elements} elements {@code items} of {@code plan}'s type select from {@code buf}, packed densely. */
    static Object gather(Object buf, int offset, int items, PackPlan plan, int elements, BasicType type) {
        Object packed = java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), elements);
        PackPlan.copy(buf, offset, items, plan, packed, 0, elements, PackPlan.of(type));
        return packed;
    }

    /** {@code count} objects of {@code buf} from {@code offset}, serialized; ERR_TYPE when one cannot be. */
    static byte[] serialize(Object[] buf, int offset, int count) {
        try {
            return ObjectCodec.serialize(buf, offset, count);
        } catch (ObjectCodec.ObjectCodecException e) {
            throw new MpiError(ErrorClass.ERR_TYPE, e.getMessage(), e);
        }
    }
}
