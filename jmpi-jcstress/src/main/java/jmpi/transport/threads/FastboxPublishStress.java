package jmpi.transport.threads;

import java.lang.foreign.ValueLayout;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * {@link Fastbox}: a receiver that sees a published half-slot sees its whole header and payload
 * (the sequence number is stored last, with volatile semantics, and read first). r1: the sequence
 * number seen (0: nothing yet), r2: the payload delivered.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE, desc = "nothing published yet")
@Outcome(id = "1, 42", expect = Expect.ACCEPTABLE, desc = "published and complete")
@Outcome(expect = Expect.FORBIDDEN, desc = "published but incomplete")
@State
public class FastboxPublishStress {
    private final Fastbox box = new Fastbox(0, 1);
    private final long[] payload = {42};

    @Actor
    public void sender() {
        box.lower.offer(1, 7, 0, 3, 5, payload, 0, 1, ValueLayout.JAVA_LONG_UNALIGNED, null);
    }

    @Actor
    public void receiver(JJ_Result r) {
        long seq = box.upper.peekSeq();
        r.r1 = seq;
        if (seq == 0) {
            return;
        }
        long[] got = {0};
        box.upper.deliverTo(StressSinks.expecting(1, got));
        r.r2 = got[0];
    }
}
