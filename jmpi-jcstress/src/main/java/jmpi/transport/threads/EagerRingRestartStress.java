package jmpi.transport.threads;

import java.lang.foreign.ValueLayout;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * {@link EagerRing} starting over early: the reader has taken everything, the writer is past the restart zone, so
 * its next message goes as a pad record to the end of the area followed by the record at the area's start, where
 * an old record lay. A receiver that looks while the sender writes sees nothing (0: not even the pad yet, or the
 * pad but not the record behind it) or the whole new record, never an old stamp or payload, never a half-written
 * record. r1: the sequence number seen (0: nothing yet), r2: the payload delivered.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "nothing published yet, or only the pad")
@Outcome(id = "3, 42", expect = Expect.ACCEPTABLE, desc = "published and complete, after the pad")
@Outcome(expect = Expect.FORBIDDEN, desc = "stale bytes taken for a record, or a record incomplete")
@State
public class EagerRingRestartStress {
    private final EagerRing ring = new EagerRing(4096, 992, 0);
    private final long[] payload = {42, 42};

    public EagerRingRestartStress() {
        long[] stale = new long[124]; // 992 bytes of would-be stamps
        java.util.Arrays.fill(stale, 3);
        for (long seq = 1; seq <= 2; seq++) { // records of 1024 bytes at 0 and 1024, taken
            ring.writer.offer(seq, 7, 0, 3, 5, stale, 0, stale.length, ValueLayout.JAVA_LONG_UNALIGNED, null);
            ring.reader.peekSeq();
            ring.reader.deliverTo(StressSinks.DISCARD);
        }
        // the writer is at 2048, the restart zone of a 4 KiB ring: its next message starts over at 0
    }

    @Actor
    public void sender() {
        if (!ring.writer.offer(3, 7, 0, 3, 5, payload, 0, 2, ValueLayout.JAVA_LONG_UNALIGNED, null)) {
            throw new IllegalStateException("the drained ring refused a message");
        }
        if (ring.writer.restarts != 1) {
            throw new IllegalStateException("the drained ring did not start over: " + ring.writer.restarts);
        }
    }

    @Actor
    public void receiver(JJ_Result r) {
        StressSinks.takeFromRing(ring.reader, 2, r);
    }
}
