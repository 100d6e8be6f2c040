package mpi;

import java.util.Arrays;

import jmpi.core.ErrorClass;

/**
 * A communicator's virtual topology: Cartesian (dims, periods), graph (index, edges) or distributed graph
 * (this rank's in- and out-neighbours with weights). Immutable; shared by duplicates.
 */
final class Topology {
    private final int kind;
    final int[] dims;
    final boolean[] periods;
    final int[] index;
    final int[] edges;
    final int[] sources;
    final int[] sourceWeights;
    final int[] destinations;
    final int[] destWeights;
    final boolean weighted;

    private Topology(int kind, int[] dims, boolean[] periods, int[] index, int[] edges, int[] sources,
                     int[] sourceWeights, int[] destinations, int[] destWeights, boolean weighted) {
        this.kind = kind;
        this.dims = dims;
        this.periods = periods;
        this.index = index;
        this.edges = edges;
        this.sources = sources;
        this.sourceWeights = sourceWeights;
        this.destinations = destinations;
        this.destWeights = destWeights;
        this.weighted = weighted;
    }

    static Topology cart(int[] dims, boolean[] periods) {
        return new Topology(MPI.CART, dims.clone(), periods.clone(), null, null, null, null, null, null, false);
    }

    static Topology graph(int[] index, int[] edges) {
        return new Topology(MPI.GRAPH, null, null, index.clone(), edges.clone(), null, null, null, null, false);
    }

    static Topology distGraph(int[] sources, int[] sw, int[] destinations, int[] dw, boolean weighted) {
        return new Topology(MPI.DIST_GRAPH, null, null, null, null, sources, sw, destinations, dw, weighted);
    }

    int kind() {
        return kind;
    }

    int size() {
        int n = 1;
        for (int d : dims) {
            n *= d;
        }
        return n;
    }

    /** Row-major coordinates of {@code rank} in the grid. */
    int[] coords(int rank) {
        int[] c = new int[dims.length];
        int r = rank;
        for (int d = dims.length - 1; d >= 0; d--) {
            c[d] = r % dims[d];
            r /= dims[d];
        }
        return c;
    }

    /** The rank at {@code coords}, periodic dimensions wrapped; -1 when a non-periodic coordinate is outside. */
    int rankAt(int[] coords) {
        int r = 0;
        for (int d = 0; d < dims.length; d++) {
            int c = coords[d];
            if (periods[d]) {
                c = Math.floorMod(c, dims[d]);
            } else if (c < 0 || c >= dims[d]) {
                return -1;
            }
            r = r * dims[d] + c;
        }
        return r;
    }

    /** MPI_Cart_shift: {source, dest}, MPI.PROC_NULL off a non-periodic edge. */
    int[] shift(int rank, int direction, int disp) throws MPIException {
        if (direction < 0 || direction >= dims.length) {
            throw MPIException.of(ErrorClass.ERR_DIMS, "shift direction " + direction + " is not in 0.."
                    + (dims.length - 1));
        }
        int[] c = coords(rank);
        int[] s = c.clone();
        int[] t = c.clone();
        s[direction] -= disp;
        t[direction] += disp;
        int src = rankAt(s);
        int dst = rankAt(t);
        return new int[] {src < 0 ? MPI.PROC_NULL : src, dst < 0 ? MPI.PROC_NULL : dst};
    }

    /** The in-neighbours of {@code rank}, in MPI's order for neighbourhood collectives (PROC_NULL possible). */
    int[] inNeighbors(int rank) throws MPIException {
        return switch (kind) {
            case MPI.CART -> cartNeighbors(rank);
            case MPI.GRAPH -> graphNeighbors(rank);
            default -> sources.clone();
        };
    }

    /** The out-neighbours of {@code rank}. */
    int[] outNeighbors(int rank) throws MPIException {
        return switch (kind) {
            case MPI.CART -> cartNeighbors(rank);
            case MPI.GRAPH -> graphNeighbors(rank);
            default -> destinations.clone();
        };
    }

    /** For each dimension: the rank one below, then the rank one above (MPI-3 7.6). */
    private int[] cartNeighbors(int rank) throws MPIException {
        int[] n = new int[2 * dims.length];
        for (int d = 0; d < dims.length; d++) {
            int[] s = shift(rank, d, 1);
            n[2 * d] = s[0];
            n[2 * d + 1] = s[1];
        }
        return n;
    }

    int[] graphNeighbors(int rank) {
        int from = rank == 0 ? 0 : index[rank - 1];
        return Arrays.copyOfRange(edges, from, index[rank]);
    }
}
