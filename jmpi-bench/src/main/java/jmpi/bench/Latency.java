package jmpi.bench;

import mpi.MPI;

/**
 * OSU-shaped latency: ranks 0 and 1 ping-pong a byte message with blocking Send / Recv; the latency of
 * a size is half the average round trip, in microseconds, over the timed iterations (warm-up excluded).
 * Rank 0 prints the table.
 */
public final class Latency {
    private Latency() {
    }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("latency", args, 10000, 1000);
        int rank = MPI.COMM_WORLD.Rank();
        byte[] buf = Drivers.buffer(o);
        String[] titles = {"bytes", "iterations", "latency_us"};
        Report table = new Report(titles);
        Drivers.SizeKernel kernel = (n, iters, warmup) -> Kernels.pingPong(MPI.COMM_WORLD, buf, n, iters, warmup);
        String warm = Drivers.warmUpJit(o, kernel, 2);
        if (rank == 0) {
            Report.header("latency", o, MPI.COMM_WORLD,
                    "blocking Send/Recv ping-pong between ranks 0 and 1; latency = half the average round trip",
                    "one buffer reused (in cache)", warm).forEach(System.out::println);
            System.out.println(table.titles(titles));
        }
        for (int n : o.sizes()) {
            int iters = o.itersFor(n);
            double us = kernel.run(n, iters, o.warmupFor(n));
            if (rank == 0) {
                System.out.println(table.row(n, iters, us));
            }
        }
        MPI.Finalize();
    }
}
