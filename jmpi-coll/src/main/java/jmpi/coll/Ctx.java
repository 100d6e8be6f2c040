package jmpi.coll;

import jmpi.core.CoreComm;
import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.RecvRequest;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;

/**
 * What an algorithm sees of one collective call: the communicator (its collective context, so a
 * program's messages never match), this rank, and point-to-point helpers. Tags separate the
 * collectives; messages of consecutive calls on one communicator stay apart by MPI's
 * non-overtaking order, because every rank calls the collectives in the same order.
 */
public final class Ctx {
    final CoreComm comm;
    final Engine engine;
    final int rank;
    final int size;
    final int tag;

    Ctx(CoreComm comm, int tag) {
        this.comm = comm;
        this.engine = comm.engine();
        this.rank = comm.rank();
        this.size = comm.size();
        this.tag = tag;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }

    SendRequest isend(Object buf, int off, int count, BasicType t, int dest) {
        return engine.isendCollective(comm, buf, off, count, t, dest, tag);
    }

    RecvRequest irecv(Object buf, int off, int count, BasicType t, int source) {
        return engine.irecvCollective(comm, buf, off, count, t, source, tag);
    }

    void send(Object buf, int off, int count, BasicType t, int dest) {
        SendRequest s = isend(buf, off, count, t, dest);
        engine.await(s);
        s.throwIfFailed();
    }

    void recv(Object buf, int off, int count, BasicType t, int source) {
        RecvRequest r = irecv(buf, off, count, t, source);
        engine.await(r);
        r.throwIfFailed();
    }

    /** Sends to {@code dest} and receives from {@code source} at once. */
    void sendrecv(Object sbuf, int soff, int scount, int dest, Object rbuf, int roff, int rcount, int source, BasicType t) {
        RecvRequest r = irecv(rbuf, roff, rcount, t, source);
        SendRequest s = isend(sbuf, soff, scount, t, dest);
        engine.await(s);
        engine.await(r);
        s.throwIfFailed();
        r.throwIfFailed();
    }

    void waitAll(CoreRequest... requests) {
        engine.awaitAll(requests);
        for (CoreRequest r : requests) {
            if (r != null) {
                r.throwIfFailed();
            }
        }
    }

    /** A new array of {@code n} elements of {@code t}. */
    static Object alloc(BasicType t, int n) {
        return java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
    }

    /** Copies {@code n} elements between arrays of one type. */
    static void copy(Object src, int so, Object dst, int doff, int n) {
        if (n > 0) {
            System.arraycopy(src, so, dst, doff, n);
        }
    }
}
