package mpi;

import java.nio.Buffer;

import jmpi.core.ErrorClass;

/**
 * A matched message (MPI_Message, Open MPI Java API): {@link #mProbe} / {@link #imProbe} find a message and
 * bind it; {@link #mRecv} / {@link #imRecv} receive exactly that message.
 *
 * <p>jmpi's matching engine has no matched-probe operation yet: the bound message is received with a receive
 * naming its source and tag, which takes the same message (MPI's order: the earliest from that source
 * with that tag) as long as no other thread of the rank receives from that source and tag on the communicator
 * in between. A program that probes and receives from one thread per (source, tag) gets MPI's semantics.
 */
public final class Message {
    private Comm comm;
    private int source;
    private int tag;
    private boolean noProc;

    /** MPI_MESSAGE_NULL. */
    public Message() {
    }

    public boolean isNull() {
        return comm == null && !noProc;
    }

    /** True after a probe of MPI.PROC_NULL (MPI_MESSAGE_NO_PROC). */
    public boolean isNoProc() {
        return noProc;
    }

    /** MPI_Mprobe: waits for a matching message on {@code comm} and binds it. */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        Status s = comm(comm).probe(source, tag);
        bind(source, comm, s);
        return s;
    }

    /** MPI_Improbe: binds a matching message and returns its status, or returns null (this message unchanged). */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        Status s = comm(comm).iProbe(source, tag);
        if (s != null) {
            bind(source, comm, s);
        }
        return s;
    }

    private static Comm comm(Comm comm) throws MPIException {
        MPI.check();
        if (comm == null) {
            throw MPIException.of(ErrorClass.ERR_COMM, "the communicator is null");
        }
        return comm;
    }

    private void bind(int probed, Comm comm, Status s) {
        if (probed == MPI.PROC_NULL) {
            this.noProc = true;
            this.comm = null;
            return;
        }
        this.comm = comm;
        this.noProc = false;
        this.source = s.getSource();
        this.tag = s.getTag();
    }

    /** MPI_Mrecv: receives the bound message; this message becomes null. */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        if (noProc) {
            noProc = false;
            return Comm.procNullStatus();
        }
        Comm c = bound();
        comm = null;
        return c.recv(buf, count, type, source, tag);
    }

    /** MPI_Imrecv (a direct buffer): receives the bound message; this message becomes null. */
    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        MPI.assertDirectBuffer(buf);
        if (noProc) {
            noProc = false;
            Comm self = MPI.COMM_SELF;
            return self.iRecv(buf, count, type, MPI.PROC_NULL, MPI.ANY_TAG);
        }
        Comm c = bound();
        comm = null;
        return c.iRecv(buf, count, type, source, tag);
    }

    private Comm bound() throws MPIException {
        if (comm == null) {
            throw MPIException.of(ErrorClass.ERR_REQUEST, "the message is MPI_MESSAGE_NULL: probe one first");
        }
        return comm;
    }
}
