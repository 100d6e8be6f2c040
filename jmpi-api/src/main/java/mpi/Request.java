package mpi;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.SendRequest;
import jmpi.core.jfr.WaitEvent;

/**
 * A non-blocking operation (MPI_Request). Once a non-persistent request has completed through a wait
 * or a successful test it becomes the null request ({@link #Is_null()}).
 *
 * <p>The array operations ({@code Waitall}, {@code Waitany}, {@code Waitsome}, {@code Testall},
 * {@code Testany}, {@code Testsome}) accept, at any position, {@link MPI#REQUEST_NULL}, requests that
 * are already null or inactive, and Java {@code null} entries (MPJ Express programs leave those); MPI
 * ignores such entries: {@code Waitall} / {@code Testall} give them an empty status; {@code Waitany} /
 * {@code Testany} on an array without an active request return an empty status whose {@code index} is
 * {@link MPI#UNDEFINED}; {@code Waitsome} / {@code Testsome} then return null (MPI's outcount
 * UNDEFINED; an empty array from {@code Testsome} means "none completed yet"). A null array is
 * {@code ERR_ARG}.
 */
public class Request {
    final Comm comm;
    CoreRequest core;

    Request(Comm comm, CoreRequest core) {
        this.comm = comm;
        this.core = core;
    }

    /** The status of the completed operation; releases the request (or deactivates a persistent one). */
    Status finish() {
        CoreRequest r = core;
        core = null;
        Status s = Status.of(r);
        comm.check(r);
        return s;
    }

    /**
     * The request of a send that was complete when it started ({@code jmpi.core.Engine#sendNow}): its operation is the
     * engine's shared completed send, and its status names the destination and tag kept here, as the status of any
     * completed send does (count 0).
     */
    static final class Sent extends Request {
        private final int dest;
        private final int tag;

        Sent(Comm comm, SendRequest done, int dest, int tag) {
            super(comm, done);
            this.dest = dest;
            this.tag = tag;
        }

        @Override
        Status finish() {
            core = null;
            return new Status(dest, tag, 0, 0, false);
        }
    }

    /** MPI_Wait. A null or inactive request gives an empty status at once. */
    public Status Wait() {
        CoreRequest r = core;
        if (r == null) {
            return Status.empty();
        }
        WaitEvent ev = WaitEvent.start(); // JFR: null unless jmpi.Wait is enabled
        r.engine().await(r);
        if (ev != null) {
            waitEvent(ev, "Wait", 1, 1, r);
        }
        return finish();
    }

    /** MPI_Test: the status if the operation has completed, else null. */
    public Status Test() {
        CoreRequest r = core;
        if (r == null) {
            return Status.empty();
        }
        WaitEvent ev = WaitEvent.start();
        r.engine().progress();
        if (!r.isDone()) {
            return null;
        }
        if (ev != null) {
            waitEvent(ev, "Test", 1, 1, r);
        }
        return finish();
    }

    /** True for the null request. */
    public boolean Is_null() {
        return core == null;
    }

    /** MPI_Cancel: a receive not yet matched is cancelled (its status then says so); a send goes on. */
    public void Cancel() {
        CoreRequest r = core;
        if (r != null) {
            r.engine().cancel(r);
        }
    }

    /** MPI_Request_free: the operation goes on, but nobody will wait for it. */
    public void Free() {
        core = null;
    }

    private static Engine engineOf(Request[] array, CoreRequest[] cores) {
        if (array == null) {
            throw MPI.COMM_WORLD.raise(new jmpi.core.MpiError(jmpi.core.ErrorClass.ERR_ARG, "the request array is null"));
        }
        Engine e = null;
        for (int i = 0; i < array.length; i++) {
            if (array[i] != null && array[i].core != null) {
                cores[i] = array[i].core;
                e = cores[i].engine();
            }
        }
        return e;
    }

    /** MPI_Waitall: one status per request (empty for null requests). */
    public static Status[] Waitall(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        Status[] out = new Status[array.length];
        WaitEvent ev = e == null ? null : WaitEvent.start();
        if (e != null) {
            e.awaitAll(cores);
        }
        if (ev != null) {
            waitEvent(ev, "Waitall", active(cores), active(cores), first(cores));
        }
        for (int i = 0; i < array.length; i++) {
            out[i] = cores[i] == null ? Status.empty() : array[i].finish();
            out[i].index = i;
        }
        return out;
    }

