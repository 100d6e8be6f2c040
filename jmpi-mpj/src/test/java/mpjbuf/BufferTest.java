package mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The Buffer on its own: every element type in static and dynamic sections, layout, states, errors. */
class BufferTest {
    @Test
    void everyTypeStaticAndDynamic() throws BufferException {
        Buffer b = new Buffer(1024);
        byte[] by = {1, -2, 3};
        char[] ch = {'a', 'ß', '\uffff'};
        short[] sh = {-1, 2, Short.MAX_VALUE};
        boolean[] bo = {true, false, true};
        int[] in = {Integer.MIN_VALUE, 0, 7};
        long[] lo = {Long.MAX_VALUE, -3, 4};
        float[] fl = {1.5f, Float.NaN, -0f};
        double[] db = {Math.E, Double.MIN_VALUE, -1};
        for (int dynamic = 0; dynamic < 2; dynamic++) {
            int add = dynamic * Type.BYTE_DYNAMIC.getCode();
            b.putSectionHeader(Type.getType(Type.BYTE.getCode() + add));
            b.write(by, 0, 3);
            b.putSectionHeader(Type.getType(Type.CHAR.getCode() + add));
            b.write(ch, 0, 3);
            b.putSectionHeader(Type.getType(Type.SHORT.getCode() + add));
            b.write(sh, 0, 3);
            b.putSectionHeader(Type.getType(Type.BOOLEAN.getCode() + add));
            b.write(bo, 0, 3);
            b.putSectionHeader(Type.getType(Type.INT.getCode() + add));
            b.write(in, 0, 3);
            b.putSectionHeader(Type.getType(Type.LONG.getCode() + add));
            b.write(lo, 0, 3);
            b.putSectionHeader(Type.getType(Type.FLOAT.getCode() + add));
            b.write(fl, 0, 3);
            b.putSectionHeader(Type.getType(Type.DOUBLE.getCode() + add));
            b.write(db, 0, 3);
        }
        b.commit();
        for (int dynamic = 0; dynamic < 2; dynamic++) {
            int add = dynamic * Type.BYTE_DYNAMIC.getCode();
            assertEquals(Type.getType(Type.BYTE.getCode() + add), b.getSectionHeader());
            byte[] by2 = new byte[3];
            b.read(by2, 0, 3);
            assertArrayEquals(by, by2);
            assertEquals(Type.getType(Type.CHAR.getCode() + add), b.getSectionHeader());
            char[] ch2 = new char[3];
            b.read(ch2, 0, 3);
            assertArrayEquals(ch, ch2);
            b.getSectionHeader();
            short[] sh2 = new short[3];
            b.read(sh2, 0, 3);
            assertArrayEquals(sh, sh2);
            b.getSectionHeader();
            boolean[] bo2 = new boolean[3];
            b.read(bo2, 0, 3);
            assertArrayEquals(bo, bo2);
            b.getSectionHeader();
            int[] in2 = new int[3];
            b.read(in2, 0, 3);
            assertArrayEquals(in, in2);
            b.getSectionHeader();
            long[] lo2 = new long[3];
            b.read(lo2, 0, 3);
            assertArrayEquals(lo, lo2);
            b.getSectionHeader();
            float[] fl2 = new float[3];
            b.read(fl2, 0, 3);
            assertArrayEquals(fl, fl2);
            assertEquals(Type.getType(Type.DOUBLE.getCode() + add), b.getSectionHeader());
            double[] db2 = new double[3];
            b.read(db2, 0, 3);
            assertArrayEquals(db, db2);
        }
        assertThrows(BufferUnderflowException.class, b::getSectionHeader);
    }

    @Test
    void staticLayoutIsAlignedSectionsWithHeaders() throws BufferException {
        Buffer b = new Buffer(64);
        b.putSectionHeader(Type.BYTE);
        b.write(new byte[] {9, 9, 9}, 0, 3);
        assertEquals(Buffer.SECTION_OVERHEAD + 3, b.getSize());
        b.putSectionHeader(Type.INT_DYNAMIC); // header at 16: 8 + 3 padded to 8
        b.write(new int[] {1, 2}, 0, 2);
        assertEquals(16 + Buffer.SECTION_OVERHEAD, b.getSize(), "dynamic elements take no static room");
        b.putSectionHeader(Type.OBJECT);
        assertEquals(32, b.getSize());
        b.commit();
        java.nio.ByteBuffer raw = ((NIOBuffer) b.getStaticBuffer()).getBuffer().duplicate().order(b.getEncoding());
        assertEquals(Type.BYTE.getCode(), raw.get(0));
        assertEquals(3, raw.getInt(4));
        assertEquals(Type.INT_DYNAMIC.getCode(), raw.get(16));
        assertEquals(2, raw.getInt(20));
        assertEquals(Type.OBJECT.getCode(), raw.get(24));
        assertEquals(0, raw.getInt(28));
    }

