package mpi;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.Waitable;

/**
 * A non-blocking operation (Open MPI Java API's {@code Request}). A non-persistent request becomes the null
 * request ({@link #isNull()}) once a wait or a successful test has completed it; a persistent one
 * ({@link Prequest}) becomes inactive until started again. A received message staged from a direct buffer is
 * in the buffer when the wait or test that completes the request returns.
 *
 * <p>The array forms accept null requests and Java {@code null} entries, which MPI ignores: {@code waitAll}
 * gives them empty statuses, {@code waitAny} on an array without an active request returns
 * {@code MPI.UNDEFINED}, {@code waitSome} null. Statuses of the array forms carry the request's index
 * ({@link Status#getIndex()}).
 *
 * <p>Not thread-safe: one thread completes a request (MPI's rule).
 */
public class Request implements Freeable {
    /** The operation in progress, or null (null request, or an inactive persistent one). */
    Work work;
    final Comm comm;

    Request(Comm comm, Work work) {
        this.comm = comm;
        this.work = work;
    }

    /** An operation a request stands for: its completion test (which may advance it) and its end. */
    abstract static class Work implements Waitable {
        /** Ends the completed operation: its errors, the copy into a staged buffer, its status. */
        abstract Status complete() throws MPIException;

        /** MPI_Cancel. */
        abstract void cancel();
    }

    /** A point-to-point operation of the engine, with the buffer to copy a received message into. */
    private static final class PointToPoint extends Work {
        private final CoreRequest core;
        private final Buf staged;

        PointToPoint(CoreRequest core, Buf staged) {
            this.core = core;
            this.staged = staged;
        }

        @Override
        public boolean isDone() {
            return core.isDone();
        }

        @Override
        Status complete() throws MPIException {
            try {
                core.throwIfFailed();
            } catch (MpiError e) {
                throw MPIException.of(e);
            }
            if (staged != null) {
                staged.back(core.count());
            }
            return Status.of(core);
        }

        @Override
        void cancel() {
            core.engine().cancel(core);
        }
    }

    /** Work that is complete from the start (an iDup's request). */
    private static final class Done extends Work {
        @Override
        public boolean isDone() {
            return true;
        }

        @Override
        Status complete() {
            return Status.empty();
        }

        @Override
        void cancel() {
        }
    }

    /** A non-blocking collective of jmpi-coll, and what to do once it completed (copy into the user's buffers). */
    private static final class Collective extends Work {
        private final jmpi.coll.CollRequest call;
        private final Runnable after;

        Collective(jmpi.coll.CollRequest call, Runnable after) {
            this.call = call;
            this.after = after;
        }

        @Override
        public boolean isDone() {
            return call.isDone();
        }

        @Override
        Status complete() throws MPIException {
            try {
                call.throwIfFailed();
            } catch (MpiError e) {
                throw MPIException.of(e);
            }
            if (after != null) {
                after.run();
            }
            return Status.empty();
        }

        /** MPI does not cancel collectives: nothing happens. */
        @Override
        void cancel() {
        }
    }

    static Request collective(Comm comm, jmpi.coll.CollRequest call, Runnable after) {
        return new Request(comm, new Collective(call, after));
    }

    static Request of(Comm comm, CoreRequest core, Buf staged) {
        return new Request(comm, new PointToPoint(core, staged));
    }

    static Request of(Comm comm, Work work) {
        return new Request(comm, work);
    }

    static Request done() {
        return new Request(null, new Done());
    }

    /** MPI.REQUEST_NULL. */
    static Request nullRequest() {
        return new Request(null, null);
    }

    /** Ends the completed operation: this request becomes null (inactive, if persistent). */
    final Status finish() throws MPIException {
        Work w = work;
        work = null;
        released();
        try {
            return w.complete();
        } catch (MPIException e) {
            throw comm == null ? e : comm.raise(e);
        }
    }

    /** What a persistent request does when its operation ends (nothing for a plain one). */
    void released() {
    }

    /** True once a persistent request is freed, and always for null requests of other kinds. */
    boolean gone() {
        return true;
    }

    private static Engine engine() throws MPIException {
        Engine e = MPI.engineOrNull();
        if (e == null) {
            MPI.check();
        }
        return e;
    }

