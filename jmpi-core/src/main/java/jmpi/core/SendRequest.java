package jmpi.core;

import jmpi.spi.Completion;

/**
 * A send. Eager standard, ready and buffered sends complete at once; a rendezvous or synchronous
 * send is completed by the receiving rank through {@link #complete(int)} (its frame's ack).
 */
public final class SendRequest extends CoreRequest implements Completion {
    /** A rendezvous copy the sender may help with while it waits; set by the receiver. */
    private volatile CopyJob copyJob;
    /**
     * The JFR event of this send's rendezvous, or null (not a rendezvous, or the event disabled): written by the
     * sending thread before the send's first frame leaves, committed once by whichever thread completes it.
     */
    jmpi.core.jfr.RendezvousEvent rendezvous;

    SendRequest(Engine engine, int dest, int tag) {
        super(engine);
        this.source = dest;
        this.tag = tag;
    }

    /** Called once by the receiver's thread: the data has been taken (or the receive started). */
    @Override
    public void complete(int errorClass) {
        if (errorClass != 0) {
            error = ErrorClass.ofCode(errorClass);
            errorDetail = "reported by the receiver";
        }
        jmpi.core.jfr.RendezvousEvent e = rendezvous;
        if (e != null) {
            rendezvous = null;
            e.finish();
        }
        markDone();
        engine.endpoint().wake();
    }

    /** The receiver offers the sender a share of the copy of this send's data. */
    void offer(CopyJob job) {
        copyJob = job;
        engine.endpoint().wake();
    }

    /** Called by the waiting sender: copies chunks of an offered job, if any. */
    void help() {
        CopyJob job = copyJob;
        if (job != null) {
            job.work();
            copyJob = null;
        }
    }

    void completeLocally() {
        jmpi.core.jfr.RendezvousEvent e = rendezvous;
        if (e != null) {
            rendezvous = null;
            e.finish();
        }
        markDoneLocally();
    }
}
