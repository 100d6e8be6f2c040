package jmpi.transport.tcp;

/**
 * What this endpoint keeps for one other rank: its outgoing frames (queued from the first send,
 * whether or not the connection is up yet), its connection once authenticated, and why it became
 * unusable, if it did.
 *
 * <p>Concurrency: {@link #connection}, {@link #broken} and {@link #closedByPeer} are volatile:
 * written by the polling thread, read by senders.
 */
final class Peer {
    final int rank;
    final FrameWriter writer;
    volatile Connection connection;
    /** Why frames to or from this rank can no longer move (the connection failed), else null. */
    volatile String broken;
    /** The peer closed its side cleanly (at a frame boundary). */
    volatile boolean closedByPeer;

    Peer(int rank, int self, boolean direct, int maxFrame) {
        this.rank = rank;
        this.writer = new FrameWriter(self, direct, maxFrame);
    }
}
