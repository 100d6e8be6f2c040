package jmpi.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A rank's life under MPI, from its engine's start (Init) to the end of Finalize: the job time per rank that
 * jmpiprof sets the MPI time against. Recorded only when the event was enabled at Init.
 */
@Name(RankEvent.NAME)
@Label("MPI Rank")
@Category({"jmpi"})
@Description("A rank from MPI Init to the end of Finalize (jmpi)")
@Enabled(false)
@StackTrace(false)
public final class RankEvent extends Event {
    public static final String NAME = "jmpi.Rank";
    private static final RankEvent PROBE = new RankEvent();

    @Label("Rank")
    public int rank;

    @Label("Size")
    @Description("Ranks in the world")
    public int size;

    @Label("Transport")
    @Description("The endpoint's class (the transport)")
    public String transport;

    public static RankEvent start(int rank, int size, String transport) {
        if (!PROBE.isEnabled()) {
            return null;
        }
        RankEvent e = new RankEvent();
        e.rank = rank;
        e.size = size;
        e.transport = transport;
        e.begin();
        return e;
    }

    public void finish() {
        end();
        if (shouldCommit()) {
            commit();
        }
    }
}
