package jmpi.transport.nativempi;

import java.lang.foreign.MemorySegment;

import jmpi.spi.MatchingTransport;

/**
 * A send or receive started in the library: its request handle (until {@link ActiveRequests} holds it in its
 * array, at {@link #slot}), the library communicator it runs on (its members translate the source), and a
 * cancel asked for by another thread. Status fields are filled when it completes.
 *
 * <p>Threads: made by the starting thread; then touched only by the progressing thread, but for
 * {@link #cancelRequested} (volatile).
 */
final class NativeOp extends MatchingTransport.Operation {
    final long handle;
    final int[] members;
    final boolean receive;
    int slot = -1;
    volatile boolean cancelRequested;
    boolean cancelIssued;

    NativeOp(Object owner, MemorySegment data, long handle, int[] members, boolean receive) {
        super(owner, data);
        this.handle = handle;
        this.members = members;
        this.receive = receive;
    }
}
