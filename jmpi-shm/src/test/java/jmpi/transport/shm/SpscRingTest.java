package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.spi.FrameDescriptor;

/**
 * The bare ring: wrap-around, a full ring, padding, and a producer thread streaming records of random
 * sizes to a consumer thread. Test records: +0 byte kind 1, +4 int payload bytes, +8 long number,
 * +16 long CRC32 of the payload, payload from +64.
 */
@Timeout(60)
class SpscRingTest {
    private static final int CAP = 64 * 1024;
    private static final long CONTROL = 0;
    private static final long DATA = 4096;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment seg = arena.allocate(DATA + CAP, 4096);
    private final SpscRingProducer producer = new SpscRingProducer(seg, CONTROL, DATA, CAP);
    private final SpscRingConsumer consumer = new SpscRingConsumer(seg, CONTROL, DATA, CAP);

    @AfterEach
    void free() {
        arena.close();
    }

    private static long recordBytes(int payload) {
        return RingDescriptor.align(64 + payload);
    }

    /** Writes record {@code n} with {@code payload} bytes (derived from n); false when full. */
    private static boolean offer(SpscRingProducer p, long n, int payload) {
        return offer(p, n, payload, false);
    }

    /**
     * As {@link #offer(SpscRingProducer, long, int)}; {@code stamped}: published as the transport does, with the
     * record number n + 1 as its seq stamp ({@link SpscRingProducer#publish(long, long)}).
     */
    private static boolean offer(SpscRingProducer p, long n, int payload, boolean stamped) {
        long bytes = recordBytes(payload);
        if (p.claim(bytes, bytes) == 0) {
            return false;
        }
        MemorySegment s = p.segment();
        long at = p.claimedAt();
        byte[] b = content(n, payload);
        CRC32 crc = new CRC32();
        crc.update(b);
        s.set(ValueLayout.JAVA_BYTE, at, (byte) 1);
        s.set(ValueLayout.JAVA_INT, at + 4, payload);
        s.set(ValueLayout.JAVA_LONG, at + 8, n);
        s.set(ValueLayout.JAVA_LONG, at + 16, crc.getValue());
        MemorySegment.copy(b, 0, s, ValueLayout.JAVA_BYTE, at + 64, payload);
        if (stamped) {
            s.set(ValueLayout.JAVA_LONG, at + FrameDescriptor.SEQ, ShmRecordDescriptor.NO_SEQ);
            p.publish(bytes, n + 1);
        } else {
            p.publish(bytes);
        }
        return true;
    }

    private static byte[] content(long n, int payload) {
        byte[] b = new byte[payload];
        for (int i = 0; i < payload; i++) {
            b[i] = (byte) (n * 31 + i * 7);
        }
        return b;
    }

    /** Reads and checks the next record; returns its payload size, or -1 when none is there. */
    private static int take(SpscRingConsumer c, long expected) {
        return take(c, expected, false);
    }

    /** As {@link #take(SpscRingConsumer, long)}; {@code stamped}: looks for the record by its stamp first. */
    private static int take(SpscRingConsumer c, long expected, boolean stamped) {
        long avail = stamped ? c.available(expected + 1) : c.available();
        if (avail == 0) {
            return -1;
        }
        MemorySegment s = c.segment();
        long at = c.recordAt();
        assertEquals(1, s.get(ValueLayout.JAVA_BYTE, at), "kind of record " + expected);
        int payload = s.get(ValueLayout.JAVA_INT, at + 4);
        assertTrue(recordBytes(payload) <= avail, "record " + expected + " beyond what was published");
        assertEquals(expected, s.get(ValueLayout.JAVA_LONG, at + 8), "record number");
        byte[] b = new byte[payload];
        MemorySegment.copy(s, ValueLayout.JAVA_BYTE, at + 64, b, 0, payload);
        CRC32 crc = new CRC32();
        crc.update(b);
        assertEquals(s.get(ValueLayout.JAVA_LONG, at + 16), crc.getValue(), "checksum of record " + expected);
        c.release(recordBytes(payload));
        return payload;
    }

