package mpi;

import java.util.ArrayList;
import java.util.Arrays;
import java.nio.Buffer;
import java.util.List;

import jmpi.coll.Coll;
import jmpi.coll.Combiner;
import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;

/**
 * An intra-communicator (Open MPI Java API): making communicators (split, create, topologies) and the prefix
 * reductions; every other collective is on {@link Comm}. A call that leaves this rank out (a split colour
 * {@code MPI.UNDEFINED}, a group without it, a grid smaller than the communicator) returns a communicator whose
 * {@link #isNull()} is true, as Open MPI's does.
 */
public class Intracomm extends Comm {
    Intracomm() {
    }

    Intracomm(CoreComm core, String name) {
        super(core, name);
    }

    @Override
    public Intracomm clone() {
        return (Intracomm) super.clone();
    }

    @Override
    public Intracomm dup() throws MPIException {
        return inherit(new Intracomm(dupCore(), toString() + ".dup"));
    }

    @Override
    public Intracomm iDup() throws MPIException {
        return (Intracomm) super.iDup();
    }

    @Override
    public Intracomm dupWithInfo(Info info) throws MPIException {
        return (Intracomm) super.dupWithInfo(info);
    }

    /** MPI_Comm_split: ranks of one colour form a communicator, ordered by key then rank; MPI.UNDEFINED: none. */
    public final Intracomm split(int colour, int key) throws MPIException {
        CoreComm c = core();
        if (colour < 0 && colour != MPI.UNDEFINED) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "split: colour " + colour + " is negative (and not"
                    + " MPI.UNDEFINED)"));
        }
        return call(() -> {
            CoreComm n = c.engine().split(c, colour, key, MPI.UNDEFINED);
            return n == null ? new Intracomm() : withHandler(new Intracomm(n, toString() + ".split"));
        });
    }

    /** A new communicator made from this one keeps its error handler (not its attributes or topology). */
    private <C extends Comm> C withHandler(C c) throws MPIException {
        c.setErrhandler(getErrhandler());
        return c;
    }

    /**
     * MPI_Comm_split_type with {@link Comm#TYPE_SHARED}: the ranks that share memory with this one (those of its
     * host), ordered by key then rank; MPI.UNDEFINED: none.
     */
    public final Intracomm splitType(int splitType, int key, Info info) throws MPIException {
        CoreComm c = core();
        if (splitType == MPI.UNDEFINED) {
            return split(MPI.UNDEFINED, key);
        }
        if (splitType != TYPE_SHARED) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "splitType: type " + splitType + " is not Comm.TYPE_SHARED"
                    + " (0) or MPI.UNDEFINED"));
        }
        // The colour: the first rank on this rank's host (host names compared exactly, not hashed).
        String[] hosts = allHostNames(c);
        int colour = Arrays.asList(hosts).indexOf(hosts[c.rank()]);
        return split(colour, key);
    }

    private static String[] allHostNames(CoreComm c) throws MPIException {
        byte[] name = MPI.hostName().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int[] lengths = new int[c.size()];
        Coll.allgather(c, new int[] {name.length}, 0, lengths, 0, 1, jmpi.datatype.BasicType.INT);
        int[] displs = new int[c.size()];
        int total = 0;
        for (int i = 0; i < lengths.length; i++) {
            displs[i] = total;
            total += lengths[i];
        }
        byte[] all = new byte[total];
        Coll.allgatherv(c, name, 0, name.length, all, 0, lengths, displs, jmpi.datatype.BasicType.BYTE);
        String[] out = new String[c.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new String(all, displs[i], lengths[i], java.nio.charset.StandardCharsets.UTF_8);
        }
        return out;
    }

    /** MPI_Comm_create: the members of {@code group} (a subgroup of this communicator's), in the group's order. */
    public final Intracomm create(Group group) throws MPIException {
        CoreComm c = core();
        int[] members = subgroup("create", group, c);
        return call(() -> {
            CoreComm n = c.engine().create(c, members);
            return n == null ? new Intracomm() : withHandler(new Intracomm(n, toString() + ".create"));
        });
    }

    /**
     * MPI_Comm_create_group: the members of {@code group}, in the group's order; collective over the group's
     * members only (a rank outside it gets a null communicator at once). jmpi's members agree on the new
     * communicator among themselves; {@code tag} must be valid, but concurrent calls on this communicator by
     * several threads with overlapping groups are not supported.
     */
    public final Intracomm createGroup(Group group, int tag) throws MPIException {
        CoreComm c = core();
        tag(tag, false);
        int[] members = subgroup("createGroup", group, c);
        return call(() -> {
            CoreComm n = c.engine().createGroup(c, members);
            return n == null ? new Intracomm() : withHandler(new Intracomm(n, toString() + ".createGroup"));
        });
    }

    /** The world ranks of {@code group}, every one a member of this communicator. */
    private int[] subgroup(String call, Group group, CoreComm c) throws MPIException {
        if (group == null) {
            throw raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": the group is null"));
        }
        int[] members = group.members();
        int[] mine = c.worldRanks();
        for (int w : members) {
            boolean in = false;
            for (int m : mine) {
                in |= m == w;
            }
            if (!in) {
                throw raise(MPIException.of(ErrorClass.ERR_GROUP, call + ": world rank " + w + " of the group is not in "
                        + this));
            }
        }
        return members;
    }

    // ------------------------------------------------------------------ topologies

    /** MPI_Cart_create: a grid of {@code dims} (row-major ranks); ranks past the grid get a null communicator. */
    public final CartComm createCart(int[] dims, boolean[] periods, boolean reorder) throws MPIException {
        CoreComm c = core();
        if (dims == null || periods == null || dims.length != periods.length) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "createCart: dims and periods must be arrays of one length"));
        }
        long n = 1;
        for (int d : dims) {
            if (d <= 0) {
                throw raise(MPIException.of(ErrorClass.ERR_DIMS, "createCart: dimension " + d + " is not positive"));
            }
            n *= d;
        }
        if (n > c.size()) {
            throw raise(MPIException.of(ErrorClass.ERR_DIMS, "createCart: a grid of " + n + " ranks does not fit "
                    + c.size()));
        }
        long cells = n;
        return call(() -> {
            CoreComm g = c.engine().split(c, c.rank() < cells ? 0 : MPI.UNDEFINED, c.rank(), MPI.UNDEFINED);
            if (g == null) {
                return new CartComm();
            }
            CartComm cart = withHandler(new CartComm(g, toString() + ".cart"));
            cart.topology = Topology.cart(dims, periods);
            return cart;
        });
    }

    /** MPI_Graph_create: node i's neighbours are {@code edges[index[i-1] .. index[i]-1]}; ranks past the nodes get null. */
    public final GraphComm createGraph(int[] index, int[] edges, boolean reorder) throws MPIException {
        CoreComm c = core();
        if (index == null || edges == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "createGraph: index or edges is null"));
        }
        int nnodes = index.length;
        if (nnodes > c.size()) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "createGraph: " + nnodes + " nodes do not fit " + c.size()
                    + " ranks"));
        }
        int last = 0;
        for (int i = 0; i < nnodes; i++) {
            if (index[i] < last || index[i] > edges.length) {
                throw raise(MPIException.of(ErrorClass.ERR_ARG, "createGraph: index is not a non-decreasing list of"
                        + " edge counts within the " + edges.length + " edges"));
            }
            last = index[i];
        }
        for (int e : edges) {
            if (e < 0 || e >= nnodes) {
                throw raise(MPIException.of(ErrorClass.ERR_ARG, "createGraph: edge to " + e + " is not a node 0.."
                        + (nnodes - 1)));
            }
        }
        int used = last;
        return call(() -> {
            CoreComm g = c.engine().split(c, c.rank() < nnodes ? 0 : MPI.UNDEFINED, c.rank(), MPI.UNDEFINED);
            if (g == null) {
                return new GraphComm();
            }
            GraphComm graph = withHandler(new GraphComm(g, toString() + ".graph"));
            graph.topology = Topology.graph(Arrays.copyOf(index, nnodes), Arrays.copyOf(edges, used));
            return graph;
        });
    }

    /**
     * MPI_Dist_graph_create: this rank names edges {@code sources[i] -> destinations[...]} ({@code degrees[i]} of
     * them per source); every rank learns its in- and out-neighbours (ordered by the naming rank, then as named).
     */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, Info info,
                                           boolean reorder) throws MPIException {
        return distGraph(sources, degrees, destinations, weights, true);
    }

    /** MPI_Dist_graph_create with MPI_UNWEIGHTED. */
    public final GraphComm createDistGraph(int[] sources, int[] degrees, int[] destinations, Info info,
                                           boolean reorder) throws MPIException {
        return distGraph(sources, degrees, destinations, null, false);
    }

    private GraphComm distGraph(int[] sources, int[] degrees, int[] destinations, int[] weights, boolean weighted)
            throws MPIException {
        CoreComm c = core();
        if (sources == null || degrees == null || destinations == null || sources.length != degrees.length
                || weighted && weights == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "createDistGraph: sources and degrees must be arrays of one"
                    + " length, destinations (and weights) not null"));
        }
        List<int[]> mine = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < sources.length; i++) {
            for (int j = 0; j < degrees[i]; j++, k++) {
                if (k >= destinations.length || weighted && k >= weights.length) {
                    throw raise(MPIException.of(ErrorClass.ERR_ARG, "createDistGraph: the degrees name more edges than"
                            + " there are destinations (or weights)"));
                }
                mine.add(new int[] {rank("source", sources[i], c.size()), rank("destination", destinations[k],
                        c.size()), weighted ? weights[k] : 1});
            }
        }
        int[] flat = new int[mine.size() * 3];
        for (int i = 0; i < mine.size(); i++) {
            System.arraycopy(mine.get(i), 0, flat, 3 * i, 3);
        }
        int[] all;
        try {
            int[] lengths = new int[c.size()];
            Coll.allgather(c, new int[] {flat.length}, 0, lengths, 0, 1, jmpi.datatype.BasicType.INT);
            int[] displs = new int[c.size()];
            int total = 0;
            for (int i = 0; i < lengths.length; i++) {
                displs[i] = total;
                total += lengths[i];
            }
            all = new int[total];
            Coll.allgatherv(c, flat, 0, flat.length, all, 0, lengths, displs, jmpi.datatype.BasicType.INT);
        } catch (RuntimeException e) {
            throw raise(e);
        }
        List<Integer> in = new ArrayList<>();
        List<Integer> inW = new ArrayList<>();
        List<Integer> out = new ArrayList<>();
        List<Integer> outW = new ArrayList<>();
        for (int i = 0; i < all.length; i += 3) {
            if (all[i + 1] == c.rank()) {
                in.add(all[i]);
                inW.add(all[i + 2]);
            }
            if (all[i] == c.rank()) {
                out.add(all[i + 1]);
                outW.add(all[i + 2]);
            }
        }
        return distGraphComm(ints(in), ints(inW), ints(out), ints(outW), weighted);
    }

    private static int[] ints(List<Integer> l) {
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    private GraphComm distGraphComm(int[] in, int[] inW, int[] out, int[] outW, boolean weighted) throws MPIException {
        CoreComm c = core();
        return call(() -> {
            GraphComm g = withHandler(new GraphComm(c.engine().dup(c), toString() + ".distgraph"));
            g.topology = Topology.distGraph(in, inW, out, outW, weighted);
            return g;
        });
    }

    /** MPI_Dist_graph_create_adjacent: this rank's in- and out-neighbours, with weights. */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] sourceWeights, int[] destinations,
                                                   int[] destWeights, Info info, boolean reorder) throws MPIException {
        return adjacent(sources, sourceWeights, destinations, destWeights, true);
    }

    /** MPI_Dist_graph_create_adjacent with MPI_UNWEIGHTED. */
    public final GraphComm createDistGraphAdjacent(int[] sources, int[] destinations, Info info, boolean reorder)
            throws MPIException {
        return adjacent(sources, null, destinations, null, false);
    }

    private GraphComm adjacent(int[] sources, int[] sw, int[] destinations, int[] dw, boolean weighted)
            throws MPIException {
        CoreComm c = core();
        if (sources == null || destinations == null || weighted && (sw == null || dw == null
                || sw.length < sources.length || dw.length < destinations.length)) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "createDistGraphAdjacent: null neighbours or weights"));
        }
        for (int s : sources) {
            rank("source", s, c.size());
        }
        for (int d : destinations) {
            rank("destination", d, c.size());
        }
        int[] ones = new int[Math.max(sources.length, destinations.length)];
        Arrays.fill(ones, 1);
        return distGraphComm(sources.clone(), weighted ? Arrays.copyOf(sw, sources.length)
                : Arrays.copyOf(ones, sources.length), destinations.clone(), weighted
                ? Arrays.copyOf(dw, destinations.length) : Arrays.copyOf(ones, destinations.length), weighted);
    }

    // ------------------------------------------------------------------ prefix reductions

    /** MPI_Scan: rank i gets the reduction of ranks 0..i's vectors. */
    public final void scan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("scan send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("scan receive buffer", recvbuf, count, type, false, true);
            in = in.apart(out);
            Coll.scan(c, in.array, in.offset, out.array, out.offset, in.elements, in.base, comb);
            out.back();
        });
    }

    /** MPI_Scan in place. */
    public final void scan(Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("scan buffer", recvbuf, count, type, true, true);
            Coll.scan(c, f.array, f.offset, f.array, f.offset, f.elements, f.base, comb);
            f.back();
        });
    }

    /** MPI_Iscan. */
    public final Request iScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("iScan send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("iScan receive buffer", recvbuf, count, type, false, true);
            in = in.apart(out);
            return Request.collective(this, jmpi.coll.NonBlocking.iscan(c, in.array, in.offset, out.array, out.offset,
                    in.elements, in.base, comb), out::back);
        });
    }

    /** MPI_Iscan in place. */
    public final Request iScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("iScan buffer", buf, count, type, true, true);
            return Request.collective(this, jmpi.coll.NonBlocking.iscan(c, f.array, f.offset, f.array, f.offset,
                    f.elements, f.base, comb), f::back);
        });
    }

    /** MPI_Exscan: rank i &gt; 0 gets the reduction of ranks 0..i-1's vectors; rank 0's {@code recvbuf} is unchanged. */
    public final void exScan(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("exScan send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("exScan receive buffer", recvbuf, count, type, true, true);
            in = in.apart(out);
            Coll.exscan(c, in.array, in.offset, out.array, out.offset, in.elements, in.base, comb);
            out.back();
        });
    }

    /** MPI_Exscan in place. */
    public final void exScan(Object buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("exScan buffer", buf, count, type, true, true);
            Coll.exscan(c, f.array, f.offset, f.array, f.offset, f.elements, f.base, comb);
            f.back();
        });
    }

    /** MPI_Iexscan. */
    public final Request iExScan(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("iExScan send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("iExScan receive buffer", recvbuf, count, type, true, true);
            in = in.apart(out);
            return Request.collective(this, jmpi.coll.NonBlocking.iexscan(c, in.array, in.offset, out.array,
                    out.offset, in.elements, in.base, comb), out::back);
        });
    }

    /** MPI_Iexscan in place. */
    public final Request iExScan(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("iExScan buffer", buf, count, type, true, true);
            return Request.collective(this, jmpi.coll.NonBlocking.iexscan(c, f.array, f.offset, f.array, f.offset,
                    f.elements, f.base, comb), f::back);
        });
    }

    // ------------------------------------------------------------------ dynamic processes (not provided)

    /** MPI_Open_port: jmpi has no dynamic processes ({@code MPI.ERR_UNSUPPORTED_OPERATION}). */
    public static String openPort() throws MPIException {
        MPI.check();
        throw MPIException.unsupported("Intracomm.openPort", "jmpi has no dynamic processes (MPI-2 chapter 10)");
    }

    public static String openPort(Info info) throws MPIException {
        return openPort();
    }

    public static void closePort(String name) throws MPIException {
        openPort();
    }

    public final Intercomm accept(String port, int root) throws MPIException {
        openPort();
        return null;
    }

    public final Intercomm accept(String port, Info info, int root) throws MPIException {
        openPort();
        return null;
    }

    public final Intercomm connect(String port, int root) throws MPIException {
        openPort();
        return null;
    }

    public final Intercomm connect(String port, Info info, int root) throws MPIException {
        openPort();
        return null;
    }

    public static void publishName(String service, String port) throws MPIException {
        openPort();
    }

    public static void publishName(String service, Info info, String port) throws MPIException {
        openPort();
    }

    public static void unpublishName(String service, String port) throws MPIException {
        openPort();
    }

    public static void unpublishName(String service, Info info, String port) throws MPIException {
        openPort();
    }

    public static String lookupName(String service) throws MPIException {
        return openPort();
    }

    public static String lookupName(String service, Info info) throws MPIException {
        return openPort();
    }

    /** MPI_Comm_spawn: not provided ({@code MPI.ERR_UNSUPPORTED_OPERATION}); jmpirun starts every rank. */
    public final Intercomm spawn(String command, String[] argv, int maxprocs, Info info, int root, int[] errcodes)
            throws MPIException {
        MPI.check();
        throw MPIException.unsupported("Intracomm.spawn", "jmpi has no dynamic processes: start every rank with"
                + " jmpirun -np");
    }

    public final Intercomm spawnMultiple(String[] commands, String[][] argv, int[] maxprocs, Info[] info, int root,
                                         int[] errcodes) throws MPIException {
        return spawn(null, null, 0, null, root, errcodes);
    }
}
