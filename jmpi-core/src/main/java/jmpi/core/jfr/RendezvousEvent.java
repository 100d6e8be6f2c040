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
 * One rendezvous send (a message above the eager limit), on the sender: from the request to send until the
 * sender's request completes (the receiver took the data, or the transport no longer needs the sender's
 * array). Program and collective messages alike ({@link #collective}). Begun by the sending thread, committed
 * by whichever thread completes the send (for ranks of one JVM, often the receiver's): {@link #rank} says whose.
 */
@Name(RendezvousEvent.NAME)
@Label("MPI Rendezvous")
@Category({"jmpi"})
@Description("A rendezvous (large message) send, from its request to send to the sender's completion (jmpi)")
@Enabled(false)
@StackTrace(false)
public final class RendezvousEvent extends Event {
    public static final String NAME = "jmpi.Rendezvous";
    private static final RendezvousEvent PROBE = new RendezvousEvent();

    @Label("Rank")
    @Description("World rank of the sender")
    public int rank;

    @Label("Destination World Rank")
    public int peerWorld;

    @Label("Context")
    public int context;

    @Label("Tag")
    public int tag;

    @Label("Bytes")
    @DataAmount
    public long bytes;

    @Label("Protocol")
    @Description("shared (same JVM: the receiver copies from the sender's array), shared-plans (same JVM, through"
            + " both datatypes), bytes (RTS / CTS / DATA over a byte transport)")
    public String protocol;

    @Label("Collective")
    @Description("True for a collective algorithm's message (on a collective context)")
    public boolean collective;

    /** A started event with its fields when the type is enabled, else null; {@link #finish} when the send completes. */
    public static RendezvousEvent start(int rank, int peerWorld, int context, int tag, long bytes, String protocol,
                                        boolean collective) {
        if (!PROBE.isEnabled()) {
            return null;
        }
        RendezvousEvent e = new RendezvousEvent();
        e.rank = rank;
        e.peerWorld = peerWorld;
        e.context = context;
        e.tag = tag;
        e.bytes = bytes;
        e.protocol = protocol;
        e.collective = collective;
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
