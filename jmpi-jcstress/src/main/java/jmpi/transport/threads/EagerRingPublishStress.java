package jmpi.transport.threads;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

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
    private static final FrameSink DISCARD = new FrameSink() {
        @Override
        public void accept(Frame frame) {
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                  long offset, int bytes) {
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        }
    };

    private final EagerRing ring = new EagerRing(4096, 992, 0);
    private final long[] payload = {42, 42};

    public EagerRingPublishStress() {
        long[] stale = new long[124]; // 992 bytes of would-be stamps
        java.util.Arrays.fill(stale, 6);
        for (long seq = 1; seq <= 4; seq++) { // one lap: 4 records of 1024 bytes
            ring.writer.offer(seq, 7, 0, 3, 5, stale, 0, stale.length, ValueLayout.JAVA_LONG_UNALIGNED);
            ring.reader.peekSeq();
            ring.reader.deliverTo(DISCARD);
        }
        // second lap: one record of 64 bytes at 0; the next place, 64, lies in record 1's old payload
        ring.writer.offer(5, 7, 0, 3, 5, payload, 0, 1, ValueLayout.JAVA_LONG_UNALIGNED);
        ring.reader.peekSeq();
        ring.reader.deliverTo(DISCARD);
    }

    @Actor
    public void sender() {
        ring.writer.offer(6, 7, 0, 3, 5, payload, 0, 2, ValueLayout.JAVA_LONG_UNALIGNED);
    }

    @Actor
    public void receiver(JJ_Result r) {
        long seq = ring.reader.peekSeq();
        r.r1 = seq;
        if (seq == 0) {
            return;
        }
        long[] got = {0};
        ring.reader.deliverTo(new FrameSink() {
            @Override
            public void accept(Frame frame) {
                got[0] = -1;
            }

            @Override
            public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                      long offset, int bytes) {
                if (context == 7 && tag == 3 && typeCode == 5 && count == 2 && bytes == 16
                        && data.get(ValueLayout.JAVA_LONG_UNALIGNED, offset + 8) == 42) {
                    got[0] = data.get(ValueLayout.JAVA_LONG_UNALIGNED, offset);
                }
                return true;
            }

            @Override
            public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
                got[0] = -2;
            }
        });
        r.r2 = got[0];
    }
}
