package jmpi.bench;

import mpi.MPI;

/**
 * OSU-shaped bidirectional bandwidth: per iteration ranks 0 and 1 both post a window of Irecvs and of
 * Isends to each other and wait for all of them; the bandwidth counts the bytes moved in both directions,
 * in MB/s (10^6 bytes per second). Rank 0 prints.
 */
public final class BiBandwidth {
    private BiBandwidth() {
    }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("bibw", args, 1000, 100);
        Bandwidth.run("bibw", o, true);
        MPI.Finalize();
    }
}
