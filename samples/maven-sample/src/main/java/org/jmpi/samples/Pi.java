package org.jmpi.samples;

import mpi.MPI;
import mpi.MPIException;

/**
 * pi as the integral of 4 / (1 + x^2) over [0, 1] by the midpoint rule, the intervals dealt round-robin to the
 * ranks of {@code MPI.COMM_WORLD} and the partial sums added with Allreduce.
 */
public final class Pi {
    private Pi() {
    }

    /** Every rank's share of the sum over {@code intervals} midpoints, added on every rank. */
    public static double compute(int intervals) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        double h = 1.0 / intervals;
        double part = 0;
        for (int i = rank; i < intervals; i += size) {
            double x = h * (i + 0.5);
            part += 4.0 / (1.0 + x * x);
        }
        double[] sum = new double[1];
        MPI.COMM_WORLD.Allreduce(new double[] {part * h}, 0, sum, 0, 1, MPI.DOUBLE, MPI.SUM);
        return sum[0];
    }

    /** Run with java -cp ... org.jmpi.samples.Pi (one rank) or through jmpi.launcher.Jmpirun -np N. */
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        double pi = compute(1_000_000);
        if (MPI.COMM_WORLD.Rank() == 0) {
            System.out.printf("pi = %.12f on %d ranks%n", pi, MPI.COMM_WORLD.Size());
        }
        MPI.Finalize();
    }
}
