package jmpi.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.junit.jupiter.api.Test;

class LinkModelTest {
    private static final RandomGenerator NEVER = new SplittableRandom(1);

    /** 1 Gbit/s = 125 bytes per microsecond: a 1250-byte packet takes 10 us on the wire. */
    @Test
    void aLonePacketArrivesAfterItsSerializationAndTheDelay() {
        LinkModel m = new LinkModel(125e6, 1_000_000, 1 << 20, 0, NEVER);
        assertEquals(1_000 + 10_000 + 1_000_000, m.offer(1_000, 1250));
        assertEquals(0, m.backlog(11_000));
    }

    @Test
    void backToBackPacketsQueueBehindEachOther() {
        LinkModel m = new LinkModel(125e6, 500_000, 1 << 20, 0, NEVER);
        long a = m.offer(0, 1250);
        long b = m.offer(0, 1250);
        assertEquals(1250 + 1250 / 2, m.backlog(5_000), 1);
        long c = m.offer(5_000, 1250);
        assertEquals(10_000 + 500_000, a);
        assertEquals(20_000 + 500_000, b);
        assertEquals(30_000 + 500_000, c);
        // after the wire went idle, a packet starts at once again
        assertEquals(1_000_000 + 10_000 + 500_000, m.offer(1_000_000, 1250));
    }

    @Test
    void aFullQueueDropsTheTailButNeverThePacketThatFindsTheWireIdle() {
        LinkModel m = new LinkModel(125e6, 0, 3000, 0, NEVER);
        assertTrue(m.offer(0, 9000) > 0, "an idle wire takes a packet bigger than the queue");
        assertEquals(LinkModel.DROPPED_QUEUE, m.offer(0, 1500), "9000 bytes waiting is over 3000");
        LinkModel n = new LinkModel(125e6, 0, 3000, 0, NEVER);
        assertTrue(n.offer(0, 1500) > 0);
        assertTrue(n.offer(0, 1500) > 0, "1500 waiting + 1500 fits in 3000");
        assertEquals(LinkModel.DROPPED_QUEUE, n.offer(0, 1500), "3000 waiting + 1500 does not");
    }

    @Test
    void arrivalsNeverGoBackAndTheRateHoldsOverAStream() {
        LinkModel m = new LinkModel(1e6, 2_000_000, 1L << 40, 0, NEVER);
        long last = 0;
        long now = 0;
        SplittableRandom r = new SplittableRandom(7);
        long bytes = 0;
        for (int i = 0; i < 10_000; i++) {
            now += r.nextInt(100);
            int size = 1 + r.nextInt(9000);
            long due = m.offer(now, size);
            assertTrue(due >= last, "due times never decrease");
            last = due;
            bytes += size;
        }
        // at 1 MB/s the bytes take bytes microseconds; the last arrives that long after the first offer, plus the delay
        assertEquals(bytes * 1000 + 2_000_000, last, 101);
    }

    @Test
    void lossDropsAboutItsShare() {
        LinkModel m = new LinkModel(1e12, 0, 1L << 40, 0.1, new SplittableRandom(3));
        int lost = 0;
        for (int i = 0; i < 100_000; i++) {
            if (m.offer(i, 100) == LinkModel.DROPPED_LOSS) {
                lost++;
            }
        }
        assertTrue(lost > 9_000 && lost < 11_000, lost + " of 100000 lost at p = 0.1");
    }

    @Test
    void badParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new LinkModel(0, 0, 1, 0, NEVER));
        assertThrows(IllegalArgumentException.class, () -> new LinkModel(1, -1, 1, 0, NEVER));
        assertThrows(IllegalArgumentException.class, () -> new LinkModel(1, 0, 0, 0, NEVER));
        assertThrows(IllegalArgumentException.class, () -> new LinkModel(1, 0, 1, 1, NEVER));
        assertThrows(IllegalArgumentException.class, () -> new LinkModel(1, 0, 1, 0, NEVER).offer(0, 0));
    }

    @Test
    void unitsReadAsTcWritesThem() {
        assertEquals(125e6, Units.rateBytesPerSecond("1gbit"));
        assertEquals(12.5e6, Units.rateBytesPerSecond("100mbit"));
        assertEquals(4e6, Units.rateBytesPerSecond("4mbps"), "mbps is bytes, as in tc");
        assertEquals(1_000_000, Units.nanos("1ms"));
        assertEquals(250_000, Units.nanos("250us"));
        assertEquals(1_500_000, Units.nanos("1.5ms"));
        assertEquals(0, Units.nanos("0"));
        assertEquals(65536, Units.bytes("64k"));
        assertEquals(1500, Units.bytes("1500"));
        assertEquals("1 Gbit/s", Units.rate(125e6));
        assertEquals("250 Mbit/s", Units.rate(31.25e6));
        assertThrows(IllegalArgumentException.class, () -> Units.rateBytesPerSecond("1gb"));
        assertThrows(IllegalArgumentException.class, () -> Units.nanos("5"));
        assertThrows(IllegalArgumentException.class, () -> Units.nanos("fast"));
        assertThrows(IllegalArgumentException.class, () -> Units.bytes("-1k"));
    }

    @Test
    void theDefaultQueueIsOneBandwidthDelayProductAtLeast64Packets() {
        assertEquals(250_000, Relay.defaultQueue(125e6, 1_000_000, 1500));
        assertEquals(64 * 9000, Relay.defaultQueue(125e6, 1_000_000, 9000));
    }
}
