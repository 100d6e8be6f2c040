package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectCodec;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;
import jmpi.spi.Frame;

/** {@link Delivery}'s copy branches and checks, on frames made by hand. */
class DeliveryTest {
    private final Delivery delivery = new Delivery(getClass().getClassLoader(),
            info -> java.io.ObjectInputFilter.Status.ALLOWED);

    private static RecvRequest recv(Object buf, int offset, int capacity, BasicType type) {
        return new RecvRequest(null, buf, offset, capacity, type, 0, Engine.ANY_SOURCE, Engine.ANY_TAG);
    }

    private static SharedFrame shared(byte kind, BasicType type, int count, Object elements, int offset) {
        SharedFrame f = new SharedFrame();
        f.kind = kind;
        f.source = 3;
        f.tag = 9;
        f.typeCode = type.code();
        f.count = count;
        f.elements = elements;
        f.elementOffset = offset;
        return f;
    }

    private static Frame bytes(BasicType type, int count, byte[] bytes) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.source = 3;
        f.tag = 9;
        f.typeCode = type.code();
        f.count = count;
        f.bytes = bytes;
        return f;
    }

    @Test
    void aContiguousSameJvmMessageIsOneArrayCopyAndSetsTheStatus() {
        int[] into = new int[5];
        RecvRequest r = recv(into, 1, 4, BasicType.INT);
        delivery.deliver(r, shared(Frame.EAGER, BasicType.INT, 3, new int[] {0, 7, 8, 9}, 1));
        assertArrayEquals(new int[] {0, 7, 8, 9, 0}, into);
        assertEquals(3, r.source());
        assertEquals(9, r.tag());
        assertEquals(3, r.count());
        assertSame(ErrorClass.SUCCESS, r.error());
    }

    @Test
    void rawBytesFromAByteTransportBecomeElements() {
        long[] into = new long[2];
        byte[] raw = MemorySegment.ofArray(new long[] {-5, 1L << 40}).toArray(ValueLayout.JAVA_BYTE);
        RecvRequest r = recv(into, 0, 2, BasicType.LONG);
        delivery.deliver(r, bytes(BasicType.LONG, 2, raw));
        assertArrayEquals(new long[] {-5, 1L << 40}, into);
    }

    @Test
    void aLongerMessageIsTruncatedToWhatFits() {
        int[] into = new int[2];
        RecvRequest r = recv(into, 0, 2, BasicType.INT);
        delivery.deliver(r, shared(Frame.EAGER, BasicType.INT, 4, new int[] {1, 2, 3, 4}, 0));
        assertArrayEquals(new int[] {1, 2}, into, "what fits is stored");
        assertSame(ErrorClass.ERR_TRUNCATE, r.error());
        assertEquals(2, r.count());
        assertEquals(4, r.messageCount());
    }

    @Test
    void anotherTypeIsAnErrorAndStoresNothingButAnEmptyMessageMatchesAnyType() {
        int[] into = {5};
        RecvRequest r = recv(into, 0, 1, BasicType.INT);
        delivery.deliver(r, shared(Frame.EAGER, BasicType.FLOAT, 1, new float[] {1f}, 0));
        assertSame(ErrorClass.ERR_TYPE, r.error());
        assertEquals(5, into[0]);
        RecvRequest empty = recv(into, 0, 1, BasicType.INT);
        delivery.deliver(empty, shared(Frame.EAGER, BasicType.FLOAT, 0, null, 0));
        assertSame(ErrorClass.SUCCESS, empty.error());
        assertEquals(0, empty.count());
    }

    @Test
    void aSendersDerivedTypeIsReadThroughItsPlan() {
        // Two items of a vector of 2 blocks of 1 int, stride 2 (extent 3): elements 0, 2, 3, 5 of the sender's array.
        PackPlan plan = PackPlan.compile(TypeMap.vector(2, 1, 2, TypeMap.of(BasicType.INT)));
        SharedFrame f = shared(Frame.RTS, BasicType.INT, 4, new int[] {10, -1, 11, 12, -1, 13}, 0);
        f.plan = plan;
        f.items = 2;
        int[] into = new int[4];
        RecvRequest r = recv(into, 0, 4, BasicType.INT);
        delivery.deliver(r, f);
        assertArrayEquals(new int[] {10, 11, 12, 13}, into);
    }

    @Test
    void aReceiversDerivedTypeIsWrittenThroughItsPlanInPlace() {
        PackPlan plan = PackPlan.compile(TypeMap.vector(2, 1, 2, TypeMap.of(BasicType.INT)));
        int[] user = new int[6]; // two items of extent 3 elements: 0 and 2, then 3 and 5
        RecvRequest r = new RecvRequest(null, null, 0, 4, BasicType.INT, 0, Engine.ANY_SOURCE, Engine.ANY_TAG);
        r.plan = plan;
        r.userBuffer = user;
        r.userOffset = 0;
        r.userItems = 2;
        delivery.deliver(r, shared(Frame.EAGER, BasicType.INT, 3, new int[] {1, 2, 3}, 0));
        r.finish();
        assertArrayEquals(new int[] {1, 0, 2, 3, 0, 0}, user);
        assertSame(ErrorClass.SUCCESS, r.error());
        assertEquals(3, r.count());
    }

    @Test
    void objectsAreDeserializedAndReferencesHandedOverAsTheyAre() throws Exception {
        Object[] into = new Object[2];
        RecvRequest r = recv(into, 0, 2, BasicType.OBJECT);
        delivery.deliver(r, bytes(BasicType.OBJECT, 2, ObjectCodec.serialize(new Object[] {"a", 42}, 0, 2)));
        assertArrayEquals(new Object[] {"a", 42}, into);
        Object ref = new int[] {1};
        SharedFrame f = shared(Frame.EAGER, BasicType.OBJECT, 1, new Object[] {ref}, 0);
        f.references = true;
        Object[] box = new Object[1];
        delivery.deliver(recv(box, 0, 1, BasicType.OBJECT), f);
        assertSame(ref, box[0]);
    }

    @Test
    void aSmallMessageIsCopiedStraightFromTheTransportsMemory() {
        MemorySegment ring = java.lang.foreign.Arena.ofAuto().allocate(64, 8);
        ring.set(ValueLayout.JAVA_INT, 16, 77);
        ring.set(ValueLayout.JAVA_INT, 20, 78);
        int[] into = new int[1];
        RecvRequest r = recv(into, 0, 1, BasicType.INT);
        Delivery.fromSegment(r, 1, 2, BasicType.INT.code(), 2, ring, 16);
        assertArrayEquals(new int[] {77}, into);
        assertSame(ErrorClass.ERR_TRUNCATE, r.error());
    }
}
