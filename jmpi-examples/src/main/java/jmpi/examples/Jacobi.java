package jmpi.examples;

import mpi.MPI;
import mpi.Status;

/**
 * Steady-state heat on a square plate by Jacobi iteration: the top edge is held at 1, the other
 * edges at 0. The plate's rows are split among the ranks (the remainder spread over the first ones);
 * each iteration every rank swaps its edge rows with its neighbours ({@code Sendrecv}, with
 * {@code PROC_NULL} beyond the plate's edges) and relaxes its own rows. At the end rank 0 gathers the
 * plate, repeats the whole computation serially and checks that both agree bit for bit.
 *
 * <p>Usage: {@code jmpirun -np 4 jmpi.examples.Jacobi [n=256] [iterations=4000]}.
 */
public class Jacobi {
    private static final int TAG_UP = 1;
    private static final int TAG_DOWN = 2;
    private static final int TAG_GATHER = 3;

    public static void main(String[] args) {
        args = MPI.Init(args);
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 256;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 4000;
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        if (n < size) {
            throw new IllegalArgumentException("plate of " + n + " rows cannot be split over " + size + " ranks");
        }
        int first = firstRow(rank, size, n);
        int rows = firstRow(rank + 1, size, n) - first;
        int width = n + 2;
        double[] u = new double[(rows + 2) * width];
        double[] next = new double[(rows + 2) * width];
        if (rank == 0) {
            java.util.Arrays.fill(u, 0, width, 1.0); // the hot top edge is rank 0's upper ghost row
            java.util.Arrays.fill(next, 0, width, 1.0);
        }
        int up = rank == 0 ? MPI.PROC_NULL : rank - 1;
        int down = rank == size - 1 ? MPI.PROC_NULL : rank + 1;

        MPI.COMM_WORLD.Barrier();
        double start = MPI.Wtime();
        for (int it = 0; it < iterations; it++) {
            // First own row goes up, the lower neighbour's first row arrives in the lower ghost row.
            MPI.COMM_WORLD.Sendrecv(u, width, width, MPI.DOUBLE, up, TAG_UP,
                    u, (rows + 1) * width, width, MPI.DOUBLE, down, TAG_UP);
            MPI.COMM_WORLD.Sendrecv(u, rows * width, width, MPI.DOUBLE, down, TAG_DOWN,
                    u, 0, width, MPI.DOUBLE, up, TAG_DOWN);
            relax(u, next, rows, n);
            double[] t = u;
            u = next;
            next = t;
        }
        double elapsed = MPI.Wtime() - start;

        if (rank == 0) {
            double[] plate = new double[(n + 2) * width];
            java.util.Arrays.fill(plate, 0, width, 1.0);
            System.arraycopy(u, width, plate, width, rows * width);
            for (int peer = 1; peer < size; peer++) {
                int peerFirst = firstRow(peer, size, n);
                int peerRows = firstRow(peer + 1, size, n) - peerFirst;
                Status s = MPI.COMM_WORLD.Recv(plate, (peerFirst + 1) * width, peerRows * width, MPI.DOUBLE, peer,
                        TAG_GATHER);
                if (s.Get_count(MPI.DOUBLE) != peerRows * width) {
                    throw new IllegalStateException("rank " + peer + " sent " + s.Get_count(MPI.DOUBLE) + " values");
                }
            }
            double serialStart = MPI.Wtime();
            double[] serial = serial(n, iterations);
            double serialTime = MPI.Wtime() - serialStart;
            boolean same = java.util.Arrays.equals(plate, serial);
            double centre = plate[(n / 2 + 1) * width + n / 2 + 1];
            double updates = (double) n * n * iterations;
            System.out.printf("Jacobi heat, %d x %d plate, %d iterations, %d ranks%n", n, n, iterations, size);
            System.out.printf("  temperature at the centre: %.12f%n", centre);
            System.out.printf("  parallel time: %.3f s (%.1f M updates/s); serial time on rank 0: %.3f s%n", elapsed,
                    updates / elapsed / 1e6, serialTime);
            System.out.println("  Verification against the serial run = " + (same ? "SUCCESSFUL" : "FAILED"));
            if (!same) {
                throw new IllegalStateException("parallel result differs from the serial one");
            }
        } else {
            MPI.COMM_WORLD.Send(u, width, rows * width, MPI.DOUBLE, 0, TAG_GATHER);
        }
        MPI.Finalize();
    }

    /** First row (0-based, interior) owned by {@code rank}; ranks below {@code n % size} get one extra row. */
    static int firstRow(int rank, int size, int n) {
        int base = n / size;
        int extra = n % size;
        return rank * base + Math.min(rank, extra);
    }

    /** One Jacobi sweep over rows 1..rows of {@code u} (with ghost rows 0 and rows+1) into {@code next}. */
    static void relax(double[] u, double[] next, int rows, int n) {
        int width = n + 2;
        for (int i = 1; i <= rows; i++) {
            int row = i * width;
            for (int j = 1; j <= n; j++) {
                int k = row + j;
                next[k] = 0.25 * (u[k - width] + u[k + width] + u[k - 1] + u[k + 1]);
            }
        }
    }

    /** The same computation on one thread, for verification. */
    static double[] serial(int n, int iterations) {
        int width = n + 2;
        double[] u = new double[(n + 2) * width];
        double[] next = new double[(n + 2) * width];
        java.util.Arrays.fill(u, 0, width, 1.0);
        java.util.Arrays.fill(next, 0, width, 1.0);
        for (int it = 0; it < iterations; it++) {
            relax(u, next, n, n);
            double[] t = u;
            u = next;
            next = t;
        }
        return u;
    }
}
