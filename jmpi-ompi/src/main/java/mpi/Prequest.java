package mpi;

/**
 * A persistent request (Open MPI Java API's {@code Prequest}): made by {@code Comm.sendInit} ...
 * {@code recvInit}, inactive until {@link #start()}; a completed operation leaves it inactive (not null) for
 * the next start, until {@link #free()}.
 */
public final class Prequest extends Request {
    /** Starts one operation. */
    interface Starter {
        Request start() throws MPIException;
    }

    private final Starter starter;
    private boolean freed;

    Prequest(Comm comm, Starter starter) {
        super(comm, null);
        this.starter = starter;
    }

    /** MPI_Start: starts the operation (ERR_REQUEST if it is active or freed). */
    public void start() throws MPIException {
        MPI.check();
        if (freed) {
            throw comm.raise(MPIException.of(jmpi.core.ErrorClass.ERR_REQUEST, "start of a freed persistent request"));
        }
        if (work != null) {
            throw comm.raise(MPIException.of(jmpi.core.ErrorClass.ERR_REQUEST, "start of a persistent request that is"
                    + " still active (wait for it or test it to completion first)"));
        }
        work = starter.start().work;
    }

    /** MPI_Startall. */
    public static void startAll(Prequest[] requests) throws MPIException {
        MPI.check();
        if (requests == null) {
            throw MPIException.of(jmpi.core.ErrorClass.ERR_ARG, "startAll: the request array is null");
        }
        for (Prequest p : requests) {
            if (p != null) {
                p.start();
            }
        }
    }

    /** MPI_Request_free: the request is unusable afterwards (an active operation goes on). */
    @Override
    public void free() throws MPIException {
        super.free();
        freed = true;
    }

    @Override
    boolean gone() {
        return freed;
    }
}
