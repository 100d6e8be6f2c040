package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.junit.jupiter.api.Test;

/**
 * The small-message header written by {@link FrameDescriptor#encodeSmallHeader} (eight long stores)
 * is the ordinary EAGER header of the same message with {@link FrameDescriptor#SMALL_FLAG}, and reads
 * back through the same accessors and {@link FrameDescriptor#decodeHeader}.
 */
class FrameDescriptorSmallHeaderTest {
    @Test
    void smallHeaderIsTheEagerHeaderWithTheSmallFlag() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment small = arena.allocate(FrameDescriptor.HEADER_BYTES + 16);
            MemorySegment ordinary = arena.allocate(FrameDescriptor.HEADER_BYTES + 16);
            long at = 3; // unaligned on purpose: transports' buffers put headers anywhere
            FrameDescriptor.encodeSmallHeader(small, at, 77, 5, -9, 12, 3, 4, 12, 12L, 42L);

            Frame f = new Frame();
            f.kind = Frame.EAGER;
            f.context = 77;
            f.source = 5;
            f.tag = -9;
            f.typeCode = 12;
            f.count = 3;
            f.offset = 12;
            f.seq = 42;
            f.data = arena.allocate(12);
            FrameDescriptor.encodeHeader(f, 4, ordinary, at);
            ordinary.set(ValueLayout.JAVA_BYTE, at + FrameDescriptor.FLAGS, FrameDescriptor.SMALL_FLAG);

            assertArrayEquals(ordinary.asSlice(at, FrameDescriptor.HEADER_BYTES).toArray(ValueLayout.JAVA_BYTE),
                    small.asSlice(at, FrameDescriptor.HEADER_BYTES).toArray(ValueLayout.JAVA_BYTE));
            assertTrue(FrameDescriptor.isSmall(small, at));
            assertFalse(FrameDescriptor.isSmall(ordinary, at + 1));
            assertEquals(77, FrameDescriptor.contextAt(small, at));
            assertEquals(5, FrameDescriptor.sourceAt(small, at));
            assertEquals(-9, FrameDescriptor.tagAt(small, at));
            assertEquals(12, FrameDescriptor.typeCodeAt(small, at));
            assertEquals(3, FrameDescriptor.countAt(small, at));
            assertEquals(4, FrameDescriptor.senderAt(small, at));
            assertEquals(12, FrameDescriptor.payloadBytesAt(small, at));
            assertEquals(12L, FrameDescriptor.offsetAt(small, at));
            assertEquals(42L, FrameDescriptor.seqAt(small, at));
            Frame back = FrameDescriptor.decodeHeader(small, at);
            assertFalse(back.sync, "the small flag is not the sync flag");
            assertEquals(Frame.EAGER, back.kind);
        }
    }

    @Test
    void smallShapes() {
        assertNull(FrameDescriptor.smallShapeProblem(0, 0));
        assertNull(FrameDescriptor.smallShapeProblem(3, 24));
        assertNull(FrameDescriptor.smallShapeProblem(5, 5));
        assertNotNull(FrameDescriptor.smallShapeProblem(0, 8));
        assertNotNull(FrameDescriptor.smallShapeProblem(-1, 8));
        assertNotNull(FrameDescriptor.smallShapeProblem(3, 25));
        assertNotNull(FrameDescriptor.smallShapeProblem(2, 24)); // 12-byte elements
        assertNotNull(FrameDescriptor.smallShapeProblem(1, 16));
    }
}