    @Test
    void recordsWrapAroundManyTimes() {
        // 960-byte records (1024 with the header) divide the ring: no padding, only wrap-around
        long n = 0;
        for (int lap = 0; lap < 10; lap++) {
            for (int i = 0; i < CAP / 1024 / 2; i++) {
                assertTrue(offer(producer, n + i, 960));
            }
            for (int i = 0; i < CAP / 1024 / 2; i++) {
                assertEquals(960, take(consumer, n++));
            }
        }
        assertEquals(-1, take(consumer, n));
        assertEquals(10L * CAP / 2, consumer.position());
    }

    @Test
    void aFullRingRefusesUntilTheConsumerReleases() {
        int payload = CAP / 4 - 64;
        for (int i = 0; i < 4; i++) {
            assertTrue(offer(producer, i, payload), "record " + i + " fits");
        }
        assertTrue(!offer(producer, 4, payload), "a fifth quarter-ring record must not fit");
        assertTrue(!offer(producer, 4, 0), "nor a bare header");
        assertEquals(payload, take(consumer, 0));
        assertTrue(offer(producer, 4, payload), "fits once a quarter is released");
        for (int i = 1; i <= 4; i++) {
            assertEquals(payload, take(consumer, i));
        }
        assertTrue(producer.drained());
    }

    @Test
    void aRecordThatWouldWrapIsPrecededByPadding() {
        // fill to 1 KiB before the end, then ask for 4 KiB: padding of 1 KiB, record at offset 0
        long n = 0;
        int big = CAP - 1024 - 64;
        assertTrue(offer(producer, n, big));
        assertEquals(big, take(consumer, n++));
        assertTrue(offer(producer, n, 4096 - 64));
        assertEquals(RingDescriptor.PAD_KIND, seg.get(ValueLayout.JAVA_BYTE, DATA + CAP - 1024), "padding written");
        assertEquals(1024 - 64, seg.get(ShmRecordDescriptor.INT, DATA + CAP - 1024 + FrameDescriptor.PAYLOAD_BYTES));
        assertEquals(4096 - 64, take(consumer, n++), "the padding is skipped");
        assertEquals((long) CAP + 4096, consumer.position());
        assertEquals(-1, take(consumer, n));
    }

    @Test
    void paddingCarriesTheStampOfTheRecordAfterIt() {
        long n = 0;
        int big = CAP - 1024 - 64;
        assertTrue(offer(producer, n, big, true));
        assertEquals(big, take(consumer, n++, true));
        assertTrue(offer(producer, n, 4096 - 64, true));
        assertEquals(n + 1, seg.get(ValueLayout.JAVA_LONG, DATA + CAP - 1024 + FrameDescriptor.SEQ), "the padding's stamp");
        assertEquals(n + 1, seg.get(ValueLayout.JAVA_LONG, DATA + FrameDescriptor.SEQ), "the record's stamp");
        assertEquals(ShmRecordDescriptor.NO_SEQ, seg.get(ValueLayout.JAVA_LONG, DATA + 4096 + FrameDescriptor.SEQ),
                "the next record's place");
        assertEquals(4096 - 64, take(consumer, n++, true), "found through the padding's stamp, the padding skipped");
        assertEquals((long) CAP + 4096, consumer.position());
        assertEquals(-1, take(consumer, n, true));
    }

    @Test
    void aStampedRecordIsTakenBeforeTailCoversItAndAnUnstampedOneIsNot() {
        // a record complete but for its stamp, tail not stored: nothing to take, however often asked
        seg.set(ValueLayout.JAVA_BYTE, DATA, (byte) 1);
        for (int i = 0; i < 3 * SpscRingConsumer.TAIL_CHECK_EVERY; i++) {
            assertEquals(0, consumer.available(1), "call " + i);
        }
        assertTrue(!consumer.hasPublished(1, true));
        // stamped (the producer's last step before tail): taken, up to the end of the area
        seg.set(ValueLayout.JAVA_LONG, DATA + FrameDescriptor.SEQ, 1L);
        assertTrue(consumer.hasPublished(1, false), "the stamp says a record is there");
        assertEquals(CAP, consumer.available(1), "taken by its stamp, published up to the end of the area");
        consumer.release(64);
        // tail stored afterwards: the consumer, ahead of it meanwhile, finds nothing more
        seg.set(ValueLayout.JAVA_LONG, CONTROL + RingDescriptor.TAIL, 64L);
        for (int i = 0; i < 3 * SpscRingConsumer.TAIL_CHECK_EVERY; i++) {
            assertEquals(0, consumer.available(2), "call " + i + " after the record");
        }
    }

