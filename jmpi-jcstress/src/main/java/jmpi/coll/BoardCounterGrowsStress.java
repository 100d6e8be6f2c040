package jmpi.coll;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * {@link Board}: a member's counter only grows. Member 0 goes through call 1 (4m+1, 4m+2, 4m+3 = 5, 6,
 * 7) and starts call 2 (9) with {@code reach}; a reader reading the counter twice never sees it go
 * back. r1, r2: the two values read.
 */
@JCStressTest
@Outcome(id = {"0, 0", "0, 5", "0, 6", "0, 7", "0, 9", "5, 5", "5, 6", "5, 7", "5, 9", "6, 6", "6, 7", "6, 9",
        "7, 7", "7, 9", "9, 9"}, expect = Expect.ACCEPTABLE, desc = "the counter seen at or past its earlier value")
@Outcome(expect = Expect.FORBIDDEN, desc = "the counter went back, or held a value never written")
@State
public class BoardCounterGrowsStress {
    private final BoardRig rig = new BoardRig(2);

    @Actor
    public void member() {
        Board.Member me = rig.members[0];
        me.reach(1, 1);
        me.reach(1, 2);
        me.reach(1, 3);
        me.reach(2, 1);
    }

    @Actor
    public void reader(JJ_Result r) {
        r.r1 = rig.counter(0);
        r.r2 = rig.counter(0);
    }
}
