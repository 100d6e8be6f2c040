package jmpi.coll;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * {@link Board}: a reader that sees member 0's counter at 4m+k sees what member 0 published before
 * raising it. Member 0, in call 1, writes its buffer, publishes it by reference ({@code publish}),
 * declares its count, type and root ({@code declare}), then reaches phase 2 (counter 6). The reader
 * (member 1) checks the counter as {@code await} does and, once it is at 6, reads the reference and
 * the buffer and runs the real {@code agree} on the declaration. r1: 1 if it saw phase 2; r2: the
 * buffer's element; r3: the published offset; r4: 1 if {@code agree} found the declaration equal to
 * its own (0: it threw the mismatch error, which is what a stale declaration would cause).
 */
@JCStressTest
@Outcome(id = "0, 0, 0, 0", expect = Expect.ACCEPTABLE, desc = "phase 2 not reached yet")
@Outcome(id = "1, 42, 3, 1", expect = Expect.ACCEPTABLE, desc = "phase 2 seen with everything published before it")
@Outcome(expect = Expect.FORBIDDEN, desc = "phase 2 seen without some of what was published before it")
@State
public class BoardPublicationStress {
    private final BoardRig rig = new BoardRig(2);
    private final int[] buffer = new int[8];

    @Actor
    public void publisher() {
        Board.Member me = rig.members[0];
        long m = me.begin();
        buffer[3] = 42;
        me.publish(m, buffer, 3);
        me.declare(m, 12, BasicType.INT, -1);
        me.reach(m, 2);
    }

    @Actor
    public void reader(IIII_Result r) {
        Board.Member me = rig.members[1];
        long m = me.begin();
        if (rig.counter(0) < 4 * m + 2) {
            return;
        }
        r.r1 = 1;
        Object[] ref = me.refs(0, m);
        int[] array = (int[]) ref[0];
        int offset = (int) ref[1];
        r.r2 = array[offset];
        r.r3 = offset;
        try {
            me.agree(rig.contexts[1], 0, m, 12, BasicType.INT, -1);
            r.r4 = 1;
        } catch (MpiError stale) {
            r.r4 = 0; // the outcome: agree read a declaration other than the one written before phase 2
        }
    }
}
