package mpi;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;

/** A communicator with a Cartesian topology (Open MPI Java API): ranks in row-major order over the grid. */
public final class CartComm extends Intracomm {
    CartComm(CoreComm core, String name) {
        super(core, name);
    }

    CartComm() {
    }

    @Override
    public CartComm clone() {
        return (CartComm) super.clone();
    }

    @Override
    public CartComm dup() throws MPIException {
        return inherit(new CartComm(dupCore(), toString() + ".dup"));
    }

    @Override
    public CartComm iDup() throws MPIException {
        return (CartComm) super.iDup();
    }

    @Override
    public CartComm dupWithInfo(Info info) throws MPIException {
        return (CartComm) super.dupWithInfo(info);
    }

    private Topology topo() throws MPIException {
        core();
        return topology;
    }

    /** MPI_Cart_get: dimensions, periods and this rank's coordinates. */
    public CartParms getTopo() throws MPIException {
        Topology t = topo();
        return new CartParms(t.dims.clone(), t.periods.clone(), t.coords(getRank()));
    }

    /** MPI_Cart_rank: the rank at {@code coords} (periodic dimensions wrap; others must be inside). */
    public int getRank(int[] coords) throws MPIException {
        Topology t = topo();
        if (coords == null || coords.length != t.dims.length) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "getRank: " + t.dims.length + " coordinates needed"));
        }
        int r = t.rankAt(coords);
        if (r < 0) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "getRank: coordinates " + java.util.Arrays.toString(coords)
                    + " are outside the non-periodic grid " + java.util.Arrays.toString(t.dims)));
        }
        return r;
    }

    /** MPI_Cart_coords. */
    public int[] getCoords(int rank) throws MPIException {
        Topology t = topo();
        rank("coordinates of", rank, t.size());
        return t.coords(rank);
    }

    /** MPI_Cart_shift: the ranks {@code disp} steps down (source) and up (destination) along {@code direction}. */
    public ShiftParms shift(int direction, int disp) throws MPIException {
        Topology t = topo();
        try {
            int[] s = t.shift(getRank(), direction, disp);
            return new ShiftParms(s[0], s[1]);
        } catch (MPIException e) {
            throw raise(e);
        }
    }

    /** MPI_Cart_sub: the sub-grids keeping the dimensions where {@code remainDims} is true. */
    public CartComm sub(boolean[] remainDims) throws MPIException {
        Topology t = topo();
        CoreComm c = core();
        if (remainDims == null || remainDims.length != t.dims.length) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "sub: " + t.dims.length + " flags needed"));
        }
        int[] coords = t.coords(c.rank());
        int colour = 0;
        int key = 0;
        int kept = 0;
        for (int d = 0; d < t.dims.length; d++) {
            if (remainDims[d]) {
                key = key * t.dims[d] + coords[d];
                kept++;
            } else {
                colour = colour * t.dims[d] + coords[d];
            }
        }
        int[] dims = new int[kept];
        boolean[] periods = new boolean[kept];
        for (int d = 0, k = 0; d < t.dims.length; d++) {
            if (remainDims[d]) {
                dims[k] = t.dims[d];
                periods[k++] = t.periods[d];
            }
        }
        try {
            CartComm s = new CartComm(c.engine().split(c, colour, key, MPI.UNDEFINED), toString() + ".sub");
            s.setErrhandler(getErrhandler());
            s.topology = Topology.cart(dims, periods);
            return s;
        } catch (RuntimeException e) {
            throw raise(e);
        }
    }

    /** MPI_Cart_map: this rank's rank in such a grid, or MPI.UNDEFINED when the grid has no room for it. */
    public int map(int[] dims, boolean[] periods) throws MPIException {
        CoreComm c = core();
        if (dims == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "map: dims is null"));
        }
        long n = 1;
        for (int d : dims) {
            if (d <= 0) {
                throw raise(MPIException.of(ErrorClass.ERR_DIMS, "map: dimension " + d + " is not positive"));
            }
            n *= d;
        }
        return c.rank() < n ? c.rank() : MPI.UNDEFINED;
    }

    /**
     * MPI_Dims_create: fills the zero entries of {@code dims} so that the product is {@code nnodes}, as balanced
     * as possible, in non-increasing order; positive entries are kept.
     */
    public static void createDims(int nnodes, int[] dims) throws MPIException {
        MPI.check();
        if (dims == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "createDims: dims is null");
        }
        if (nnodes <= 0) {
            throw MPIException.of(ErrorClass.ERR_DIMS, "createDims: " + nnodes + " nodes");
        }
        long fixed = 1;
        int free = 0;
        for (int d : dims) {
            if (d < 0) {
                throw MPIException.of(ErrorClass.ERR_DIMS, "createDims: negative dimension " + d);
            }
            if (d == 0) {
                free++;
            } else {
                fixed *= d;
            }
        }
        if (nnodes % fixed != 0) {
            throw MPIException.of(ErrorClass.ERR_DIMS, "createDims: " + nnodes + " nodes are not a multiple of the"
                    + " fixed dimensions' product " + fixed);
        }
        if (free == 0) {
            if (fixed != nnodes) {
                throw MPIException.of(ErrorClass.ERR_DIMS, "createDims: the dimensions' product " + fixed + " is not "
                        + nnodes);
            }
            return;
        }
        int[] f = new int[free];
        java.util.Arrays.fill(f, 1);
        int left = (int) (nnodes / fixed);
        // Prime factors, largest first, each to the currently smallest dimension: balanced, as MPI asks.
        java.util.List<Integer> primes = new java.util.ArrayList<>();
        for (int p = 2; (long) p * p <= left; p++) {
            while (left % p == 0) {
                primes.add(p);
                left /= p;
            }
        }
        if (left > 1) {
            primes.add(left);
        }
        primes.sort(java.util.Comparator.reverseOrder());
        for (int p : primes) {
            int smallest = 0;
            for (int i = 1; i < free; i++) {
                if (f[i] < f[smallest]) {
                    smallest = i;
                }
            }
            f[smallest] *= p;
        }
        java.util.Arrays.sort(f);
        for (int i = 0, k = free - 1; i < dims.length; i++) {
            if (dims[i] == 0) {
                dims[i] = f[k--];
            }
        }
    }
}
