package jmpi.examples.ft;

import jmpi.tasks.Splitter;

/**
 * The global transposes of FT's 1-D (slab) decomposition over {@code P} ranks, as pack and unpack
 * steps around one {@code Alltoallv} of doubles. Rank {@code r} holds the z-slab {@link #zBox(int)}
 * (all of y, its near-equal share of z: initial conditions, FFTs along x and y, checksum) and the
 * y-slab {@link #yBox(int)} (its share of y, all of z: FFT along z, evolve). Both keep x contiguous,
 * so a transpose only moves whole rows of {@code nx} complex numbers:
 *
 * <pre>
 *  z-slab of rank r (x fastest, then y, then z)      block for rank d: rows y in yBox(d), every local z
 *  +---------------------------------+ z = z0(r)     -> packed in (z, y) order, 2 nx yn(d) zn(r) doubles
 *  | y0(0) ..  | y0(1) ..  | ...     |                 -> lands in d's y-slab at planes z0(r) .. z0(r)+zn(r)-1
 *  +---------------------------------+ ...
 * </pre>
 *
 * The inverse transpose moves the same blocks back. Counts and displacements (in doubles) are
 * computed once. Pack and unpack take a range of peers, so that the threads of a rank can share them
 * (FT_T): each call touches disjoint parts of the buffers.
 */
public final class SlabTranspose {
    private final int nx;
    private final int ny;
    private final int nz;
    private final int ranks;
    private final int me;
    private final int[] zToYSendCounts;
    private final int[] zToYSendDispls;
    private final int[] zToYRecvCounts;
    private final int[] zToYRecvDispls;

    /**
     * @param nx grid size along x
     * @param ny grid size along y
     * @param nz grid size along z
     * @param ranks number of ranks
     * @param me this rank
     */
    public SlabTranspose(int nx, int ny, int nz, int ranks, int me) {
        if (ranks < 1 || me < 0 || me >= ranks) {
            throw new IllegalArgumentException("rank " + me + " of " + ranks);
        }
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.ranks = ranks;
        this.me = me;
        zToYSendCounts = new int[ranks];
        zToYSendDispls = new int[ranks];
        zToYRecvCounts = new int[ranks];
        zToYRecvDispls = new int[ranks];
        int s = 0;
        int r = 0;
        for (int p = 0; p < ranks; p++) {
            zToYSendCounts[p] = 2 * nx * zn(me) * yn(p);
            zToYSendDispls[p] = s;
            s += zToYSendCounts[p];
            zToYRecvCounts[p] = 2 * nx * zn(p) * yn(me);
            zToYRecvDispls[p] = r;
            r += zToYRecvCounts[p];
        }
    }

    private int y0(int r) {
        return Splitter.start(0, ny, ranks, r);
    }

    private int yn(int r) {
        return Splitter.size(0, ny, ranks, r);
    }

    private int z0(int r) {
        return Splitter.start(0, nz, ranks, r);
    }

    private int zn(int r) {
        return Splitter.size(0, nz, ranks, r);
    }

    /**
     * @param r a rank
     * @return rank {@code r}'s z-slab
     */
    public Box zBox(int r) {
        return new Box(nx, ny, nz, 0, ny, z0(r), zn(r));
    }

    /**
     * @param r a rank
     * @return rank {@code r}'s y-slab
     */
    public Box yBox(int r) {
        return new Box(nx, ny, nz, y0(r), yn(r), 0, nz);
    }

    /** @return number of ranks */
    public int ranks() {
        return ranks;
    }

    /** @return doubles per destination, z-slab to y-slab (the receive counts of y-slab to z-slab) */
    public int[] zToYSendCounts() {
        return zToYSendCounts.clone();
    }

    /** @return displacements of {@link #zToYSendCounts()} in the send buffer */
    public int[] zToYSendDispls() {
        return zToYSendDispls.clone();
    }

    /** @return doubles per source, z-slab to y-slab (the send counts of y-slab to z-slab) */
    public int[] zToYRecvCounts() {
        return zToYRecvCounts.clone();
    }

    /** @return displacements of {@link #zToYRecvCounts()} in the receive buffer */
    public int[] zToYRecvDispls() {
        return zToYRecvDispls.clone();
    }

    /** @return doubles a buffer needs for either direction */
    public int bufferDoubles() {
        return Math.max(zToYSendDispls[ranks - 1] + zToYSendCounts[ranks - 1],
                zToYRecvDispls[ranks - 1] + zToYRecvCounts[ranks - 1]);
    }

