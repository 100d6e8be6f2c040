package jmpi.examples.ft;

/**
 * The part of the global {@code nx x ny x nz} grid that one array holds: all of x, the y range
 * {@code [y0, y0 + yn)} and the z range {@code [z0, z0 + zn)}. Complex element {@code (x, y, z)} is at
 * {@code index = x + nx * ((y - y0) + yn * (z - z0))}, its real part at {@code 2 * index} and its
 * imaginary part at {@code 2 * index + 1} of an interleaved {@code double[]}.
 *
 * <p>The whole grid is one box (serial and threaded FT). A slab decomposition over {@code P} ranks
 * uses z-slabs (all y, some z: initial conditions, FFTs along x and y, checksum) and y-slabs (some y,
 * all z: FFT along z, evolve); both keep x contiguous, so going from one to the other only moves
 * contiguous rows ({@link SlabTranspose}).
 */
public final class Box {
    private final int nx;
    private final int ny;
    private final int nz;
    private final int y0;
    private final int yn;
    private final int z0;
    private final int zn;

    /**
     * @param nx global grid size along x
     * @param ny global grid size along y
     * @param nz global grid size along z
     * @param y0 first y held
     * @param yn number of y held
     * @param z0 first z held
     * @param zn number of z held
     */
    public Box(int nx, int ny, int nz, int y0, int yn, int z0, int zn) {
        if (nx <= 0 || ny <= 0 || nz <= 0 || y0 < 0 || yn < 0 || y0 + yn > ny || z0 < 0 || zn < 0 || z0 + zn > nz) {
            throw new IllegalArgumentException("bad box y[" + y0 + "+" + yn + "] z[" + z0 + "+" + zn + "] of "
                    + nx + "x" + ny + "x" + nz);
        }
        if ((long) nx * yn * zn * 2 > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("box too large for one array: " + nx + "x" + yn + "x" + zn);
        }
        this.nx = nx;
        this.ny = ny;
        this.nz = nz;
        this.y0 = y0;
        this.yn = yn;
        this.z0 = z0;
        this.zn = zn;
    }

    /**
     * @param c the class
     * @return the whole grid of class {@code c}
     */
    public static Box whole(FtClass c) {
        return new Box(c.nx(), c.ny(), c.nz(), 0, c.ny(), 0, c.nz());
    }

    /** @return global size along x (all held) */
    public int nx() {
        return nx;
    }

    /** @return global size along y */
    public int ny() {
        return ny;
    }

    /** @return global size along z */
    public int nz() {
        return nz;
    }

    /** @return first y held */
    public int y0() {
        return y0;
    }

    /** @return number of y held */
    public int yn() {
        return yn;
    }

    /** @return first z held */
    public int z0() {
        return z0;
    }

    /** @return number of z held */
    public int zn() {
        return zn;
    }

    /** @return complex elements held */
    public int elements() {
        return nx * yn * zn;
    }

    /** @return doubles needed for the interleaved array */
    public int doubles() {
        return 2 * elements();
    }

    /** @return whether all of y is held */
    public boolean fullY() {
        return yn == ny;
    }

    /** @return whether all of z is held */
    public boolean fullZ() {
        return zn == nz;
    }

    /**
     * @param x global x
     * @param y global y
     * @param z global z
     * @return whether the point is held
     */
    public boolean contains(int x, int y, int z) {
        return x >= 0 && x < nx && y >= y0 && y < y0 + yn && z >= z0 && z < z0 + zn;
    }

    /**
     * @param x global x
     * @param y global y (held)
     * @param z global z (held)
     * @return the complex index of the point
     */
    public int index(int x, int y, int z) {
        return x + nx * ((y - y0) + yn * (z - z0));
    }

    @Override
    public String toString() {
        return "Box[x 0+" + nx + ", y " + y0 + "+" + yn + ", z " + z0 + "+" + zn + " of " + nx + "x" + ny + "x" + nz + "]";
    }
}
