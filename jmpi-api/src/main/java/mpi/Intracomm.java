package mpi;

import jmpi.coll.Coll;
import jmpi.core.CoreComm;
import jmpi.datatype.BasicType;
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
            Coll.barrier(core());
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    // ------------------------------------------------------------------ collectives
    // Counts and displacements are in items of the datatype; the engine below counts basic elements.

    /** A buffer of {@code items} items of {@code type} at {@code offset}; returns the basic type. */
    private static BasicType buf(String what, Object buf, int offset, long items, Datatype type) {
        if (items > Integer.MAX_VALUE) {
            throw new MpiError(ErrorClass.ERR_COUNT, what + ": " + items + " items is more than an array holds");
        }
        try {
            return Checks.buffer(buf, offset, (int) items, type);
        } catch (MpiError e) {
            throw new MpiError(e.errorClass(), what + ": " + e.getMessage().replaceFirst("^[A-Z_]+: ", ""), e);
        }
    }

    /** Vector collectives take contiguous datatypes (basic, pair and dense derived types). */
    private static void contiguousOnly(String what, Datatype type) {
        if (!type.contiguous()) {
            throw new MpiError(ErrorClass.ERR_TYPE, what + " takes contiguous datatypes only, not " + type
                    + " (use a basic or contiguous type, or Pack the data)");
        }
    }

    /** A collective's root: a member of the communicator, else ERR_ROOT (MPI's class for an invalid root). */
    private static void root(int root, int size) {
        if (root < 0 || root >= size) {
            throw new MpiError(ErrorClass.ERR_ROOT, "root " + root + " out of range [0, " + size + ")");
        }
    }

    /** The two sides of a data movement must carry the same basic type. */
    private static BasicType same(BasicType s, BasicType r, Datatype st, Datatype rt) {
        if (s != r) {
            throw new MpiError(ErrorClass.ERR_TYPE, "send datatype " + st + " and receive datatype " + rt
                    + " carry different basic types");
        }
        return s;
    }

    private static int[] elements(String what, int[] items, int n, Datatype type) {
        if (items == null || items.length < n) {
            throw new MpiError(ErrorClass.ERR_ARG, what + " must have " + n + " entries");
        }
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            if (items[i] < 0) {
                throw new MpiError(ErrorClass.ERR_COUNT, what + "[" + i + "] = " + items[i] + " is negative");
            }
            out[i] = Math.multiplyExact(items[i], type.elementsPerItem());
        }
        return out;
    }

    private static void fits(String what, Object buf, int offset, int[] counts, int[] displs, Datatype type) {
        for (int i = 0; i < counts.length; i++) {
            if (displs[i] < 0) {
                throw new MpiError(ErrorClass.ERR_ARG, "displacement " + i + " of " + what + " is negative");
            }
            buf(what + " block " + i, buf, offset + displs[i], counts[i] / type.elementsPerItem(), type);
        }
    }

    /** MPI_Bcast: {@code root}'s buffer to every member. */
    public void Bcast(Object buf, int offset, int count, Datatype type, int root) {
        try {
            CoreComm c = core();
            BasicType t = buf("Bcast buffer", buf, offset, count, type);
            root(root, c.size());
            Flat f = Flat.of(buf, offset, count, type, c.rank() == root);
            Coll.bcast(c, f.array, f.offset, count * type.elementsPerItem(), t, root);
            if (c.rank() != root) {
                f.back();
            }
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Gather: every member's send buffer into the root's receive buffer, rank after rank. */
    public void Gather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                       int recvcount, Datatype recvtype, int root) {
        try {
            CoreComm c = core();
            root(root, c.size());
            BasicType t = buf("Gather send buffer", sendbuf, sendoffset, sendcount, sendtype);
            int n = sendcount * sendtype.elementsPerItem();
            if (c.rank() == root) {
                same(t, buf("Gather receive buffer", recvbuf, recvoffset, (long) recvcount * c.size(), recvtype),
                        sendtype, recvtype);
                checkBlock("Gather", n, recvcount * recvtype.elementsPerItem());
            }
            Flat in = Flat.of(sendbuf, sendoffset, sendcount, sendtype, true);
            Flat out = c.rank() == root ? Flat.of(recvbuf, recvoffset, recvcount * c.size(), recvtype, false) : null;
            in = in.apart(n, out, n * c.size());
            Coll.gather(c, in.array, in.offset, out == null ? null : out.array, out == null ? 0 : out.offset, n, t, root);
            if (out != null) {
                out.back();
            }
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private static void checkBlock(String what, int sent, int received) {
        if (sent != received) {
            throw new MpiError(ErrorClass.ERR_COUNT, what + ": a block of " + sent + " elements sent, " + received
                    + " expected (type signatures must match)");
        }
    }

    /** MPI_Gatherv: member i's send buffer into the root's at {@code displs[i]} ({@code recvcount[i]} items). */
    public void Gatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                        int[] recvcount, int[] displs, Datatype recvtype, int root) {
        try {
            CoreComm c = core();
            root(root, c.size());
            BasicType t = buf("Gatherv send buffer", sendbuf, sendoffset, sendcount, sendtype);
            contiguousOnly("Gatherv", sendtype);
            int[] rc = null;
            int[] rd = null;
            if (c.rank() == root) {
                contiguousOnly("Gatherv", recvtype);
                rc = elements("recvcount", recvcount, c.size(), recvtype);
                rd = elements("displs", displs, c.size(), recvtype);
                same(t, recvtype.basicForMessages(), sendtype, recvtype);
                fits("Gatherv receive buffer", recvbuf, recvoffset, rc, rd, recvtype);
                checkBlock("Gatherv (root's own block)", sendcount * sendtype.elementsPerItem(), rc[root]);
                Alias.Range mine = sendbuf == recvbuf ? Alias.run(sendoffset, rc[root]) : null;
                if (sendbuf != null && mine != null && Alias.anyBlockOverlaps(mine, recvoffset, rc, rd)) {
                    Alias.Send copy = Alias.copy(sendbuf, sendoffset, mine);
                    sendbuf = copy.array();
                    sendoffset = copy.offset();
                }
            }
            Coll.gatherv(c, sendbuf, sendoffset, sendcount * sendtype.elementsPerItem(), recvbuf, recvoffset, rc, rd, t, root);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Scatter: block i of the root's send buffer to member i. */
    public void Scatter(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                        int recvcount, Datatype recvtype, int root) {
        try {
            CoreComm c = core();
            root(root, c.size());
            BasicType t = buf("Scatter receive buffer", recvbuf, recvoffset, recvcount, recvtype);
            int n = recvcount * recvtype.elementsPerItem();
            if (c.rank() == root) {
                same(buf("Scatter send buffer", sendbuf, sendoffset, (long) sendcount * c.size(), sendtype), t,
                        sendtype, recvtype);
                checkBlock("Scatter", sendcount * sendtype.elementsPerItem(), n);
            }
            Flat in = c.rank() == root ? Flat.of(sendbuf, sendoffset, sendcount * c.size(), sendtype, true) : null;
            Flat out = Flat.of(recvbuf, recvoffset, recvcount, recvtype, false);
            in = in == null ? null : in.apart(n * c.size(), out, n);
            Coll.scatter(c, in == null ? null : in.array, in == null ? 0 : in.offset, out.array, out.offset, n, t, root);
            out.back();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Scatterv: {@code sendcount[i]} items at {@code displs[i]} of the root's send buffer to member i. */
    public void Scatterv(Object sendbuf, int sendoffset, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
                         int recvoffset, int recvcount, Datatype recvtype, int root) {
        try {
            CoreComm c = core();
            root(root, c.size());
            BasicType t = buf("Scatterv receive buffer", recvbuf, recvoffset, recvcount, recvtype);
            contiguousOnly("Scatterv", recvtype);
            int[] sc = null;
            int[] sd = null;
            if (c.rank() == root) {
                contiguousOnly("Scatterv", sendtype);
                sc = elements("sendcount", sendcount, c.size(), sendtype);
                sd = elements("displs", displs, c.size(), sendtype);
                same(sendtype.basicForMessages(), t, sendtype, recvtype);
                fits("Scatterv send buffer", sendbuf, sendoffset, sc, sd, sendtype);
                Alias.Range mine = sendbuf == recvbuf ? Alias.run(recvoffset, recvcount * recvtype.elementsPerItem()) : null;
                if (sendbuf != null && mine != null && Alias.anyBlockOverlaps(mine, sendoffset, sc, sd)) {
                    Alias.Range all = Alias.blocks(sendoffset, sc, sd);
                    Alias.Send copy = Alias.copy(sendbuf, sendoffset, all);
                    sendbuf = copy.array();
                    sendoffset = copy.offset();
                }
            }
            Coll.scatterv(c, sendbuf, sendoffset, sc, sd, recvbuf, recvoffset, recvcount * recvtype.elementsPerItem(), t, root);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Allgather: every member's block to every member, rank after rank. */
    public void Allgather(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                          int recvcount, Datatype recvtype) {
        try {
            CoreComm c = core();
            BasicType t = same(buf("Allgather send buffer", sendbuf, sendoffset, sendcount, sendtype),
                    buf("Allgather receive buffer", recvbuf, recvoffset, (long) recvcount * c.size(), recvtype),
                    sendtype, recvtype);
            int n = sendcount * sendtype.elementsPerItem();
            checkBlock("Allgather", n, recvcount * recvtype.elementsPerItem());
            Flat in = Flat.of(sendbuf, sendoffset, sendcount, sendtype, true);
            Flat out = Flat.of(recvbuf, recvoffset, recvcount * c.size(), recvtype, false);
            if (in.array != out.array || in.offset != out.offset + (long) c.rank() * n) { // own block: Coll's
                in = in.apart(n, out, n * c.size());
            }
            Coll.allgather(c, in.array, in.offset, out.array, out.offset, n, t);
            out.back();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Allgatherv: member i's block to every member at {@code displs[i]} ({@code recvcount[i]} items). */
    public void Allgatherv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf,
                           int recvoffset, int[] recvcount, int[] displs, Datatype recvtype) {
        try {
            CoreComm c = core();
            BasicType t = buf("Allgatherv send buffer", sendbuf, sendoffset, sendcount, sendtype);
            contiguousOnly("Allgatherv", sendtype);
            contiguousOnly("Allgatherv", recvtype);
            int[] rc = elements("recvcount", recvcount, c.size(), recvtype);
            int[] rd = elements("displs", displs, c.size(), recvtype);
            same(t, recvtype.basicForMessages(), sendtype, recvtype);
            fits("Allgatherv receive buffer", recvbuf, recvoffset, rc, rd, recvtype);
            checkBlock("Allgatherv (own block)", sendcount * sendtype.elementsPerItem(), rc[c.rank()]);
            Alias.Range mine = sendbuf == recvbuf ? Alias.run(sendoffset, rc[c.rank()]) : null;
            if (sendbuf != null && mine != null && Alias.anyBlockOverlaps(mine, recvoffset, rc, rd)) {
                Alias.Send copy = Alias.copy(sendbuf, sendoffset, mine);
                sendbuf = copy.array();
                sendoffset = copy.offset();
            }
            Coll.allgatherv(c, sendbuf, sendoffset, sendcount * sendtype.elementsPerItem(), recvbuf, recvoffset, rc, rd, t);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Alltoall: block j of member i's send buffer to block i of member j's receive buffer. */
    public void Alltoall(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, Object recvbuf, int recvoffset,
                         int recvcount, Datatype recvtype) {
        try {
            CoreComm c = core();
            BasicType t = same(buf("Alltoall send buffer", sendbuf, sendoffset, (long) sendcount * c.size(), sendtype),
                    buf("Alltoall receive buffer", recvbuf, recvoffset, (long) recvcount * c.size(), recvtype),
                    sendtype, recvtype);
            int n = sendcount * sendtype.elementsPerItem();
            checkBlock("Alltoall", n, recvcount * recvtype.elementsPerItem());
            Flat in = Flat.of(sendbuf, sendoffset, sendcount * c.size(), sendtype, true);
            Flat out = Flat.of(recvbuf, recvoffset, recvcount * c.size(), recvtype, false);
            in = in.apart(n * c.size(), out, n * c.size());
            Coll.alltoall(c, in.array, in.offset, out.array, out.offset, n, t);
            out.back();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Alltoallv: {@code sendcount[j]} items at {@code sdispls[j]} to member j, received at {@code rdispls[i]}. */
    public void Alltoallv(Object sendbuf, int sendoffset, int[] sendcount, int[] sdispls, Datatype sendtype,
                          Object recvbuf, int recvoffset, int[] recvcount, int[] rdispls, Datatype recvtype) {
        try {
            CoreComm c = core();
            contiguousOnly("Alltoallv", sendtype);
            contiguousOnly("Alltoallv", recvtype);
            int[] sc = elements("sendcount", sendcount, c.size(), sendtype);
            int[] sd = elements("sdispls", sdispls, c.size(), sendtype);
            int[] rc = elements("recvcount", recvcount, c.size(), recvtype);
            int[] rd = elements("rdispls", rdispls, c.size(), recvtype);
            BasicType t = same(sendtype.basicForMessages(), recvtype.basicForMessages(), sendtype, recvtype);
            fits("Alltoallv send buffer", sendbuf, sendoffset, sc, sd, sendtype);
            fits("Alltoallv receive buffer", recvbuf, recvoffset, rc, rd, recvtype);
            checkBlock("Alltoallv (own block)", sc[c.rank()], rc[c.rank()]);
            Alias.Range sent = sendbuf == recvbuf ? Alias.blocks(sendoffset, sc, sd) : null;
            if (sendbuf != null && sent != null && Alias.anyBlockOverlaps(sent, recvoffset, rc, rd)) {
                Alias.Send copy = Alias.copy(sendbuf, sendoffset, sent);
                sendbuf = copy.array();
                sendoffset = copy.offset();
            }
            Coll.alltoallv(c, sendbuf, sendoffset, sc, sd, recvbuf, recvoffset, rc, rd, t);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private static jmpi.coll.Combiner combiner(Op op, Datatype type) {
        if (op == null) {
            throw new MpiError(ErrorClass.ERR_OP, "operation is null");
        }
        return op.combiner(type);
    }

    /** MPI_Reduce: the op over every member's send buffer into the root's receive buffer. */
    public void Reduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op,
                       int root) {
        try {
            CoreComm c = core();
            root(root, c.size());
            BasicType t = buf("Reduce send buffer", sendbuf, sendoffset, count, datatype);
            if (c.rank() == root) {
                buf("Reduce receive buffer", recvbuf, recvoffset, count, datatype);
            }
            Flat in = Flat.of(sendbuf, sendoffset, count, datatype, true);
            Flat out = c.rank() == root ? Flat.of(recvbuf, recvoffset, count, datatype, false) : null;
            int n = count * datatype.elementsPerItem();
            in = in.apart(n, out, n);
            Coll.reduce(c, in.array, in.offset, out == null ? null : out.array, out == null ? 0 : out.offset, n, t,
                    combiner(op, datatype), root);
            if (out != null) {
                out.back();
            }
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Allreduce: the op over every member's send buffer into every member's receive buffer. */
    public void Allreduce(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype,
                          Op op) {
        try {
            CoreComm c = core();
            BasicType t = buf("Allreduce send buffer", sendbuf, sendoffset, count, datatype);
            buf("Allreduce receive buffer", recvbuf, recvoffset, count, datatype);
            Flat in = Flat.of(sendbuf, sendoffset, count, datatype, true);
            Flat out = Flat.of(recvbuf, recvoffset, count, datatype, false);
            int n = count * datatype.elementsPerItem();
            if (in.array != out.array || in.offset != out.offset) { // the same region: Coll runs it in place
                in = in.apart(n, out, n);
            }
            Coll.allreduce(c, in.array, in.offset, out.array, out.offset, n, t, combiner(op, datatype));
            out.back();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Reduce_scatter: the op over every member's send buffer; block i ({@code recvcounts[i]} items) to member i. */
    public void Reduce_scatter(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int[] recvcounts,
                               Datatype datatype, Op op) {
        try {
            CoreComm c = core();
            contiguousOnly("Reduce_scatter", datatype);
            int[] rc = elements("recvcounts", recvcounts, c.size(), datatype);
            long total = 0;
            for (int n : rc) {
                total += n;
            }
            BasicType t = buf("Reduce_scatter send buffer", sendbuf, sendoffset, total / datatype.elementsPerItem(), datatype);
            buf("Reduce_scatter receive buffer", recvbuf, recvoffset, recvcounts[c.rank()], datatype);
            Alias.Range sent = sendbuf == recvbuf ? Alias.run(sendoffset, (int) total) : null;
            if (sent != null && Alias.shared(sendbuf, sent, recvbuf, Alias.run(recvoffset, rc[c.rank()]))) {
                Alias.Send copy = Alias.copy(sendbuf, sendoffset, sent);
                sendbuf = copy.array();
                sendoffset = copy.offset();
            }
            Coll.reduceScatter(c, sendbuf, sendoffset, recvbuf, recvoffset, rc, t, combiner(op, datatype));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Scan: member i receives the op over the send buffers of members 0..i. */
    public void Scan(Object sendbuf, int sendoffset, Object recvbuf, int recvoffset, int count, Datatype datatype, Op op) {
        try {
            CoreComm c = core();
            BasicType t = buf("Scan send buffer", sendbuf, sendoffset, count, datatype);
            buf("Scan receive buffer", recvbuf, recvoffset, count, datatype);
            Flat in = Flat.of(sendbuf, sendoffset, count, datatype, true);
            Flat out = Flat.of(recvbuf, recvoffset, count, datatype, false);
            int n = count * datatype.elementsPerItem();
            in = in.apart(n, out, n);
            Coll.scan(c, in.array, in.offset, out.array, out.offset, n, t, combiner(op, datatype));
            out.back();
        } catch (MpiError e) {
            throw raise(e);
        }
    }
}