    /**
     * Packs this rank's z-slab for destinations {@code [from, to)}: the block of rank {@code d} is
     * at {@code zToYSendDispls()[d]}.
     *
     * @param zslab this rank's z-slab
     * @param send the send buffer
     * @param from first destination
     * @param to one past the last destination
     */
    public void packZToY(double[] zslab, double[] send, int from, int to) {
        int row = 2 * nx;
        for (int d = from; d < to; d++) {
            int at = zToYSendDispls[d];
            int len = row * yn(d);
            for (int zl = 0; zl < zn(me); zl++) {
                System.arraycopy(zslab, row * (y0(d) + ny * zl), send, at, len);
                at += len;
            }
        }
    }

    /**
     * Unpacks the blocks of sources {@code [from, to)} into this rank's y-slab.
     *
     * @param recv the receive buffer (displacements {@code zToYRecvDispls()})
     * @param yslab this rank's y-slab
     * @param from first source
     * @param to one past the last source
     */
    public void unpackZToY(double[] recv, double[] yslab, int from, int to) {
        int len = 2 * nx * yn(me);
        for (int s = from; s < to; s++) {
            int at = zToYRecvDispls[s];
            for (int z = z0(s); z < z0(s) + zn(s); z++) {
                System.arraycopy(recv, at, yslab, len * z, len);
                at += len;
            }
        }
    }

    /**
     * Packs this rank's y-slab for destinations {@code [from, to)} (the inverse transpose: counts and
     * displacements are {@code zToYRecvCounts()} / {@code zToYRecvDispls()}).
     *
     * @param yslab this rank's y-slab
     * @param send the send buffer
     * @param from first destination
     * @param to one past the last destination
     */
    public void packYToZ(double[] yslab, double[] send, int from, int to) {
        int len = 2 * nx * yn(me);
        for (int d = from; d < to; d++) {
            int at = zToYRecvDispls[d];
            for (int z = z0(d); z < z0(d) + zn(d); z++) {
                System.arraycopy(yslab, len * z, send, at, len);
                at += len;
            }
        }
    }

    /**
     * Unpacks the blocks of sources {@code [from, to)} into this rank's z-slab (receive counts and
     * displacements are {@code zToYSendCounts()} / {@code zToYSendDispls()}).
     *
     * @param recv the receive buffer
     * @param zslab this rank's z-slab
     * @param from first source
     * @param to one past the last source
     */
    public void unpackYToZ(double[] recv, double[] zslab, int from, int to) {
        int row = 2 * nx;
        for (int s = from; s < to; s++) {
            int at = zToYSendDispls[s];
            int len = row * yn(s);
            for (int zl = 0; zl < zn(me); zl++) {
                System.arraycopy(recv, at, zslab, row * (y0(s) + ny * zl), len);
                at += len;
            }
        }
    }

    /**
     * Where the rows of this rank's z-slab go in the z-to-y send buffer (and come from in the y-to-z
     * receive buffer, the same layout): entry {@code zl * ny + y} is the complex index at which the
     * {@code nx} points {@code (x, y)} of local plane {@code zl} start, i.e. the layout
     * {@link #packZToY} produces. Lets the y-FFT write its output packed (and read it unpacked) in the
     * same sweep ({@link Fft3d#alongY(int, double[], int[], double[], int[], int, int, FftScratch)}).
     *
     * @return the row table, {@code zn(me) * ny} entries
     */
    public int[] zSideRows() {
        int planes = zn(me);
        int[] rows = new int[planes * ny];
        for (int d = 0; d < ranks; d++) {
            for (int zl = 0; zl < planes; zl++) {
                int at = zToYSendDispls[d] / 2 + zl * nx * yn(d);
                for (int y = y0(d); y < y0(d) + yn(d); y++) {
                    rows[zl * ny + y] = at + (y - y0(d)) * nx;
                }
            }
        }
        return rows;
    }

    /**
     * Whether the y-side receive (z-to-y) and send (y-to-z) buffers are laid out exactly as this rank's
     * y-slab: the sources' planes arrive in z order, each a whole {@code nx * yn(me)} plane, so the
     * y-slab itself can be the buffer and the unpacking (and packing) is no copy at all. Always true of
     * this decomposition; {@link FtRank} checks it rather than assume it.
     *
     * @return {@code true} if {@code recvDispls[p] == 2 nx yn(me) z0(p)} and the counts are whole planes
     */
    public boolean ySideIsSlabLayout() {
        for (int p = 0; p < ranks; p++) {
            if (zToYRecvDispls[p] != 2 * nx * yn(me) * z0(p) || zToYRecvCounts[p] != 2 * nx * yn(me) * zn(p)) {
                return false;
            }
        }
        return true;
    }
}
