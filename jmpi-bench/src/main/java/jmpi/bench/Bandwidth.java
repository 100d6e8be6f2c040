package jmpi.bench;

import mpi.MPI;

/**
 * OSU-shaped unidirectional bandwidth: per iteration rank 0 posts a window of Isends (64 by default),
 * rank 1 as many Irecvs, then rank 1 answers with a 1-byte acknowledgement. The bandwidth of a size is
 * the bytes sent over the time of the timed iterations, in MB/s (10^6 bytes per second). Rank 0 prints.
 */
public final class Bandwidth {
    private Bandwidth() {
    }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("bw", args, 1000, 100);
        run("bw", o, false);
        MPI.Finalize();
    }

    /** Shared with {@link BiBandwidth}: one table of MB/s per size, one way or both ways at once. */
    static void run(String benchmark, BenchOptions o, boolean both) {
        int rank = MPI.COMM_WORLD.Rank();
        byte[] send = Drivers.buffer(o);
        byte[] recv = Drivers.buffer(o);
        String[] titles = {"bytes", "iterations", "MB/s"};
        Report table = new Report(titles);
        Drivers.SizeKernel kernel = (n, iters, warmup) ->
                Kernels.window(MPI.COMM_WORLD, send, recv, n, iters, warmup, o.window, both);
        String warm = Drivers.warmUpJit(o, kernel, both ? 2 * o.window : o.window + 1);
        if (rank == 0) {
            String measured = both
                    ? "window of " + o.window + " Isend + " + o.window + " Irecv on both ranks at once, Waitall;"
                            + " MB/s = bytes moved both ways / time, MB = 10^6 B"
                    : "window of " + o.window + " Isend on rank 0 and " + o.window + " Irecv on rank 1, Waitall,"
                            + " 1-byte ack; MB/s = bytes sent / time, MB = 10^6 B";
            Report.header(benchmark, o, MPI.COMM_WORLD, measured,
                    "one send and one receive buffer per rank, reused by every message of the window (in cache)", warm)
                    .forEach(System.out::println);
            System.out.println(table.titles(titles));
        }
        for (int n : o.sizes()) {
            int iters = o.itersFor(n);
            double mbps = kernel.run(n, iters, o.warmupFor(n));
            if (rank == 0) {
                System.out.println(table.row(n, iters, mbps));
            }
        }
    }
}
