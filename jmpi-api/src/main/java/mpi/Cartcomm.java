package mpi;

import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * A communicator with a Cartesian grid topology (mpiJava 1.2 {@code Cartcomm}), made by
 * {@link Intracomm#Create_cart}. Rank order is row-major: the last dimension varies fastest. The
 * topology is local knowledge: only {@link #Sub} communicates.
 */
public class Cartcomm extends Intracomm {
    private final int[] dims;
    private final boolean[] periods;

    Cartcomm(String name, CoreComm core, int[] dims, boolean[] periods) {
        super(name, core);
        this.dims = dims;
        this.periods = periods;
    }

    /** Checks a grid for a communicator of {@code size}; returns its number of nodes. */
    static int checkGrid(int[] dims, boolean[] periods, int size) {
        if (dims == null || periods == null) {
            throw new MpiError(ErrorClass.ERR_ARG, "dims and periods must not be null");
        }
        if (dims.length != periods.length) {
            throw new MpiError(ErrorClass.ERR_DIMS, "dims has " + dims.length + " entries but periods " + periods.length);
        }
        long nodes = 1;
        for (int i = 0; i < dims.length; i++) {
            if (dims[i] <= 0) {
                throw new MpiError(ErrorClass.ERR_DIMS, "dims[" + i + "] = " + dims[i] + " is not positive");
            }
            nodes *= dims[i];
            if (nodes > size) {
                break;
            }
        }
        if (nodes > size) {
            throw new MpiError(ErrorClass.ERR_DIMS, "a grid of " + java.util.Arrays.toString(dims)
                    + " needs more than the " + size + " ranks of the communicator");
        }
        return (int) nodes;
    }

    /** MPI_Topo_test: {@link MPI#CART}. */
    @Override
    public int Topo_test() {
        try {
            core();
            return MPI.CART;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_dup: a Cartesian communicator with the same grid. Collective. */
    @Override
    public Cartcomm Dup() {
        try {
            return inherit(new Cartcomm(name() + ".dup", core().engine().dup(core()), dims, periods));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Cartdim_get and MPI_Cart_get: the grid and the caller's coordinates. */
    public CartParms Get() {
        try {
            CartParms p = new CartParms();
            p.dims = dims.clone();
            p.periods = periods.clone();
            p.coords = coords(core().rank());
            return p;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Cart_rank: the rank at {@code coords}; a coordinate outside a periodic dimension wraps, one
     * outside a non-periodic dimension is an error.
     */
    public int Rank(int[] coords) {
        try {
            core();
            if (coords == null || coords.length != dims.length) {
                throw new MpiError(ErrorClass.ERR_ARG, "coords must have " + dims.length + " entries");
            }
            int rank = 0;
            for (int i = 0; i < dims.length; i++) {
                int c = coords[i];
                if (periods[i]) {
                    c = Math.floorMod(c, dims[i]);
                } else if (c < 0 || c >= dims[i]) {
                    throw new MpiError(ErrorClass.ERR_ARG, "coordinate " + c + " of dimension " + i
                            + " is outside the non-periodic range [0, " + dims[i] + ")");
                }
                rank = rank * dims[i] + c;
            }
            return rank;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Cart_coords: the coordinates of {@code rank}. */
    public int[] Coords(int rank) {
        try {
            Checks.rankIn("rank", rank, core().size());
            return coords(rank);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private int[] coords(int rank) {
        int[] c = new int[dims.length];
        for (int i = dims.length - 1; i >= 0; i--) {
            c[i] = rank % dims[i];
            rank /= dims[i];
        }
        return c;
    }

    /**
     * MPI_Cart_shift: the ranks {@code disp} steps back ({@code rank_source}) and forward
     * ({@code rank_dest}) along {@code direction}; {@link MPI#PROC_NULL} past a non-periodic edge.
     */
    public ShiftParms Shift(int direction, int disp) {
        try {
            int me = core().rank();
            if (direction < 0 || direction >= dims.length) {
                throw new MpiError(ErrorClass.ERR_ARG, "direction " + direction + " is not a dimension of the "
                        + dims.length + "-dimensional grid");
            }
            int[] c = coords(me);
            ShiftParms p = new ShiftParms();
            p.rank_source = neighbour(c, direction, -disp);
            p.rank_dest = neighbour(c, direction, disp);
            return p;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private int neighbour(int[] coords, int direction, int step) {
        int[] c = coords.clone();
        long v = (long) c[direction] + step;
        if (periods[direction]) {
            c[direction] = (int) Math.floorMod(v, (long) dims[direction]);
        } else if (v < 0 || v >= dims[direction]) {
            return MPI.PROC_NULL;
        } else {
            c[direction] = (int) v;
        }
        int rank = 0;
        for (int i = 0; i < dims.length; i++) {
            rank = rank * dims[i] + c[i];
        }
        return rank;
    }

    /**
     * MPI_Cart_sub: the sub-grid through the caller that keeps the dimensions where
     * {@code remain_dims} is true. Collective.
     */
    public Cartcomm Sub(boolean[] remain_dims) {
        try {
            CoreComm c = core();
            if (remain_dims == null || remain_dims.length != dims.length) {
                throw new MpiError(ErrorClass.ERR_ARG, "remain_dims must have " + dims.length + " entries");
            }
            int[] me = coords(c.rank());
            int colour = 0;
            int kept = 0;
            for (int i = 0; i < dims.length; i++) {
                if (!remain_dims[i]) {
                    colour = colour * dims[i] + me[i];
                } else {
                    kept++;
                }
            }
            int[] subDims = new int[kept];
            boolean[] subPeriods = new boolean[kept];
            for (int i = 0, j = 0; i < dims.length; i++) {
                if (remain_dims[i]) {
                    subDims[j] = dims[i];
                    subPeriods[j++] = periods[i];
                }
            }
            CoreComm n = c.engine().split(c, colour, c.rank(), MPI.UNDEFINED);
            return inherit(new Cartcomm(name() + ".sub", n, subDims, subPeriods));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Cart_map: the caller's rank in a grid of {@code dims} laid over this communicator, or
     * {@link MPI#UNDEFINED} when it falls outside (ranks keep their order).
     */
    public int Map(int[] dims, boolean[] periods) {
        try {
            CoreComm c = core();
            int nodes = checkGrid(dims, periods, c.size());
            return c.rank() < nodes ? c.rank() : MPI.UNDEFINED;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Dims_create: fills the zero entries of {@code dims} so that the product of all entries is
     * {@code nnodes}, as balanced as possible (non-increasing in the filled entries); non-zero entries
     * are kept. An error when {@code nnodes} is not a multiple of their product.
     */
    public static void Dims_create(int nnodes, int[] dims) {
        try {
            if (dims == null) {
                throw new MpiError(ErrorClass.ERR_ARG, "dims is null");
            }
            if (nnodes < 1) {
                throw new MpiError(ErrorClass.ERR_ARG, "nnodes " + nnodes + " is not positive");
            }
            long fixed = 1;
            int free = 0;
            for (int i = 0; i < dims.length; i++) {
                if (dims[i] < 0) {
                    throw new MpiError(ErrorClass.ERR_DIMS, "dims[" + i + "] = " + dims[i] + " is negative");
                }
                if (dims[i] == 0) {
                    free++;
                } else {
                    fixed *= dims[i];
                }
            }
            if (nnodes % fixed != 0) {
                throw new MpiError(ErrorClass.ERR_DIMS, nnodes + " nodes cannot fill a grid whose fixed dimensions"
                        + " multiply to " + fixed);
            }
            int rest = (int) (nnodes / fixed);
            if (free == 0) {
                if (rest != 1) {
                    throw new MpiError(ErrorClass.ERR_DIMS, "the fixed dimensions multiply to " + fixed + ", not "
                            + nnodes);
                }
                return;
            }
            int[] filled = new int[free];
            java.util.Arrays.fill(filled, 1);
            // Prime factors, largest first, each onto the currently smallest entry: balanced dimensions.
            java.util.List<Integer> primes = new java.util.ArrayList<>();
            for (int f = 2, n = rest; n > 1; ) {
                if ((long) f * f > n) {
                    primes.add(n);
                    break;
                }
                if (n % f == 0) {
                    primes.add(f);
                    n /= f;
                } else {
                    f++;
                }
            }
            primes.sort(java.util.Comparator.reverseOrder());
            for (int prime : primes) {
                int smallest = 0;
                for (int i = 1; i < free; i++) {
                    if (filled[i] < filled[smallest]) {
                        smallest = i;
                    }
                }
                filled[smallest] *= prime;
            }
            java.util.Arrays.sort(filled);
            for (int i = 0, j = free - 1; i < dims.length; i++) {
                if (dims[i] == 0) {
                    dims[i] = filled[j--];
                }
            }
        } catch (MpiError e) {
            throw MPI.COMM_WORLD.raise(e);
        }
    }
}
