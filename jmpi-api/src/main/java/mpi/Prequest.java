package mpi;

import java.util.function.Supplier;

import jmpi.core.CoreRequest;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/** A persistent request (MPI_Send_init / MPI_Recv_init): started again and again with {@link #Start()}. */
public class Prequest extends Request {
    private final Supplier<CoreRequest> starter;
    private boolean freed;

    Prequest(Comm comm, Supplier<CoreRequest> starter) {
        super(comm, null);
        this.starter = starter;
    }

    /** MPI_Start: begins one instance of the operation. */
    public void Start() {
        try {
            if (freed) {
                throw new MpiError(ErrorClass.ERR_REQUEST, "Start of a freed persistent request");
            }
            if (core != null) {
                throw new MpiError(ErrorClass.ERR_REQUEST, "Start of a persistent request that is still active");
            }
            core = starter.get();
        } catch (MpiError e) {
            throw comm.raise(e);
        }
    }

    /** MPI_Startall. Null entries are skipped (as MPJ Express does); a null array is {@code ERR_ARG}. */
    public static void Startall(Prequest[] requests) {
        if (requests == null) {
            throw MPI.COMM_WORLD.raise(new MpiError(ErrorClass.ERR_ARG, "Startall of a null array"));
        }
        for (Prequest p : requests) {
            if (p != null) {
                p.Start();
            }
        }
    }

    /** A persistent request is null only once freed; between uses it is merely inactive. */
    @Override
    public boolean Is_null() {
        return freed;
    }

    /** MPI_Request_free. */
    @Override
    public void Free() {
        freed = true;
        core = null;
    }
}
