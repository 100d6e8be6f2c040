package jmpi.coll;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@link Board}'s rotation of {@link Board#DEPTH} = 8 places: a member never reuses a place before
 * every member is done with the call that last used it. Member 0 has finished calls 1 to 8 (its
 * publication of call 1 is in place 1); member 1 is still in call 1. Member 1 reads member 0's call-1
 * publication and then says it is done with call 1 (phase 3); member 0, once it sees that, starts call
 * 9 with the real {@code begin} (which then need not wait) and publishes into the same place. The read
 * must never see the call-9 publication. r1: what member 1 read (1: call 1's, 2: call 9's); r2: the
 * call member 0 started (0: it had not seen member 1 done yet).
 *
 * <p>{@code begin}'s wait itself needs an engine and is not run here: this checks the ordering the
 * wait relies on (the read before the release store of phase 3, the reuse after the acquire load).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE, desc = "member 0 had not seen member 1 done")
@Outcome(id = "1, 9", expect = Expect.ACCEPTABLE, desc = "place reused after member 1 read call 1's publication")
@Outcome(id = "2, 9", expect = Expect.FORBIDDEN, desc = "member 1 read call 9's publication in call 1")
@Outcome(expect = Expect.FORBIDDEN, desc = "member 1 read no publication of call 1")
@State
public class BoardRotationStress {
    private static final String CALL_1 = "call 1";
    private static final String CALL_9 = "call 9";
    private final BoardRig rig = new BoardRig(2);

    public BoardRotationStress() {
        if (Board.DEPTH != 8) {
            throw new IllegalStateException("Board.DEPTH is " + Board.DEPTH + ": this test is written for 8 places");
        }
        Board.Member first = rig.members[0];
        for (int m = 1; m <= Board.DEPTH; m++) {
            long call = first.begin();
            first.publish(call, m == 1 ? CALL_1 : "call " + m);
            first.reach(call, 3);
        }
        rig.members[1].begin();
    }

    @Actor
    public void reader(II_Result r) {
        Board.Member me = rig.members[1];
        Object[] ref = me.refs(0, 1);
        r.r1 = ref == null ? 0 : ref[0] == CALL_1 ? 1 : ref[0] == CALL_9 ? 2 : 3;
        me.reach(1, 3);
    }

    @Actor
    public void writer(II_Result r) {
        Board.Member me = rig.members[0];
        if (rig.counter(1) < 4 * 1 + 3) {
            return;
        }
        long m = me.begin();
        me.publish(m, CALL_9);
        r.r2 = (int) m;
    }
}
