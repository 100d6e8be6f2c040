package mpi;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
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
            return inherit(new Intracomm(name() + ".dup", core().engine().dup(core())));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    @Override
    public Object clone() {
        return Dup();
    }

    /**
     * MPI_Comm_split: members passing the same {@code colour} form a new communicator, ranked by
     * {@code key} (ties by rank here); {@link MPI#UNDEFINED} as colour returns null. Collective.
     */
    public Intracomm Split(int colour, int key) {
        try {
            CoreComm c = core();
            if (colour < 0 && colour != MPI.UNDEFINED) {
                throw new MpiError(ErrorClass.ERR_ARG, "colour " + colour + " is negative (and not MPI.UNDEFINED)");
            }
            CoreComm n = c.engine().split(c, colour, key, MPI.UNDEFINED);
            return n == null ? null : inherit(new Intracomm(name() + ".split", n));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Comm_create: a communicator of the members of {@code group}, a subgroup of this
     * communicator's group (every member must pass the same one); null on ranks outside it. Collective.
     */
    public Intracomm Create(Group group) {
        try {
            CoreComm c = core();
            if (group == null) {
                throw new MpiError(ErrorClass.ERR_GROUP, "group is null");
            }
            int[] members = group.members();
            int[] mine = c.worldRanks();
            for (int w : members) {
                if (Group.indexOf(mine, w) < 0) {
                    throw new MpiError(ErrorClass.ERR_GROUP, "the group holds a process (world rank " + w
                            + ") that is not a member of " + this);
                }
            }
            CoreComm n = c.engine().create(c, members);
            return n == null ? null : inherit(new Intracomm(name() + ".create", n));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_create under mpiJava 1.2's name. */
    public Intracomm Creat(Group group) {
        return Create(group);
    }

    /**
     * MPI_Cart_create: the first {@code product(dims)} ranks as a grid (row-major: the last dimension
     * varies fastest); ranks beyond get null. {@code reorder} is allowed but ranks keep their order.
     * Collective.
     */
    public Cartcomm Create_cart(int[] dims, boolean[] periods, boolean reorder) {
        try {
            CoreComm c = core();
            int nodes = Cartcomm.checkGrid(dims, periods, c.size());
            CoreComm n = c.engine().split(c, c.rank() < nodes ? 0 : MPI.UNDEFINED, c.rank(), MPI.UNDEFINED);
            return n == null ? null : inherit(new Cartcomm(name() + ".cart", n, dims.clone(), periods.clone()));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Graph_create: the first {@code index.length} ranks as a graph; node i's neighbours are
     * {@code edges[index[i-1] .. index[i]-1]} ({@code index[-1]} = 0); ranks beyond get null.
     * {@code reorder} is allowed but ranks keep their order. Collective.
     */
    public Graphcomm Create_graph(int[] index, int[] edges, boolean reorder) {
        try {
            CoreComm c = core();
            Graphcomm.checkGraph(index, edges, c.size());
            int nodes = index.length;
            CoreComm n = c.engine().split(c, c.rank() < nodes ? 0 : MPI.UNDEFINED, c.rank(), MPI.UNDEFINED);
            return n == null ? null : inherit(new Graphcomm(name() + ".graph", n, index.clone(), edges.clone()));
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
