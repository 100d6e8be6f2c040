package mpi;

import java.nio.Buffer;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
import jmpi.core.PointToPoint;
import jmpi.core.RecvRequest;

/**
 * A matched message (MPI_Message, Open MPI Java API): {@link #mProbe} / {@link #imProbe} find a message and take
 * it out of matching, so that no other receive (another thread's, say) can get it; {@link #mRecv} /
 * {@link #imRecv} receive exactly that message, once. (On the native transport the library's own matching is
 * not asked for a matched probe: there the message stays queued, and the receive names its source and tag.)
 */
public final class Message {
    private Comm comm;
    private PointToPoint.Matched matched;
    private boolean noProc;

    /** MPI_MESSAGE_NULL. */
    public Message() {
    }

    public boolean isNull() {
        return matched == null && !noProc;
    }

    /** True after a probe of MPI.PROC_NULL (MPI_MESSAGE_NO_PROC). */
    public boolean isNoProc() {
        return noProc;
    }

    /** MPI_Mprobe: waits for a matching message on {@code comm} and takes it. */
    public Status mProbe(int source, int tag, Comm comm) throws MPIException {
        return probe(source, tag, comm, true);
    }

    /** MPI_Improbe: takes a matching message and returns its status, or returns null (this message unchanged). */
    public Status imProbe(int source, int tag, Comm comm) throws MPIException {
        return probe(source, tag, comm, false);
    }

    /** Both probes: {@code wait} blocks until a message matches; otherwise null when none does yet. */
    private Status probe(int source, int tag, Comm comm, boolean wait) throws MPIException {
        Comm c = comm(comm);
        return c.call(() -> {
            CoreComm core = c.core();
            if (source == MPI.PROC_NULL) {
                noProc = true;
                matched = null;
                return Comm.procNullStatus();
            }
            int src = c.source(source, core);
            int t = c.tag(tag, true);
            PointToPoint.Matched m = wait ? core.engine().mprobe(core, src, t) : core.engine().improbe(core, src, t);
            if (m == null) {
                return null;
            }
            bind(c, m);
            return Status.of(m.status());
        });
    }

    private static Comm comm(Comm comm) throws MPIException {
        MPI.check();
        if (comm == null) {
            throw MPIException.of(ErrorClass.ERR_COMM, "the communicator is null");
        }
        return comm;
    }

    private void bind(Comm c, PointToPoint.Matched m) {
        this.comm = c;
        this.matched = m;
        this.noProc = false;
    }

    /** MPI_Mrecv: receives the taken message; this message becomes null. */
    public Status mRecv(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        if (noProc) {
            noProc = false;
            return Comm.procNullStatus();
        }
        Comm c = bound();
        PointToPoint.Matched m = matched;
        matched = null;
        return c.call(() -> {
            Buf b = Buf.of("mRecv buffer", buf, count, type, false, true);
            RecvRequest r = start(c, m, b, count, type);
            r.engine().await(r);
            r.throwIfFailed();
            b.back(r.count());
            return Status.of(r);
        });
    }

    /** MPI_Imrecv (a direct buffer): receives the taken message; this message becomes null. */
    public Request imRecv(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        MPI.assertDirectBuffer(buf);
        if (noProc) {
            noProc = false;
            return MPI.COMM_SELF.iRecv(buf, count, type, MPI.PROC_NULL, MPI.ANY_TAG);
        }
        Comm c = bound();
        PointToPoint.Matched m = matched;
        matched = null;
        return c.call(() -> {
            Buf b = Buf.of("imRecv buffer", buf, count, type, false, true);
            return Request.of(c, start(c, m, b, count, type), b);
        });
    }

    private static RecvRequest start(Comm c, PointToPoint.Matched m, Buf b, int count, Datatype type)
            throws MPIException {
        CoreComm core = c.core();
        return core.engine().mrecv(core, m, new jmpi.core.Message(b.array, b.offset, count, type.base(), type.plan()));
    }

    private Comm bound() throws MPIException {
        if (matched == null) {
            throw MPIException.of(ErrorClass.ERR_REQUEST, "the message is MPI_MESSAGE_NULL: probe one first");
        }
        return comm;
    }
}
