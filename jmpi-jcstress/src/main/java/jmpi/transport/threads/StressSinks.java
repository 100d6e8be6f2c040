package jmpi.transport.threads;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import org.openjdk.jcstress.infra.results.JJ_Result;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * The frame sinks of this package's stress tests (one that takes anything, one that checks the test's message) and
 * a ring receiver's look.
 */
final class StressSinks {
    /** Takes every message and drops it (setting the structures up). */
    static final FrameSink DISCARD = new FrameSink() {
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

    private StressSinks() {
    }

    /**
     * A receiver's look at {@code reader}: the sequence number it sees (0: nothing yet) into {@code r.r1}, and when
     * it sees one, what {@link #expecting} makes of the message of {@code count} longs into {@code r.r2}.
     */
    static void takeFromRing(EagerRing.Reader reader, int count, JJ_Result r) {
        long seq = reader.peekSeq();
        r.r1 = seq;
        if (seq == 0) {
            return;
        }
        long[] got = {0};
        reader.deliverTo(expecting(count, got));
        r.r2 = got[0];
    }

    /**
     * A sink that expects the tests' message, {@code count} longs on context 7 with tag 3 and type code 5 whose last
     * long is 42, offered straight from the structure's memory: stores its first long in {@code got[0]} (left 0 when
     * the offer is anything else), -1 when it comes as a frame, -2 as rendezvous data.
     */
    static FrameSink expecting(int count, long[] got) {
        return new FrameSink() {
            @Override
            public void accept(Frame frame) {
                got[0] = -1;
            }

            @Override
            public boolean tryDeliver(int context, int source, int tag, int typeCode, int n, MemorySegment data,
                                      long offset, int bytes) {
                if (context == 7 && tag == 3 && typeCode == 5 && n == count && bytes == 8 * count
                        && data.get(ValueLayout.JAVA_LONG_UNALIGNED, offset + 8L * (count - 1)) == 42) {
                    got[0] = data.get(ValueLayout.JAVA_LONG_UNALIGNED, offset);
                }
                return true;
            }

            @Override
            public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
                got[0] = -2;
            }
        };
    }
}
