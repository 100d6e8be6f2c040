package jmpi.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One Wait (Wait, Waitall, Waitany, Waitsome; jmpi-ompi: waitFor, waitAll, waitAny) or Test (Test, Testall, Testany,
 * Testsome) call that completed at least one request: how long the call took, and what it waited for (the first request it completed).
 *
 * <p>Threads: an instance is used by the one thread that made the call.
 */
@Name(WaitEvent.NAME)
@Label("MPI Wait")
@Category({"jmpi"})
@Description("A Wait or Test call that completed requests (jmpi)")
@Enabled(false)
@StackTrace(true)
public final class WaitEvent extends Event {
    public static final String NAME = "jmpi.Wait";
    private static final WaitEvent PROBE = new WaitEvent();

    @Label("Rank")
    @Description("World rank of the caller")
    public int rank;

    @Label("Call")
    @Description("Wait, Waitall, Waitany, Waitsome, Test, Testall, Testany or Testsome (jmpi-ompi: waitFor, waitAll, waitAny)")
    public String call;

    @Label("Requests")
    @Description("Active requests passed to the call")
    public int requests;

    @Label("Completed")
    @Description("Requests the call completed")
    public int completed;

    @Label("Kind")
    @Description("What the first completed request was: send, recv, or other (a jmpi-ompi non-blocking collective)")
    public String kind;

    @Label("Peer")
    @Description("The first completed request's peer: a send's destination, a receive's matched source"
            + " (communicator ranks; -1 for other)")
    public int peer;

    @Label("Tag")
    @Description("The first completed request's tag (-1 for other)")
    public int tag;

    /** Whether the event type is enabled (see {@link PointToPointEvent#enabled}). */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    public static WaitEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        WaitEvent e = new WaitEvent();
        e.begin();
        return e;
    }

    public void finish(int rank, String call, int requests, int completed, String kind, int peer, int tag) {
        end();
        if (shouldCommit()) {
            this.rank = rank;
            this.call = call;
            this.requests = requests;
            this.completed = completed;
            this.kind = kind;
            this.peer = peer;
            this.tag = tag;
            commit();
        }
    }
}
