package jmpi.bench;

import mpi.MPI;

/**
 * Parkbench comms2 (the CLEI 1999 mpiJava paper, section 2): ranks 0 and 1 both send a message to each other and receive
 * the other's at once (Sendrecv), twice per iteration; a quarter of the iteration's time, i.e. half of
 * one simultaneous exchange, is the time of one message. Prints (bytes, time us, MB/s) per size and the
 * least-squares Hockney fit: r_inf (MB/s), n_1/2 (bytes), t0 (us).
 */
public final class Comms2 {
    private Comms2() {
    }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("comms2", args, 10000, 1000);
        byte[] send = Drivers.buffer(o);
        byte[] recv = Drivers.buffer(o);
        CommsRun.run("comms2", o,
                "both ranks Sendrecv to each other at once, two exchanges per iteration; time = a quarter of the"
                        + " iteration (= half of one exchange, the CLEI 1999 mpiJava paper's definition); MB/s = bytes / time",
                "one send and one receive buffer per rank, reused (in cache)", 4,
                (n, iters, warmup) -> Kernels.exchange(MPI.COMM_WORLD, send, recv, n, iters, warmup));
        MPI.Finalize();
    }
}
