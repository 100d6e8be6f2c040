package jmpi.examples.ft;

/**
 * FT's initial conditions (compute_initial_conditions of ft.f): the complex grid filled from NPB's
 * random stream in the order x fastest, then y, then z, real part before imaginary part, starting
 * from the seed 314159265. Element {@code (x, y, z)} therefore takes stream positions
 * {@code 2 (x + nx (y + ny z))} and the next one. Any set of planes or rows can be filled on its own
 * (the stream is jumped to their start with {@link NpbRandom#stateAt}), so workers and ranks fill
 * their own parts.
 */
public final class InitialConditions {
    private InitialConditions() {
    }

    /**
     * Fills the box's local z-planes {@code [from, to)} of {@code u}.
     *
     * @param u the box's interleaved array
     * @param box the box
     * @param from first local z-plane
     * @param to one past the last local z-plane
     */
    public static void fill(double[] u, Box box, int from, int to) {
        int nx = box.nx();
        for (int k = from; k < to; k++) {
            int z = box.z0() + k;
            long first = 2L * nx * (box.y0() + (long) box.ny() * z);
            double x = NpbRandom.stateAt(first);
            int at = 2 * box.index(0, box.y0(), z);
            if (box.fullY()) {
                NpbRandom.vranlc(2 * nx * box.yn(), x, NpbRandom.A, u, at);
            } else {
                for (int y = box.y0(); y < box.y0() + box.yn(); y++) {
                    x = NpbRandom.stateAt(2L * nx * (y + (long) box.ny() * z));
                    NpbRandom.vranlc(2 * nx, x, NpbRandom.A, u, 2 * box.index(0, y, z));
                }
            }
        }
    }
}
