package mpi;

import jmpi.core.CoreComm;
import jmpi.core.MpiError;

/** An intra-communicator (mpiJava 1.2 {@code Intracomm}): point-to-point plus collectives within one group. */
public class Intracomm extends Comm {
    Intracomm(String name) {
        super(name);
    }

    Intracomm(String name, CoreComm core) {
        super(name, core);
    }

    /** MPI_Comm_dup. Collective. */
    @Override
    public Intracomm Dup() {
        try {
            Intracomm c = new Intracomm(this + ".dup", core().engine().dup(core()));
            c.Errhandler_set(Errhandler_get());
            return c;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Barrier: returns once every member has entered. */
    public void Barrier() {
        try {
            CoreComm c = core();
            c.engine().barrier(c);
        } catch (MpiError e) {
            throw raise(e);
        }
    }
}