    @Test
    void aRecordPublishedWithoutItsStampIsStillFound() {
        assertTrue(offer(producer, 0, 100, false)); // seq field 0, not the 1 the consumer looks for
        long found = 0;
        int calls = 0;
        while (found == 0 && calls < 2 * SpscRingConsumer.TAIL_CHECK_EVERY) {
            found = consumer.available(1);
            calls++;
        }
        assertEquals(recordBytes(100), found, "found by the tail check within " + SpscRingConsumer.TAIL_CHECK_EVERY + " idle calls");
        assertTrue(consumer.hasPublished(1, true));
    }

    @Test
    void aVariableRecordTakesWhatFitsBeforeTheEndInsteadOfPadding() {
        int big = CAP - 8192 - 64;
        assertTrue(offer(producer, 0, big));
        long granted = producer.claim(4096, 32768);
        assertEquals(8192, granted, "the 8 KiB to the end of the area");
        assertEquals(DATA + CAP - 8192, producer.claimedAt());
    }

    @Test
    void corruptPaddingAndCountersAreReported() {
        int big = CAP - 1024 - 64;
        assertTrue(offer(producer, 0, big));
        take(consumer, 0);
        assertTrue(offer(producer, 1, 4096 - 64));
        seg.set(ShmRecordDescriptor.INT, DATA + CAP - 1024 + FrameDescriptor.PAYLOAD_BYTES, 12);
        IllegalStateException e = assertThrows(IllegalStateException.class, consumer::available);
        assertTrue(e.getMessage().contains("padding"), e.getMessage());

        SpscRingConsumer other = new SpscRingConsumer(seg, CONTROL, DATA, CAP);
        seg.set(ValueLayout.JAVA_LONG, CONTROL + RingDescriptor.TAIL, other.position() + CAP + 64);
        e = assertThrows(IllegalStateException.class, other::available);
        assertTrue(e.getMessage().contains("tail"), e.getMessage());
    }

    @ParameterizedTest(name = "stamped {0}")
    @ValueSource(booleans = {false, true})
    void aProducerThreadStreamsRandomRecordsToAConsumerThread(boolean stamped) throws Exception {
        int records = 100_000;
        // own threads: the common pool may have a single worker on this machine
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            stream(records, pool, stamped);
        } finally {
            pool.shutdownNow();
        }
    }

    private void stream(int records, java.util.concurrent.Executor pool, boolean stamped) throws Exception {
        CompletableFuture<Void> produce = CompletableFuture.runAsync(() -> {
            Random sizes = new Random(7);
            for (int i = 0; i < records; i++) {
                int payload = sizes.nextInt(10) == 0 ? sizes.nextInt(CAP / 4 - 64) : sizes.nextInt(300);
                while (!offer(producer, i, payload, stamped)) {
                    Thread.yield(); // the machine may have fewer free cores than spinning threads
                }
            }
        }, pool);
        CompletableFuture<Long> consume = CompletableFuture.supplyAsync(() -> {
            Random sizes = new Random(7);
            long bytes = 0;
            long deadline = System.nanoTime() + 50_000_000_000L;
            for (int i = 0; i < records; i++) {
                int want = sizes.nextInt(10) == 0 ? sizes.nextInt(CAP / 4 - 64) : sizes.nextInt(300);
                int got;
                while ((got = take(consumer, i, stamped)) < 0) {
                    Thread.yield();
                    if (System.nanoTime() > deadline) {
                        throw new AssertionError("record " + i + " never arrived");
                    }
                }
                assertEquals(want, got, "size of record " + i);
                bytes += got;
            }
            return bytes;
        }, pool);
        produce.get(55, TimeUnit.SECONDS);
        assertTrue(consume.get(55, TimeUnit.SECONDS) > 0);
        assertEquals(-1, take(consumer, records, stamped), "nothing after the last record");
        assertTrue(producer.drained());
    }

    @Test
    void invalidCapacitiesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new SpscRingProducer(seg, CONTROL, DATA, 3 * 16384));
        assertThrows(IllegalArgumentException.class, () -> new SpscRingConsumer(seg, CONTROL, DATA, 32 * 1024));
    }
}
