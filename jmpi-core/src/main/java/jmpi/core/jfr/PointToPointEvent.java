package jmpi.core.jfr;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * One point-to-point call of the program (Send, Recv, Isend, Irecv, Sendrecv, Probe, ...), as the API layer
 * sees it; the collectives' own messages are not these. Its duration is the call's: a blocking call's includes
 * the wait, a non-blocking start's only the start.
 *
 * <p>Threads: an instance is used by the one thread that made the call; {@link #start()} by any.
 */
@Name(PointToPointEvent.NAME)
@Label("MPI Point-to-Point Call")
@Category({"jmpi"})
@Description("A point-to-point call of an MPI program (jmpi)")
@Enabled(false)
@StackTrace(true)
public final class PointToPointEvent extends Event {
    public static final String NAME = "jmpi.PointToPoint";
    /** Never committed: asked only whether the event type is enabled (no allocation on the disabled path). */
    private static final PointToPointEvent PROBE = new PointToPointEvent();

    @Label("Rank")
    @Description("World rank of the caller")
    public int rank;

    @Label("Call")
    @Description("The call's name as the program made it: Send, Ssend, Recv, Isend, Sendrecv, Probe, ...")
    public String call;

    @Label("Communicator")
    @Description("The communicator's name (MPI.COMM_WORLD, MPI.COMM_WORLD.dup, ...)")
    public String comm;

    @Label("Context")
    @Description("The communicator's point-to-point context id")
    public int context;

    @Label("Peer")
    @Description("The peer's rank in the communicator (for an inter-communicator, in the remote group): the"
            + " destination of a send, the source of a receive or probe (the matched source once known; -2 any"
            + " source, -3 MPI.PROC_NULL). Sendrecv: its destination")
    public int peer;

    @Label("Peer World Rank")
    @Description("The peer's world rank (-1 when not known: any source not yet matched, MPI.PROC_NULL)")
    public int peerWorld;

    @Label("Tag")
    @Description("The message tag (the matched tag of a completed receive; -2 any tag). Sendrecv: its send tag")
    public int tag;

    @Label("Bytes")
    @Description("Bytes of the data: a send's count times the datatype's size; a completed receive's bytes"
            + " received, a started one's capacity; Sendrecv: sent plus received; 0 for a probe")
    @DataAmount
    public long bytes;

    /**
     * Whether the event type is enabled: a test the JIT folds to false while JFR has not instrumented the class, so
     * that a call site may keep its unrecorded path exactly as it was ({@code mpi.Comm.Send}, {@code Recv}).
     */
    public static boolean enabled() {
        return PROBE.isEnabled();
    }

    /** A started event when the type is enabled, else null. */
    public static PointToPointEvent start() {
        if (!PROBE.isEnabled()) {
            return null;
        }
        PointToPointEvent e = new PointToPointEvent();
        e.begin();
        return e;
    }

    /** Ends and commits this event with its fields (if it passes the recording's threshold). */
    public void finish(int rank, String call, String comm, int context, int peer, int peerWorld, int tag, long bytes) {
        end();
        if (shouldCommit()) {
            this.rank = rank;
            this.call = call;
            this.comm = comm;
            this.context = context;
            this.peer = peer;
            this.peerWorld = peerWorld;
            this.tag = tag;
            this.bytes = bytes;
            commit();
        }
    }
}