    /** MPI_Request_free: the operation goes on, but nobody will wait for it. */
    @Override
    public void free() throws MPIException {
        work = null;
    }

    /** MPI_Cancel: a receive not yet matched is cancelled (its status then says so); a send goes on. */
    public final void cancel() throws MPIException {
        MPI.check();
        Work w = work;
        if (w != null) {
            w.cancel();
        }
    }

    /** True for the null request (and a completed non-persistent one). */
    public final boolean isNull() {
        return work == null && gone();
    }

    /** MPI_Wait; the status of the operation (empty for a null or inactive request). */
    public final Status waitStatus() throws MPIException {
        MPI.check();
        Work w = work;
        if (w == null) {
            return Status.empty();
        }
        jmpi.core.jfr.WaitEvent ev = jmpi.core.jfr.WaitEvent.start(); // JFR: null when disabled
        engine().await(w);
        if (ev != null) {
            waitEvent(ev, "waitFor", 1, 1, w);
        }
        return finish();
    }

    /** MPI_Wait without the status. */
    public final void waitFor() throws MPIException {
        waitStatus();
    }

    /** MPI_Test: the status once complete (the request then ends), else null. */
    public final Status testStatus() throws MPIException {
        MPI.check();
        Work w = work;
        if (w == null) {
            return Status.empty();
        }
        engine().progress();
        return w.isDone() ? finish() : null;
    }

    /** MPI_Request_get_status: the status once complete, else null; the request stays as it is. */
    public final Status getStatus() throws MPIException {
        MPI.check();
        Work w = work;
        if (w == null) {
            return Status.empty();
        }
        engine().progress();
        if (!w.isDone()) {
            return null;
        }
        Status s;
        try {
            s = w.complete();
        } catch (MPIException e) {
            throw comm == null ? e : comm.raise(e);
        }
        work = new Finished(s);
        return s;
    }

    /** A completed operation whose status {@link #getStatus} has read already. */
    private static final class Finished extends Work {
        private final Status status;

        Finished(Status status) {
            this.status = status;
        }

        @Override
        public boolean isDone() {
            return true;
        }

        @Override
        Status complete() {
            return status;
        }

        @Override
        void cancel() {
        }
    }

    /** MPI_Test. */
    public final boolean test() throws MPIException {
        return testStatus() != null;
    }

