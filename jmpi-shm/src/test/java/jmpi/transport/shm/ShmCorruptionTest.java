package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.tck.RecordingSink;

/**
 * A broken peer: bytes written into a ring behind the transport's back make poll throw an
 * {@link IllegalStateException} that names the sender and the problem, and keep throwing.
 */
@Timeout(30)
class ShmCorruptionTest {
    /** Rank 0 sends one eager frame to rank 1; {@code damage} then edits the record in rank 1's file. */
    private static String pollAfter(Consumer<MemorySegment> damage, long recordOffsetInRing) throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of());
        try {
            Frame f = new Frame();
            f.kind = Frame.EAGER;
            f.data = MemorySegment.ofArray(new byte[100]);
            eps[0].send(1, f);
            ShmEndpoint receiver = (ShmEndpoint) eps[1];
            try (ShmFile file = ShmFile.open(receiver.path(), 1, 2)) {
                long ring = ShmFileDescriptor.data(2, file.ringBytes, 0);
                damage.accept(file.segment.asSlice(ring + recordOffsetInRing));
            }
            RecordingSink sink = new RecordingSink(0);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> eps[1].poll(sink));
            assertTrue(e.getMessage().contains("from rank 0 to rank 1"), e.getMessage());
            IllegalStateException again = assertThrows(IllegalStateException.class, () -> eps[1].poll(sink));
            assertEquals(e.getMessage(), again.getMessage(), "a broken ring stays broken");
            assertEquals(0, sink.frames.size(), "nothing delivered from a corrupt record");
            return e.getMessage();
        } finally {
            for (Endpoint ep : eps) {
                ep.close();
            }
        }
    }

    @Test
    void anUnknownKindIsReported() throws Exception {
        String m = pollAfter(s -> s.set(ValueLayout.JAVA_BYTE, FrameDescriptor.KIND, (byte) 9), 0);
        assertTrue(m.contains("unknown record kind 9"), m);
    }

    @Test
    void anUnknownVersionIsReported() throws Exception {
        String m = pollAfter(s -> s.set(ShmRecordDescriptor.SHORT, FrameDescriptor.VERSION_AT, (short) 77), 0);
        assertTrue(m.contains("version 77"), m);
    }

    @Test
    void anImpossibleLengthIsReported() throws Exception {
        String m = pollAfter(s -> s.set(ShmRecordDescriptor.INT, FrameDescriptor.PAYLOAD_BYTES, 1 << 30), 0);
        assertTrue(m.contains("1073741824 payload bytes"), m);
        m = pollAfter(s -> s.set(ShmRecordDescriptor.INT, FrameDescriptor.PAYLOAD_BYTES, -5), 0);
        assertTrue(m.contains("-5 payload bytes"), m);
    }

    @Test
    void aRecordBeyondWhatWasPublishedIsReported() throws Exception {
        // the 100-byte eager record takes 192 bytes; claim 200 bytes of payload: past the tail. Its stamp
        // (seq 1) removed too, so the receiver finds it through tail, whose bound it can then check (a record
        // found by its stamp is checked against the end of the ring's area only)
        String m = pollAfter(s -> {
            s.set(ShmRecordDescriptor.INT, FrameDescriptor.PAYLOAD_BYTES, 200);
            s.set(ShmRecordDescriptor.LONG, FrameDescriptor.SEQ, 0L);
        }, 0);
        assertTrue(m.contains("200 payload bytes"), m);
    }

    @Test
    void aSequenceGapIsReported() throws Exception {
        String m = pollAfter(s -> s.set(ShmRecordDescriptor.LONG, FrameDescriptor.SEQ, 3L), 0);
        assertTrue(m.contains("record number 3, expected 1"), m);
    }

    @Test
    void garbagePublishedWithoutASendIsReported() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of());
        try {
            ShmEndpoint receiver = (ShmEndpoint) eps[1];
            try (ShmFile file = ShmFile.open(receiver.path(), 1, 2)) {
                long ring = ShmFileDescriptor.data(2, file.ringBytes, 0);
                byte[] junk = new byte[4096];
                new Random(1).nextBytes(junk);
                junk[0] = 3; // neither a frame kind that decodes cleanly nor padding, most likely
                MemorySegment.copy(junk, 0, file.segment, ValueLayout.JAVA_BYTE, ring, junk.length);
                file.segment.set(ValueLayout.JAVA_LONG, ShmFileDescriptor.control(0) + RingDescriptor.TAIL, 4096L);
            }
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> eps[1].poll(new RecordingSink(0)));
            assertTrue(e.getMessage().contains("ring from rank 0 to rank 1 is corrupt"), e.getMessage());
        } finally {
            for (Endpoint ep : eps) {
                ep.close();
            }
        }
    }
}
