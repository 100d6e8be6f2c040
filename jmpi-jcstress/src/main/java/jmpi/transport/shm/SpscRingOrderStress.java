package jmpi.transport.shm;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link SpscRingProducer} and {@link SpscRingConsumer}, one thread each: every record arrives
 * once, whole and in order, also across the end of the data area (the ring starts 192 bytes before
 * it, so the second record follows a padding record at offset 0), and a consumer that finds a
 * record by its seq field (stamped last, with release; padding too) and then {@code tail} sees all of its bytes.
 * r1: records the consumer took while the producer ran; r2: records taken in all once both ended;
 * r3: records found wrong (impossible counters or padding, a wrong number, a torn payload).
 */
@JCStressTest
@Outcome(id = "0, 3, 0", expect = Expect.ACCEPTABLE, desc = "the consumer looked before the first record")
@Outcome(id = "1, 3, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took the first record")
@Outcome(id = "2, 3, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took two records, across the wrap")
@Outcome(id = "3, 3, 0", expect = Expect.ACCEPTABLE, desc = "the consumer took every record")
@Outcome(expect = Expect.FORBIDDEN, desc = "a record lost, repeated, out of order or torn")
@State
public class SpscRingOrderStress {
    private static final int[] PAYLOADS = {40, 64, 100}; // records of 128, 128 and 192 bytes
    private final SpscRingRig rig = new SpscRingRig(SpscRingRig.CAPACITY - 192);
    private int wrong;
    /** Records the consumer actor took. */
    private int taken;

    @Actor
    public void producer() {
        for (int p : PAYLOADS) {
            if (!rig.write(p)) {
                throw new IllegalStateException("a ring of " + SpscRingRig.CAPACITY + " bytes refused a record");
            }
        }
    }

    @Actor
    public void consumer(III_Result r) {
        long before = rig.consumed();
        for (int i = 0; i < PAYLOADS.length; i++) {
            int got = rig.read();
            if (got < 0) {
                wrong++;
            }
            if (got <= 0) {
                break;
            }
        }
        taken = (int) (rig.consumed() - before);
        r.r1 = taken;
    }

    @Arbiter
    public void after(III_Result r) {
        long start = rig.consumed() - taken;
        for (int got; (got = rig.read()) != 0; ) {
            if (got < 0) {
                wrong++;
                break;
            }
        }
        r.r2 = (int) (rig.consumed() - start);
        r.r3 = wrong;
    }
}
