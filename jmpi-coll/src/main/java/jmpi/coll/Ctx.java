package jmpi.coll;

import jmpi.core.CoreComm;
import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.RecvRequest;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;

/**
 * What an algorithm sees of one collective call: the communicator (its collective context, so a
 * program's messages never match), this rank, and point-to-point helpers. Tags separate the
 * collectives, and carry the call's number on the communicator and its root
 * ({@link jmpi.core.CollectiveTags#call}), so that a message of one call never matches a receive of another.
 *
 * <p>Every receive of an algorithm describes exactly the message it is to get, so a message of another
 * length means the ranks' calls differ: {@link #recv}, {@link #sendrecv} and {@link #waitAll} fail it
 * with {@code ERR_TRUNCATE} (longer) or {@code ERR_COUNT} (shorter), naming the collective, both ranks
 * and both sizes.
 *
 * <p>Threads: one per call, used by the calling rank's thread only.
 */
public final class Ctx {
    final CoreComm comm;
    final Engine engine;
    final int rank;
    final int size;
    final int tag;
    /** The collective's name, for errors. */
    final String collective;
    /** The call's number on the communicator (the same on every rank of a correct program). */
    final int call;
    /** What the collectives know of {@code comm} (null for the layer's own exchanges, which need none). */
    private final CommInfo info;

    /** The context of one of the layer's own exchanges (node discovery, the check, the board's join). */
    Ctx(CoreComm comm, int tag, String collective, int call) {
        this(comm, tag, collective, call, null);
    }

    /** The context of a collective call on {@code comm}, whose {@code info} it hands to the algorithm. */
    Ctx(CoreComm comm, int tag, String collective, int call, CommInfo info) {
        this.comm = comm;
        this.engine = comm.engine();
        this.rank = comm.rank();
        this.size = comm.size();
        this.tag = tag;
        this.collective = collective;
        this.call = call;
        this.info = info;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return size;
    }

    /** What the collectives know of the communicator (looked up once per call); null for internal exchanges. */
    CommInfo info() {
        return info;
    }

    /**
     * The communicator's node and leaders communicators and the {@link Steps} that run collectives on
     * them, for a hierarchical algorithm (made at first use: collective over the communicator).
     */
    Hierarchy hierarchy() {
        if (info == null) {
            throw new IllegalStateException(collective + ": an internal exchange has no hierarchy");
        }
        return info.hierarchy();
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
        await(irecv(buf, off, count, t, source));
    }

    /** Sends to {@code dest} and receives from {@code source} at once. */
    void sendrecv(Object sbuf, int soff, int scount, int dest, Object rbuf, int roff, int rcount, int source, BasicType t) {
        RecvRequest r = irecv(rbuf, roff, rcount, t, source);
        SendRequest s = isend(sbuf, soff, scount, t, dest);
        engine.await(s);
        engine.await(r);
        s.throwIfFailed();
        expect(r);
    }

    /** Waits for {@code r}, which must get exactly the elements it describes. */
    void await(RecvRequest r) {
        engine.await(r);
        expect(r);
    }

    void waitAll(CoreRequest... requests) {
        engine.awaitAll(requests);
        for (CoreRequest r : requests) {
            if (r instanceof RecvRequest rr) {
                expect(rr);
            } else if (r != null) {
                r.throwIfFailed();
            }
        }
    }

    /** A completed receive must have got exactly the elements it describes (nothing allocated unless not). */
    void expect(RecvRequest r) {
        if (r.error() != ErrorClass.SUCCESS || r.count() != r.capacity()) {
            throw mismatch(r);
        }
    }

    private MpiError mismatch(RecvRequest r) {
        if (r.error() == ErrorClass.SUCCESS || r.error() == ErrorClass.ERR_TRUNCATE) {
            return differs(r.messageCount(), r.type(), r.capacity(), r.type(), r.source());
        }
        if (r.error() == ErrorClass.ERR_TYPE) {
            return new MpiError(ErrorClass.ERR_TYPE, collective + ": rank " + rank + " expected "
                    + describe(r.capacity(), r.type()) + " from rank " + r.source() + " and got a " + r.errorDetail()
                    + ": the ranks' types differ");
        }
        return new MpiError(r.error(), collective + ": rank " + rank + ", receiving from rank " + r.source() + ": "
                + r.errorDetail());
    }

    /**
     * The error of a message (or a shared buffer) of {@code got} elements of {@code gotType} from rank
     * {@code source} where this rank's call describes {@code want} of {@code type}: {@code ERR_TYPE} for
     * another type, {@code ERR_TRUNCATE} for more, {@code ERR_COUNT} for fewer.
     */
    MpiError differs(long got, BasicType gotType, long want, BasicType type, int source) {
        ErrorClass e = gotType != type ? ErrorClass.ERR_TYPE : got > want ? ErrorClass.ERR_TRUNCATE : ErrorClass.ERR_COUNT;
        return new MpiError(e, collective + ": rank " + rank + " got " + describe(got, gotType) + " from rank " + source
                + " where its own call describes " + describe(want, type) + ": the ranks' counts or types differ");
    }

    /** "96 bytes (12 DOUBLE)", or "3 OBJECT" for objects. */
    static String describe(long elements, BasicType t) {
        return t == BasicType.OBJECT ? elements + " OBJECT" : elements * t.size() + " bytes (" + elements + " " + t + ")";
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
