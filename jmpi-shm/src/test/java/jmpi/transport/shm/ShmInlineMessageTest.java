package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.FrameSink;

/**
 * INLINE records (a small message in its header's line, {@link ShmRecordDescriptor#INLINE_KIND}):
 * every element size at the edges of the inline limit, taken straight from the ring by a posted
 * receive or arriving unexpected (as a frame), to a peer and to self, in order with SMALL records and
 * frames, across many laps of a small ring; and their checks against a broken peer.
 */
@Timeout(60)
class ShmInlineMessageTest {
    private static final int LIMIT = ShmRecordDescriptor.INLINE_MAX;

    /** A message as the sink saw it. */
    record Msg(int context, int source, int tag, int typeCode, int count, byte[] payload, boolean direct, int sender) {
    }

    /** Takes offers with even tags (a posted receive), declines odd ones (unexpected: they come as frames). */
    static final class Sink implements FrameSink {
        final List<Msg> got = new ArrayList<>();

        @Override
        public void accept(Frame f) {
            assertEquals(Frame.EAGER, f.kind);
            assertEquals(0, f.offset);
            assertFalse(f.sync);
            byte[] b = f.bytes == null ? new byte[0] : f.bytes;
            got.add(new Msg(f.context, f.source, f.tag, f.typeCode, f.count, b, false, f.sender));
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                  long offset, int bytes) {
            if ((tag & 1) != 0) {
                return false;
            }
            byte[] b = new byte[bytes];
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, offset, b, 0, bytes);
            got.add(new Msg(context, source, tag, typeCode, count, b, true, -1));
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            throw new AssertionError("no rendezvous data expected");
        }
    }

    /** Element layouts by size, as the engine passes them (native order, unaligned). */
    private static ValueLayout layout(int elementSize) {
        return switch (elementSize) {
            case 1 -> ValueLayout.JAVA_BYTE;
            case 2 -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case 4 -> ValueLayout.JAVA_INT_UNALIGNED;
            case 8 -> ValueLayout.JAVA_LONG_UNALIGNED;
            default -> throw new IllegalArgumentException("element size " + elementSize);
        };
    }

    /** A Java array of {@code n} elements of {@code elementSize} bytes holding {@code n * elementSize} distinct-ish bytes. */
    private static Object array(int elementSize, int n, int seed) {
        byte[] bytes = pattern(n * elementSize, seed);
        Object a = switch (elementSize) {
            case 1 -> new byte[n];
            case 2 -> new short[n];
            case 4 -> new int[n];
            default -> new long[n];
        };
        MemorySegment.copy(bytes, 0, segmentOf(a), ValueLayout.JAVA_BYTE, 0, bytes.length);
        return a;
    }

    private static byte[] pattern(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (seed * 31 + i * 7 + 1);
        }
        return b;
    }

    private static MemorySegment segmentOf(Object a) {
        return switch (a) {
            case byte[] x -> MemorySegment.ofArray(x);
            case short[] x -> MemorySegment.ofArray(x);
            case int[] x -> MemorySegment.ofArray(x);
            case long[] x -> MemorySegment.ofArray(x);
            default -> throw new IllegalArgumentException(a.getClass().toString());
        };
    }

    /** The bytes of elements [from, from + count) of {@code array}. */
    private static byte[] bytesOf(Object array, int elementSize, int from, int count) {
        byte[] b = new byte[count * elementSize];
        MemorySegment.copy(segmentOf(array), ValueLayout.JAVA_BYTE, (long) from * elementSize, b, 0,
                b.length);
        return b;
    }

    /** The kind and seq fields of the record at {@code pos} of the ring from {@code sender} in {@code receiver}'s file. */
    private static String recordAt(Endpoint receiver, int sender, int size, long pos) throws Exception {
        ShmEndpoint r = (ShmEndpoint) receiver;
        try (ShmFile file = ShmFile.open(r.path(), r.rank(), size)) {
            long at = ShmFileDescriptor.data(size, file.ringBytes, sender) + pos;
            return "kind " + file.segment.get(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND) + " seq "
                    + file.segment.get(ShmRecordDescriptor.LONG, at + FrameDescriptor.SEQ);
        }
    }

    private static void pollUntil(Endpoint[] eps, FrameSink sink, Sink counted, int n) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (counted.got.size() < n && System.nanoTime() < deadline) {
            for (Endpoint e : eps) {
                e.poll(sink);
            }
        }
        assertEquals(n, counted.got.size(), "messages delivered");
    }

    /**
     * Every element size, byte counts 0, 1 element, limit - 1 element, limit, limit + 1 element and two
     * larger ones, from an offset into the caller's array, each once taken by a posted receive and once
     * unexpected; to the peer and to self. Records up to the limit take one line, larger ones more.
     */
    @Test
    void edgeSizesOfEveryElementSizeArriveWholeOnePerLineUpToTheLimit() throws Exception {
        for (int dest : new int[] {1, 0}) {
            Endpoint[] eps = ShmTestJobs.open(2, Map.of());
            try {
                Endpoint a = eps[0];
                Endpoint b = eps[dest];
                Sink sink = new Sink();
                List<Msg> expected = new ArrayList<>();
                int tag = 0;
                long pos = 0;
                for (int e : new int[] {1, 2, 4, 8}) {
                    int[] counts = {0, 1, LIMIT / e - 1, LIMIT / e, LIMIT / e + 1, 64 / e, 200 / e};
                    for (int count : counts) {
                        for (int unexpected = 0; unexpected < 2; unexpected++) {
                            int from = 3; // elements before the message in the caller's array
                            Object arr = array(e, from + count + 2, tag);
                            int context = 5 + tag;
                            int source = 2 * tag + 1;
                            int typeCode = 100 + e;
                            int t = 2 * tag + unexpected;
                            assertTrue(a.trySendSmall(dest, context, source, t, typeCode, arr, from, count, layout(e)),
                                    count + " elements of " + e + " bytes");
                            int bytes = count * e;
                            // one line up to the limit: the next record starts 64 bytes further
                            assertEquals("kind " + (bytes <= LIMIT ? ShmRecordDescriptor.INLINE_KIND : Frame.EAGER)
                                    + " seq " + tag, recordAt(b, 0, 2, pos), "record of " + bytes + " bytes at " + pos);
                            pos += bytes <= LIMIT ? 64 : RingDescriptor.align(64 + bytes);
                            byte[] want = bytesOf(arr, e, from, count);
                            // the caller may reuse its array at once
                            segmentOf(arr).fill((byte) 0x5A);
                            expected.add(new Msg(context, source, t, typeCode, count, want, unexpected == 0,
                                    unexpected == 0 ? -1 : 0));
                            tag++;
                        }
                    }
                }
                pollUntil(eps, sink, sink, expected.size());
                for (int i = 0; i < expected.size(); i++) {
                    Msg w = expected.get(i);
                    Msg g = sink.got.get(i);
                    String what = "message " + i + " (" + w.count() + " elements, tag " + w.tag() + ")";
                    assertEquals(w.tag(), g.tag(), what);
                    assertEquals(w.context(), g.context(), what);
                    assertEquals(w.source(), g.source(), what);
                    assertEquals(w.typeCode(), g.typeCode(), what);
                    assertEquals(w.count(), g.count(), what);
                    assertEquals(w.direct(), g.direct(), what);
                    assertEquals(w.sender(), g.sender(), what);
                    assertArrayEquals(w.payload(), g.payload(), what);
                }
            } finally {
                for (Endpoint e : eps) {
                    e.close();
                }
            }
        }
    }

    /**
     * Many laps of a 64 KiB ring: first inline records only (they fill it line by line, the last line
     * of the area included), then inline records interleaved with SMALL records and frames of other
     * sizes (padding before the wrap), half of them unexpected; order and contents are kept.
     */
    @Test
    void inlineRecordsWrapAndInterleaveWithOtherRecordsInOrder() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.RING_BYTES, "65536"));
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            Sink sink = new Sink();
            List<byte[]> want = new ArrayList<>();
            List<Integer> tags = new ArrayList<>();
            int n = 12_000;
            boolean sawFullRing = false;
            int lastPollAt = 0;
            for (int i = 0; i < n; i++) {
                int bytes;
                boolean frame = false;
                if (i < 4000) {
                    bytes = i % (LIMIT + 1); // 0 .. 24: inline only
                } else {
                    int k = i % 7;
                    bytes = k == 0 ? 25 + (i % 300) : k == 1 ? LIMIT : k == 2 ? LIMIT + 1 : i % 9;
                    frame = k == 3;
                }
                byte[] v = pattern(bytes, i);
                int tag = 2 * i + (i % 3 == 0 ? 1 : 0);
                boolean sent = !frame && a.trySendSmall(1, 0, 0, tag, 1, v, 0, bytes, ValueLayout.JAVA_BYTE);
                if (!sent) {
                    sawFullRing |= !frame;
                    Frame f = new Frame();
                    f.kind = Frame.EAGER;
                    f.tag = tag;
                    f.typeCode = 1;
                    f.count = bytes;
                    f.data = MemorySegment.ofArray(v.clone());
                    a.send(1, f);
                }
                java.util.Arrays.fill(v, (byte) 0);
                want.add(pattern(bytes, i));
                tags.add(tag);
                if (i - lastPollAt > 1500 + i % 500) { // let the ring fill up now and then
                    b.poll(sink);
                    a.poll(sink);
                    lastPollAt = i;
                }
            }
            pollUntil(eps, sink, sink, n);
            assertTrue(sawFullRing, "the ring must have been full at times");
            for (int i = 0; i < n; i++) {
                Msg g = sink.got.get(i);
                assertEquals(tags.get(i), g.tag(), "message " + i);
                assertArrayEquals(want.get(i), g.payload(), "message " + i);
            }
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /**
     * A sending thread and a polling thread at once, a 64 KiB ring (1024 lines), three million small
     * messages of 0 to 40 bytes (mostly inline, some SMALL records, now and then a frame): the
     * consumer finds records by their stamps while tail is stored only now and then, and is often a
     * whole lap ahead of the stored tail. Every message arrives, in order, intact.
     */
    @Test
    void aConcurrentSenderAndPollerKeepEveryMessage() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.RING_BYTES, "65536"));
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            int n = 3_000_000;
            long[] checked = new long[1];
            String[] problem = new String[1];
            FrameSink check = new FrameSink() {
                private void take(int tag, int count, MemorySegment data, long offset, int bytes) {
                    long i = checked[0]++;
                    if (problem[0] == null && (tag != (int) i || bytes != (int) (i % 41) || count != bytes)) {
                        problem[0] = "message " + i + ": tag " + tag + ", " + bytes + " bytes";
                    }
                    for (int k = 0; k < bytes && problem[0] == null; k++) {
                        if (data.get(ValueLayout.JAVA_BYTE, offset + k) != (byte) (i + k)) {
                            problem[0] = "message " + i + " byte " + k;
                        }
                    }
                }

                @Override
                public void accept(Frame f) {
                    byte[] v = f.bytes == null ? new byte[0] : f.bytes;
                    take(f.tag, f.count, MemorySegment.ofArray(v), 0, v.length);
                }

                @Override
                public boolean tryDeliver(int context, int source, int tag, int typeCode, int count,
                                          MemorySegment data, long offset, int bytes) {
                    if (tag % 5 == 1) {
                        return false;
                    }
                    take(tag, count, data, offset, bytes);
                    return true;
                }

                @Override
                public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset,
                                        long bytes) {
                    throw new AssertionError("no rendezvous data expected");
                }
            };
            Thread sender = Thread.ofPlatform().start(() -> {
                byte[] v = new byte[64];
                for (int i = 0; i < n; i++) {
                    int bytes = i % 41;
                    for (int k = 0; k < bytes; k++) {
                        v[k] = (byte) (i + k);
                    }
                    if (i % 1000 == 999 || !a.trySendSmall(1, 0, 0, i, 1, v, 0, bytes, ValueLayout.JAVA_BYTE)) {
                        Frame f = new Frame();
                        f.kind = Frame.EAGER;
                        f.tag = i;
                        f.typeCode = 1;
                        f.count = bytes;
                        f.data = MemorySegment.ofArray(java.util.Arrays.copyOf(v, bytes));
                        a.send(1, f);
                    }
                }
            });
            long deadline = System.nanoTime() + 40_000_000_000L;
            while (checked[0] < n && problem[0] == null && System.nanoTime() < deadline) {
                b.poll(check);
            }
            sender.join(10_000);
            assertEquals(null, problem[0]);
            assertEquals(n, checked[0], "messages delivered");
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /** Rank 0 sends one inline message of 8 bytes to rank 1; {@code damage} then edits its line in rank 1's file. */
    private static String pollAfter(Consumer<MemorySegment> damage) throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of());
        try {
            assertTrue(eps[0].trySendSmall(1, 0, 0, 0, 3, new int[] {1, 2}, 0, 2, ValueLayout.JAVA_INT_UNALIGNED));
            ShmEndpoint receiver = (ShmEndpoint) eps[1];
            try (ShmFile file = ShmFile.open(receiver.path(), 1, 2)) {
                long ring = ShmFileDescriptor.data(2, file.ringBytes, 0);
                assertEquals(ShmRecordDescriptor.INLINE_KIND, file.segment.get(ValueLayout.JAVA_BYTE, ring));
                damage.accept(file.segment.asSlice(ring));
            }
            Sink sink = new Sink();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> eps[1].poll(sink));
            assertTrue(e.getMessage().contains("from rank 0 to rank 1"), e.getMessage());
            assertEquals(0, sink.got.size(), "nothing delivered from a corrupt record");
            return e.getMessage();
        } finally {
            for (Endpoint ep : eps) {
                ep.close();
            }
        }
    }

    @Test
    void aBrokenInlineRecordIsReported() throws Exception {
        String m = pollAfter(s -> s.set(ShmRecordDescriptor.INT, FrameDescriptor.PAYLOAD_BYTES, LIMIT + 1));
        assertTrue(m.contains("inline record of 25 payload bytes"), m);
        m = pollAfter(s -> s.set(ShmRecordDescriptor.INT, FrameDescriptor.COUNT, 3)); // 3 elements in 8 bytes
        assertTrue(m.contains("inline record of 3 elements in 8 bytes"), m);
        m = pollAfter(s -> s.set(ValueLayout.JAVA_BYTE, FrameDescriptor.FLAGS, FrameDescriptor.SYNC_FLAG));
        assertTrue(m.contains("flags 1"), m);
        m = pollAfter(s -> { // declined by the sink (odd tag): the frame way checks the envelope

            s.set(ShmRecordDescriptor.INT, FrameDescriptor.TAG, 1);
            s.set(ShmRecordDescriptor.INT, FrameDescriptor.CONTEXT, -2);
        });
        assertTrue(m.contains("inline message on context -2"), m);
    }
}
