package mpi;

import jmpi.core.CoreComm;

/**
 * An inter-communicator (Open MPI Java API): point-to-point between two groups (ranks name the remote group's
 * members), {@link #merge} into an intra-communicator. jmpi's collectives run on intra-communicators only.
 */
public final class Intercomm extends Comm {
    Intercomm(CoreComm core, String name) {
        super(core, name);
    }

    Intercomm() {
    }

    @Override
    public Intercomm clone() {
        return (Intercomm) super.clone();
    }

    @Override
    public Intercomm dup() throws MPIException {
        return inherit(new Intercomm(dupCore(), toString() + ".dup"));
    }

    @Override
    public Intercomm iDup() throws MPIException {
        return (Intercomm) super.iDup();
    }

    @Override
    public Intercomm dupWithInfo(Info info) throws MPIException {
        return (Intercomm) super.dupWithInfo(info);
    }

    /** MPI_Comm_remote_size. */
    public int getRemoteSize() throws MPIException {
        return core().remoteWorldRanks().length;
    }

    /** MPI_Comm_remote_group. */
    public Group getRemoteGroup() throws MPIException {
        CoreComm c = core();
        return new Group(c.remoteWorldRanks(), c.engine().worldRank());
    }

    /** MPI_Intercomm_merge: both groups in one intra-communicator, the {@code high} group's ranks after the other's. */
    public Intracomm merge(boolean high) throws MPIException {
        CoreComm c = core();
        try {
            Intracomm m = new Intracomm(c.engine().merge(c, high), toString() + ".merge");
            m.setErrhandler(getErrhandler());
            return m;
        } catch (RuntimeException e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_get_parent: jmpi's ranks are never spawned, so a null communicator. */
    public static Intercomm getParent() throws MPIException {
        MPI.check();
        return new Intercomm();
    }
}
