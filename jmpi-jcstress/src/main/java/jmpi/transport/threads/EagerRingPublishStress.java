package jmpi.transport.threads;

import java.lang.foreign.ValueLayout;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * {@link EagerRing} on its second lap: the next record's place lies inside an earlier record's payload,
 * full of numbers that look like sequence numbers. A receiver that looks there while the sender writes sees
 * either nothing (0) or the whole new record, never the stale payload as a stamp nor a half-written record.
 * r1: the sequence number seen (0: nothing yet), r2: the payload delivered.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "nothing published yet")
@Outcome(id = "6, 42", expect = Expect.ACCEPTABLE, desc = "published and complete")
@Outcome(expect = Expect.FORBIDDEN, desc = "stale bytes taken for a record, or a record incomplete")
@State
public class EagerRingPublishStress {
    private final EagerRing ring = new EagerRing(4096, 992, 0);
    private final long[] payload = {42, 42};

    public EagerRingPublishStress() {
        long[] stale = new long[124]; // 992 bytes of would-be stamps
        java.util.Arrays.fill(stale, 6);
        for (long seq = 1; seq <= 4; seq++) { // one lap: 4 records of 1024 bytes
            ring.writer.offer(seq, 7, 0, 3, 5, stale, 0, stale.length, ValueLayout.JAVA_LONG_UNALIGNED, null);
            ring.reader.peekSeq();
            ring.reader.deliverTo(StressSinks.DISCARD);
        }
        // second lap: one record of 64 bytes at 0; the next place, 64, lies in record 1's old payload
        ring.writer.offer(5, 7, 0, 3, 5, payload, 0, 1, ValueLayout.JAVA_LONG_UNALIGNED, null);
        ring.reader.peekSeq();
        ring.reader.deliverTo(StressSinks.DISCARD);
    }

    @Actor
    public void sender() {
        ring.writer.offer(6, 7, 0, 3, 5, payload, 0, 2, ValueLayout.JAVA_LONG_UNALIGNED, null);
    }

    @Actor
    public void receiver(JJ_Result r) {
        StressSinks.takeFromRing(ring.reader, 2, r);
    }
}
