package jmpi.transport.threads;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import jmpi.spi.Frame;

/**
 * {@link MpscFrameInbox}: two producers push two frames each; the second one is also the consumer
 * and takes what is there between and after its pushes (two actors, so that the test runs on two
 * cores); the arbiter takes the rest. Every frame arrives exactly once and each producer's frames in
 * push order (r1: frames seen, r2: order violations).
 */
@JCStressTest
@Outcome(id = "4, 0", expect = Expect.ACCEPTABLE, desc = "all four frames, each producer's in order")
@Outcome(expect = Expect.FORBIDDEN, desc = "a frame lost, duplicated or overtaken")
@State
public class InboxOrderStress {
    private final MpscFrameInbox inbox = new MpscFrameInbox();
    private final int[] last = {-1, -1};
    private int seen;
    private int violations;

    private static Frame frame(int source, int seq) {
        Frame f = new Frame();
        f.source = source;
        f.tag = seq;
        return f;
    }

    @Actor
    public void producer0() {
        inbox.push(frame(0, 0));
        inbox.push(frame(0, 1));
    }

    @Actor
    public void producer1AndConsumer() {
        inbox.push(frame(1, 0));
        drain();
        inbox.push(frame(1, 1));
        drain();
    }

    private void drain() {
        for (Frame f = inbox.takeAll(); f != null; f = f.next) {
            if (f.tag != last[f.source] + 1) {
                violations++;
            }
            last[f.source] = f.tag;
            seen++;
        }
    }

    @Arbiter
    public void arbiter(II_Result r) {
        drain();
        r.r1 = seen;
        r.r2 = violations;
    }
}
