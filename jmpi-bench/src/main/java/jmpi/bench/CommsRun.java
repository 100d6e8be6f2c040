package jmpi.bench;

import java.util.ArrayList;
import java.util.List;

import mpi.MPI;

/**
 * The body shared by the Parkbench-shaped drivers {@link Comms1} and {@link Comms2}: runs a one-message
 * time kernel over the sizes, prints (bytes, time us, MB/s) and then the least-squares Hockney fit of
 * those points in the shape of the CLEI 1999 mpiJava paper's Table 1 (r_inf MB/s, n_1/2 bytes, t0 us). Rank 0 prints.
 */
final class CommsRun {
    private CommsRun() {
    }

    static void run(String benchmark, BenchOptions o, String measured, String buffers, int messagesPerIteration,
                    Drivers.SizeKernel kernel) {
        int rank = MPI.COMM_WORLD.Rank();
        String[] titles = {"bytes", "iterations", "time_us", "MB/s"};
        Report table = new Report(titles);
        String warm = Drivers.warmUpJit(o, kernel, messagesPerIteration);
        if (rank == 0) {
            Report.header(benchmark, o, MPI.COMM_WORLD, measured, buffers, warm).forEach(System.out::println);
            System.out.println(table.titles(titles));
        }
        List<double[]> points = new ArrayList<>();
        for (int n : o.sizes()) {
            int iters = o.itersFor(n);
            double us = kernel.run(n, iters, o.warmupFor(n));
            if (rank == 0 && n <= o.fitMaxBytes) {
                points.add(new double[] {n, us});
            }
            if (rank == 0) {
                System.out.println(table.row(n, iters, us, n / us));
            }
        }
        if (rank == 0) {
            System.out.println();
            printFit(benchmark, points);
        }
    }

    private static void printFit(String benchmark, List<double[]> points) {
        if (points.size() < 2) {
            System.out.println("# Hockney fit: needs at least 2 sizes, got " + points.size());
            return;
        }
        double[] n = new double[points.size()];
        double[] t = new double[points.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = points.get(i)[0];
            t[i] = points.get(i)[1];
        }
        HockneyFit.Result fit = HockneyFit.fit(n, t);
        System.out.println("# Hockney fit t = t0 + n / r_inf, unweighted least squares over the " + fit.points()
                + " table sizes from " + (long) n[0] + " to " + (long) n[n.length - 1] + " B;"
                + " n_1/2 = t0 * r_inf; t0 is the line's intercept, not a measured latency");
        String[] titles = {"experiment", "r_inf_MB/s", "n_1/2_bytes", "t0_us"};
        Report fitTable = new Report(titles);
        System.out.println(fitTable.titles(titles));
        System.out.println(fitTable.row(benchmark + " (jmpi)", fit.rInfMBps(), fit.nHalfBytes(), fit.t0Micros()));
    }
}