    @Test
    void gatherScatterAndStridedRegions() throws BufferException {
        Buffer b = new Buffer(256);
        int[] m = new int[12]; // a 3x4 matrix, row-major
        for (int i = 0; i < m.length; i++) {
            m[i] = i;
        }
        b.putSectionHeader(Type.INT);
        b.strGather(m, 1, 2, 0, 2, new int[] {3, 2, 4, 2}); // rows 0..2, columns 1 and 3
        b.strGather(m, 5, 0, 0, 0, new int[0]); // rank 0: the one element m[5]
        b.strGather(m, 0, 1, 0, 1, new int[] {0, 1}); // an extent of 0: nothing
        b.gather(m, 2, 1, new int[] {-7, 11, 0});
        assertEquals(9, b.getSectionSize());
        b.putSectionHeader(Type.OBJECT);
        String[] s = {"a", "b", "c", "d"};
        b.strGather(s, 3, 1, 0, 1, new int[] {4, -1}); // backwards
        b.commit();
        b.getSectionHeader();
        int[] got = new int[9];
        b.read(got, 0, 9);
        assertArrayEquals(new int[] {1, 3, 5, 7, 9, 11, 5, 11, 0}, got);
        b.getSectionHeader();
        Object[] o = new Object[6];
        b.scatter(o, 2, 0, new int[] {5, 0});
        b.strScatter(o, 1, 1, 0, 1, new int[] {2, 2});
        assertArrayEquals(new Object[] {"c", "b", null, "a", null, "d"}, o);

        Buffer e = new Buffer(64);
        e.putSectionHeader(Type.INT);
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> e.gather(m, 1, 0, new int[] {12}));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> e.strGather(m, 0, 1, 0, 1, new int[] {13, 1}));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> e.strGather(m, 0, 1, 0, 1, new int[] {2, -1}));
        assertThrows(IllegalArgumentException.class, () -> e.strGather(m, 0, -1, 0, 0, new int[0]));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> e.write(m, 10, 3));
        assertEquals(0, e.getSectionSize(), "failed writes wrote nothing");
    }

    @Test
    void overflowStatesAndReuse() throws BufferException {
        Buffer b = new Buffer(BufferFactory.create(40), 8, 40); // 32 bytes left after the offset
        assertEquals(32, b.getCapacity());
        b.putSectionHeader(Type.LONG);
        b.write(new long[3], 0, 3);
        assertThrows(BufferOverflowException.class, () -> b.write(new long[1], 0, 1));
        assertThrows(BufferOverflowException.class, () -> b.putSectionHeader(Type.BYTE));
        assertEquals(3, b.getSectionSize(), "nothing written by the failed calls");
        assertThrows(WrongStateException.class, b::getSectionHeader);
        b.commit();
        assertFalse(b.isWritable());
        assertThrows(WrongStateException.class, () -> b.putSectionHeader(Type.INT));
        assertEquals(Type.LONG, b.getSectionHeader());
        assertThrows(TypeMismatchException.class, () -> b.read(new int[3], 0, 3));
        assertThrows(TypeMismatchException.class, () -> b.read(new Object[3], 0, 3));
        b.commit();
        b.getSectionHeader();
        b.clear();
        assertTrue(b.isWritable());
        assertEquals(0, b.getSize());
        b.putSectionHeader(Type.OBJECT);
        b.write(new Object[] {List.of("x")}, 0, 1);
        b.commit();
        b.getSectionHeader();
        Integer[] wrong = new Integer[1];
        assertThrows(TypeMismatchException.class, () -> b.read(wrong, 0, 1));
        b.free();
        assertThrows(WrongStateException.class, b::clear);
        assertTrue(((NIOBuffer) b.getStaticBuffer()).isFreed());
        b.free(); // twice: no effect
    }

    @Test
    void encodingIsTheStaticPartsByteOrder() throws BufferException {
        ByteOrder other = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        Buffer b = new Buffer(32);
        b.setEncoding(other);
        b.putSectionHeader(Type.INT);
        b.write(new int[] {0x01020304}, 0, 1);
        b.commit();
        b.getSectionHeader();
        int[] same = new int[1];
        b.read(same, 0, 1);
        assertEquals(0x01020304, same[0]);
        b.setEncoding(ByteOrder.nativeOrder()); // read the same bytes the other way round
        b.commit();
        assertThrows(BufferUnderflowException.class, b::getSectionHeader, "the count, byte-swapped, runs past the end");
        b.clear();
        assertEquals(ByteOrder.nativeOrder(), b.getEncoding());
    }

    @Test
    void typesAndFactory() {
        for (int c = 0; c <= Type.UNDEFINED.getCode(); c++) {
            assertEquals(c, Type.getType(c).getCode());
        }
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> Type.getType(18));
        assertThrows(IllegalArgumentException.class, () -> new Buffer(32).putSectionHeader(Type.UNDEFINED));
        assertThrows(java.lang.IllegalArgumentException.class, () -> BufferFactory.init("Buddy3"));
        RawBuffer r = BufferFactory.create(16);
        assertEquals(16, r.getCapacity());
        BufferFactory.shut();
        assertFalse(BufferFactory.initialized());
        assertThrows(IllegalStateException.class, () -> BufferFactory.create(1));
        BufferFactory.init("Buddy2");
        assertEquals("Buddy2", BufferFactory.strategy());
        assertTrue(BufferFactory.initialized());
        BufferFactory.destroy(r);
        assertTrue(((NIOBuffer) r).isFreed());
        assertThrows(java.lang.IllegalArgumentException.class, () -> new Buffer(r, 17, 1));
        assertNull(new Buffer(8).getDynamicBuffer());
    }
}