    private static Work[] works(Request[] requests) throws MPIException {
        MPI.check();
        if (requests == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "the request array is null");
        }
        Work[] w = new Work[requests.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = requests[i] == null ? null : requests[i].work;
        }
        return w;
    }

    private static Status indexed(Status s, int i) {
        s.index = i;
        return s;
    }

    /** MPI_Waitany: the status of one completed request, its index in {@link Status#getIndex()}; UNDEFINED if none is active. */
    public static Status waitAnyStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        jmpi.core.jfr.WaitEvent ev = jmpi.core.jfr.WaitEvent.start();
        int i = awaitAny(w);
        if (i < 0) {
            return indexed(Status.empty(), MPI.UNDEFINED);
        }
        if (ev != null) {
            waitEvent(ev, "waitAny", active(w), 1, w[i]);
        }
        return indexed(requests[i].finish(), i);
    }

    /** Commits a wait's event: {@code first} is the first request it completed. */
    private static void waitEvent(jmpi.core.jfr.WaitEvent ev, String call, int requests, int completed, Work first)
            throws MPIException {
        if (first instanceof PointToPoint p) {
            ev.finish(engine().worldRank(), call, requests, completed, p.core instanceof jmpi.core.SendRequest ? "send"
                    : "recv", p.core.source(), p.core.tag());
        } else {
            ev.finish(engine().worldRank(), call, requests, completed, "other", -1, -1);
        }
    }

    private static int active(Work[] w) {
        int n = 0;
        for (Work x : w) {
            n += x == null ? 0 : 1;
        }
        return n;
    }

    /** MPI_Waitany: the index of the completed request, or MPI.UNDEFINED when none is active. */
    public static int waitAny(Request[] requests) throws MPIException {
        return waitAnyStatus(requests).getIndex();
    }

    private static int awaitAny(Work[] w) throws MPIException {
        boolean any = false;
        for (Work x : w) {
            any |= x != null;
        }
        if (!any) {
            return -1;
        }
        int[] found = {-1};
        engine().await(() -> {
            for (int i = 0; i < w.length; i++) {
                if (w[i] != null && w[i].isDone()) {
                    found[0] = i;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    /** MPI_Testany: the status of one completed request (with its index), else null. */
    public static Status testAnyStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        engine().progress();
        boolean any = false;
        for (int i = 0; i < w.length; i++) {
            if (w[i] != null) {
                any = true;
                if (w[i].isDone()) {
                    return indexed(requests[i].finish(), i);
                }
            }
        }
        return any ? null : indexed(Status.empty(), MPI.UNDEFINED);
    }

    /** MPI_Testany: the index of a completed request, MPI.UNDEFINED when none is (or none is active). */
    public static int testAny(Request[] requests) throws MPIException {
        Status s = testAnyStatus(requests);
        return s == null ? MPI.UNDEFINED : s.getIndex();
    }

    /** MPI_Waitall: one status per request (empty for null ones). */
    public static Status[] waitAllStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        Engine e = engine();
        jmpi.core.jfr.WaitEvent ev = jmpi.core.jfr.WaitEvent.start();
        Work firstWork = null;
        for (Work x : w) {
            if (x != null) {
                e.await(x);
                firstWork = firstWork == null ? x : firstWork;
            }
        }
        if (ev != null && firstWork != null) {
            waitEvent(ev, "waitAll", active(w), active(w), firstWork);
        }
        Status[] out = new Status[w.length];
        MPIException first = null;
        for (int i = 0; i < w.length; i++) {
            try {
                out[i] = indexed(w[i] == null ? Status.empty() : requests[i].finish(), i);
            } catch (MPIException ex) {
                first = first == null ? ex : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return out;
    }

    /** MPI_Waitall. */
    public static void waitAll(Request[] requests) throws MPIException {
        waitAllStatus(requests);
    }

    /** MPI_Testall: every status if all requests have completed (they then end), else null. */
    public static Status[] testAllStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        engine().progress();
        for (Work x : w) {
            if (x != null && !x.isDone()) {
                return null;
            }
        }
        Status[] out = new Status[w.length];
        for (int i = 0; i < w.length; i++) {
            out[i] = indexed(w[i] == null ? Status.empty() : requests[i].finish(), i);
        }
        return out;
    }

    /** MPI_Testall. */
    public static boolean testAll(Request[] requests) throws MPIException {
        return testAllStatus(requests) != null;
    }

    /** MPI_Waitsome: the statuses of the requests complete once at least one is; null when none is active. */
    public static Status[] waitSomeStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        if (awaitAny(w) < 0) {
            return null;
        }
        return completed(requests, w);
    }

    /** MPI_Waitsome: the indexes; null when none is active. */
    public static int[] waitSome(Request[] requests) throws MPIException {
        return indexes(waitSomeStatus(requests));
    }

    /** MPI_Testsome: the statuses of the requests complete now (an empty array if none); null when none is active. */
    public static Status[] testSomeStatus(Request[] requests) throws MPIException {
        Work[] w = works(requests);
        boolean any = false;
        for (Work x : w) {
            any |= x != null;
        }
        if (!any) {
            return null;
        }
        engine().progress();
        return completed(requests, w);
    }

    /** MPI_Testsome: the indexes (empty if none); null when none is active. */
    public static int[] testSome(Request[] requests) throws MPIException {
        return indexes(testSomeStatus(requests));
    }

    private static Status[] completed(Request[] requests, Work[] w) throws MPIException {
        Status[] out = new Status[w.length];
        int k = 0;
        for (int i = 0; i < w.length; i++) {
            if (w[i] != null && w[i].isDone()) {
                out[k++] = indexed(requests[i].finish(), i);
            }
        }
        return java.util.Arrays.copyOf(out, k);
    }

    private static int[] indexes(Status[] s) {
        if (s == null) {
            return null;
        }
        int[] out = new int[s.length];
        for (int i = 0; i < s.length; i++) {
            out[i] = s[i].getIndex();
        }
        return out;
    }
}
