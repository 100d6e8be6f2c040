package jmpi.transport.shm;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The consumer's hand-back of space ({@link SpscRingConsumer#release}, a release store of
 * {@code head}) and the producer's acquire load of {@code head} in {@link SpscRingProducer#claim}:
 * on a full ring, a producer that gets the space of the record being read writes it only after the
 * consumer has read all of it. r1: 1 when the consumer read its record whole (0: torn by the
 * producer's next record); r2: 1 when the producer found room for its next record.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "the producer looked before the release: ring full")
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE, desc = "the producer reused the space after the release")
@Outcome(expect = Expect.FORBIDDEN, desc = "the producer overwrote a record still being read")
@State
public class SpscRingReleaseStress {
    /** Payload of the record read and of the one written: records of 128 bytes. */
    private static final int PAYLOAD = 64;
    private final SpscRingRig rig = new SpscRingRig(0);

    /** The record the consumer reads, at offset 0, then one filler record (never read) that fills the ring. */
    public SpscRingReleaseStress() {
        long filler = SpscRingRig.CAPACITY - SpscRingRig.size(PAYLOAD);
        if (!rig.write(PAYLOAD) || rig.producer.claim(filler, filler) != filler) {
            throw new IllegalStateException("an empty ring refused " + SpscRingRig.CAPACITY + " bytes of records");
        }
        rig.producer.publish(filler);
    }

    @Actor
    public void consumer(II_Result r) {
        r.r1 = rig.read() == 1 ? 1 : 0;
    }

    @Actor
    public void producer(II_Result r) {
        r.r2 = rig.write(PAYLOAD) ? 1 : 0;
    }
}
