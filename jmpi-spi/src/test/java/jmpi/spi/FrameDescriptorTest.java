package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import org.junit.jupiter.api.Test;

/**
 * {@link FrameDescriptor}: the 64-byte header's layout (offsets, little-endian), round trips of every
 * frame kind, and headers no engine writes rejected with a message naming the bad field. Single-threaded.
 */
class FrameDescriptorTest {
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private static Frame frame(byte kind) {
        Frame f = new Frame();
        f.kind = kind;
        f.context = 6;
        f.source = 3;
        f.tag = -7;
        f.typeCode = 9;
        f.count = 1000;
        f.sendId = 0x0102030405060708L;
        f.recvId = -2;
        f.offset = 1L << 40;
        f.seq = 77;
        return f;
    }

    @Test
    void fieldsAreWhereTheClassCommentSays() {
        assertEquals(64, FrameDescriptor.HEADER_BYTES);
        long[] at = {FrameDescriptor.KIND, FrameDescriptor.FLAGS, FrameDescriptor.VERSION_AT, FrameDescriptor.CONTEXT,
                FrameDescriptor.SOURCE, FrameDescriptor.TAG, FrameDescriptor.TYPE, FrameDescriptor.COUNT,
                FrameDescriptor.SEND_ID, FrameDescriptor.RECV_ID, FrameDescriptor.OFFSET, FrameDescriptor.SENDER,
                FrameDescriptor.PAYLOAD_BYTES, FrameDescriptor.SEQ};
        long[] expected = {0, 1, 2, 4, 8, 12, 16, 20, 24, 32, 40, 48, 52, 56};
        for (int i = 0; i < at.length; i++) {
            assertEquals(expected[i], at[i], "field " + i);
        }
        assertEquals(FrameDescriptor.HEADER_BYTES, FrameDescriptor.SEQ + 8, "seq is the last field");
        for (long a : new long[] {FrameDescriptor.SEND_ID, FrameDescriptor.RECV_ID, FrameDescriptor.OFFSET,
                FrameDescriptor.SEQ}) {
            assertEquals(0, a % 8, "long fields are 8-aligned within the header");
        }
    }

    @Test
    void encodingIsLittleEndianAtTheDocumentedOffsets() {
        Frame f = frame(Frame.RTS);
        f.sync = true;
        MemorySegment out = MemorySegment.ofArray(new byte[FrameDescriptor.HEADER_BYTES + 5]);
        FrameDescriptor.encodeHeader(f, 12, out, 5);
        byte[] b = out.toArray(ValueLayout.JAVA_BYTE);
        assertEquals(Frame.RTS, b[5]);
        assertEquals(1, b[5 + 1]);
        assertEquals(FrameDescriptor.VERSION, out.get(SHORT, 5 + 2));
        assertEquals(1, b[5 + 2], "version, low byte first");
        assertEquals(0, b[5 + 3]);
        assertEquals(6, b[5 + 4], "context, low byte first");
        assertEquals(6, out.get(INT, 5 + 4));
        assertEquals(3, out.get(INT, 5 + 8));
        assertEquals(-7, out.get(INT, 5 + 12));
        assertEquals(9, out.get(INT, 5 + 16));
        assertEquals(1000, out.get(INT, 5 + 20));
        assertEquals(0x08, b[5 + 24], "sendId, low byte first");
        assertEquals(0x0102030405060708L, out.get(LONG, 5 + 24));
        assertEquals(-2, out.get(LONG, 5 + 32));
        assertEquals(1L << 40, out.get(LONG, 5 + 40));
        assertEquals(12, out.get(INT, 5 + 48));
        assertEquals(0, out.get(INT, 5 + 52), "an RTS carries no payload");
        assertEquals(77, out.get(LONG, 5 + 56));
        for (int i = 0; i < 5; i++) {
            assertEquals(0, b[i], "nothing written before the header");
        }
    }

