package mpi;

import jmpi.core.CoreComm;
import jmpi.core.MpiError;

/**
 * An inter-communicator (mpiJava 1.2 {@code Intercomm}), made by {@link Comm#Create_intercomm}:
 * point-to-point between two disjoint groups. {@code Rank} and {@code Size} describe the local group;
 * destinations and sources are ranks of the remote group.
 */
public class Intercomm extends Comm {
    Intercomm(String name, CoreComm core) {
        super(name, core);
    }

    /** MPI_Comm_remote_size. */
    public int Remote_size() {
        try {
            return core().peers();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_remote_group. */
    public Group Remote_group() {
        try {
            CoreComm c = core();
            return new Group(c.remoteWorldRanks(), c.engine().worldRank());
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** {@link #Remote_group()} under the name the mpiJava 1.2 specification prints (section 5.6). */
    public Group Remote_Group() {
        return Remote_group();
    }

    /** MPI_Comm_dup: an inter-communicator between the same groups. Collective over both. */
    @Override
    public Intercomm Dup() {
        try {
            return inherit(new Intercomm(name() + ".dup", core().engine().dup(core())));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    @Override
    public Object clone() {
        return Dup();
    }

    /**
     * MPI_Intercomm_merge: an intra-communicator of both groups; the group passing {@code high = false}
     * comes first (when both pass the same value, the group of the lower world rank leader). Collective
     * over both groups.
     */
    public Intracomm Merge(boolean high) {
        try {
            CoreComm c = core();
            return inherit(new Intracomm(name() + ".merge", c.engine().merge(c, high)));
        } catch (MpiError e) {
            throw raise(e);
        }
    }
}