    /** MPI_Waitany: the status of one completed request, its position in {@code index}; UNDEFINED if all are null. */
    public static Status Waitany(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        if (e == null) {
            return Status.empty();
        }
        WaitEvent ev = WaitEvent.start();
        int i = e.awaitAny(cores);
        if (ev != null) {
            waitEvent(ev, "Waitany", active(cores), 1, cores[i]);
        }
        Status s = array[i].finish();
        s.index = i;
        return s;
    }

    /** MPI_Waitsome: statuses of all requests completed once at least one has; null if all are null. */
    public static Status[] Waitsome(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        if (e == null) {
            return null;
        }
        WaitEvent ev = WaitEvent.start();
        e.awaitAny(cores);
        return completed(array, cores, ev, "Waitsome");
    }

    /** MPI_Testall: every status if all requests have completed, else null (nothing released). */
    public static Status[] Testall(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        WaitEvent ev = e == null ? null : WaitEvent.start();
        if (e != null) {
            e.progress();
            for (CoreRequest r : cores) {
                if (r != null && !r.isDone()) {
                    return null;
                }
            }
        }
        if (ev != null) {
            waitEvent(ev, "Testall", active(cores), active(cores), first(cores));
        }
        Status[] out = new Status[array.length];
        for (int i = 0; i < array.length; i++) {
            out[i] = cores[i] == null ? Status.empty() : array[i].finish();
            out[i].index = i;
        }
        return out;
    }

    /** MPI_Testany: the status of one completed request (with its index), else null. */
    public static Status Testany(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        if (e == null) {
            return Status.empty();
        }
        WaitEvent ev = WaitEvent.start();
        e.progress();
        for (int i = 0; i < cores.length; i++) {
            if (cores[i] != null && cores[i].isDone()) {
                if (ev != null) {
                    waitEvent(ev, "Testany", active(cores), 1, cores[i]);
                }
                Status s = array[i].finish();
                s.index = i;
                return s;
            }
        }
        return null;
    }

    /** MPI_Testsome: statuses of the requests completed now (possibly none); null if all are null. */
    public static Status[] Testsome(Request[] array) {
        CoreRequest[] cores = new CoreRequest[array == null ? 0 : array.length];
        Engine e = engineOf(array, cores);
        if (e == null) {
            return null;
        }
        WaitEvent ev = WaitEvent.start();
        e.progress();
        return completed(array, cores, ev, "Testsome");
    }

    /**
     * Finishes the requests done now. Each request's state is read once: a send may be completed by the
     * receiving rank's thread at any moment, so two passes could disagree.
     */
    private static Status[] completed(Request[] array, CoreRequest[] cores, WaitEvent ev, String call) {
        Status[] out = new Status[cores.length];
        int k = 0;
        CoreRequest first = null;
        for (int i = 0; i < cores.length; i++) {
            if (cores[i] != null && cores[i].isDone()) {
                if (first == null) {
                    first = cores[i];
                }
                out[k] = array[i].finish();
                out[k++].index = i;
            }
        }
        if (ev != null && first != null) {
            waitEvent(ev, call, active(cores), k, first);
        }
        return java.util.Arrays.copyOf(out, k);
    }

    // ------------------------------------------------------------------ JFR events (jmpi.core.jfr)

    /** Commits a wait's event: {@code first} is the first request it completed (a send's destination, a receive's source). */
    private static void waitEvent(WaitEvent ev, String call, int requests, int completed, CoreRequest first) {
        ev.finish(first.engine().worldRank(), call, requests, completed, first instanceof SendRequest ? "send" : "recv",
                first.source(), first.tag());
    }

    private static int active(CoreRequest[] cores) {
        int n = 0;
        for (CoreRequest r : cores) {
            n += r == null ? 0 : 1;
        }
        return n;
    }

    private static CoreRequest first(CoreRequest[] cores) {
        for (CoreRequest r : cores) {
            if (r != null) {
                return r;
            }
        }
        return null;
    }
}