    @Test
    void everyKindRoundTrips() {
        for (byte kind = Frame.EAGER; kind <= Frame.ACK; kind++) {
            for (boolean sync : new boolean[] {false, true}) {
                Frame f = frame(kind);
                f.sync = sync;
                boolean carries = kind == Frame.EAGER || kind == Frame.DATA;
                if (carries) {
                    f.data = MemorySegment.ofArray(new byte[24]);
                }
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment seg = arena.allocate(FrameDescriptor.HEADER_BYTES + 3);
                    FrameDescriptor.encodeHeader(f, 4, seg, 3);
                    Frame g = FrameDescriptor.decodeHeader(seg, 3);
                    String what = "kind " + kind + " sync " + sync;
                    assertEquals(kind, g.kind, what);
                    assertEquals(sync, g.sync, what);
                    assertEquals(f.context, g.context, what);
                    assertEquals(f.source, g.source, what);
                    assertEquals(f.tag, g.tag, what);
                    assertEquals(f.typeCode, g.typeCode, what);
                    assertEquals(f.count, g.count, what);
                    assertEquals(f.sendId, g.sendId, what);
                    assertEquals(f.recvId, g.recvId, what);
                    assertEquals(f.offset, g.offset, what);
                    assertEquals(f.seq, g.seq, what);
                    assertEquals(4, g.sender, "the sender passed to encodeHeader, not the frame's field");
                    assertEquals(carries ? 24 : 0, FrameDescriptor.payloadBytesAt(seg, 3), what);
                    assertNull(g.bytes, "decodeHeader reads no payload");
                    assertNull(g.data, what);
                }
            }
        }
    }

    @Test
    void payloadBytesCountsOnlyEagerAndData() {
        MemorySegment data = MemorySegment.ofArray(new long[3]);
        for (byte kind = Frame.EAGER; kind <= Frame.ACK; kind++) {
            Frame f = frame(kind);
            assertEquals(0, FrameDescriptor.payloadBytes(f), "no data, kind " + kind);
            f.data = data;
            long expected = kind == Frame.EAGER || kind == Frame.DATA ? 24 : 0;
            assertEquals(expected, FrameDescriptor.payloadBytes(f), "kind " + kind);
        }
    }

    private static MemorySegment encoded(Frame f) {
        MemorySegment seg = MemorySegment.ofArray(new byte[FrameDescriptor.HEADER_BYTES]);
        FrameDescriptor.encodeHeader(f, 1, seg, 0);
        return seg;
    }

    private static String rejected(MemorySegment seg) {
        return assertThrows(IllegalArgumentException.class, () -> FrameDescriptor.decodeHeader(seg, 0)).getMessage();
    }

    @Test
    void anotherVersionIsRejected() {
        MemorySegment seg = encoded(frame(Frame.EAGER));
        seg.set(SHORT, FrameDescriptor.VERSION_AT, (short) 2);
        assertEquals("frame version 2, expected " + FrameDescriptor.VERSION, rejected(seg));
    }

    @Test
    void unknownKindsAreRejected() {
        for (byte kind : new byte[] {0, 6, -1, 127}) {
            MemorySegment seg = encoded(frame(Frame.CTS));
            seg.set(ValueLayout.JAVA_BYTE, FrameDescriptor.KIND, kind);
            assertEquals("unknown frame kind " + kind, rejected(seg));
        }
    }

    @Test
    void aNegativePayloadOrOneOnAControlFrameIsRejected() {
        MemorySegment seg = encoded(frame(Frame.EAGER));
        seg.set(INT, FrameDescriptor.PAYLOAD_BYTES, -1);
        assertEquals("frame kind 1 with payload of -1 bytes", rejected(seg));
        for (byte kind : new byte[] {Frame.RTS, Frame.CTS, Frame.ACK}) {
            MemorySegment control = encoded(frame(kind));
            control.set(INT, FrameDescriptor.PAYLOAD_BYTES, 8);
            assertEquals("frame kind " + kind + " with payload of 8 bytes", rejected(control));
        }
    }

    @Test
    void messagesOnAContextNoCommunicatorHasAreRejected() {
        for (byte kind : new byte[] {Frame.EAGER, Frame.RTS}) {
            for (int context : new int[] {-1, Frame.MAX_CONTEXT, Integer.MAX_VALUE}) {
                Frame f = frame(kind);
                f.context = context;
                String m = rejected(encoded(f));
                assertTrue(m.startsWith("message on context " + context + ","), m);
            }
            Frame last = frame(kind);
            last.context = Frame.MAX_CONTEXT - 1;
            assertEquals(Frame.MAX_CONTEXT - 1, FrameDescriptor.decodeHeader(encoded(last), 0).context);
        }
    }

    @Test
    void messagesWithANegativeSourceOrCountAreRejected() {
        for (byte kind : new byte[] {Frame.EAGER, Frame.RTS}) {
            Frame source = frame(kind);
            source.source = -1;
            assertEquals("message with source -1 and count 1000 (neither may be negative)", rejected(encoded(source)));
            Frame count = frame(kind);
            count.count = -5;
            assertEquals("message with source 3 and count -5 (neither may be negative)", rejected(encoded(count)));
        }
    }

    @Test
    void protocolFramesCarryNoEnvelopeToCheck() {
        for (byte kind : new byte[] {Frame.CTS, Frame.DATA, Frame.ACK}) {
            Frame f = frame(kind);
            f.context = -1;
            f.source = -1;
            f.count = -1;
            Frame g = FrameDescriptor.decodeHeader(encoded(f), 0);
            assertEquals(-1, g.context, "kind " + kind);
            assertEquals(-1, g.count, "kind " + kind);
        }
    }
}
