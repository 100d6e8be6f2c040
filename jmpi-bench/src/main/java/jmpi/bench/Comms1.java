package jmpi.bench;

import mpi.MPI;

/**
 * Parkbench comms1 (the CLEI 1999 mpiJava paper, section 2): rank 0 sends a message to rank 1, which sends it straight back;
 * half the round trip is the time of one message. Prints (bytes, time us, MB/s) per size and the
 * least-squares Hockney fit: r_inf (MB/s), n_1/2 (bytes), t0 (us).
 */
public final class Comms1 {
    private Comms1() {
    }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("comms1", args, 10000, 1000);
        byte[] buf = Drivers.buffer(o);
        CommsRun.run("comms1", o,
                "ping-pong with blocking Send/Recv between ranks 0 and 1; time = half the average round trip",
                "one buffer reused (in cache)", 2,
                (n, iters, warmup) -> Kernels.pingPong(MPI.COMM_WORLD, buf, n, iters, warmup));
        MPI.Finalize();
    }
}
