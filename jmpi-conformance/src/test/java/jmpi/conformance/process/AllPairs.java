package jmpi.conformance.process;

import mpi.MPI;
import mpi.Status;

/**
 * A multi-host check: every rank exchanges messages of several sizes (0 B to 1 MiB) with every other
 * rank and checks every byte, then prints where it ran ({@code JMPI_HOST}, its pid). Also callable
 * between {@code MPI.Init} and {@code MPI.Finalize} by other programs ({@link #exchange}). Runs on the
 * thread that calls it; holds no state.
 */
public final class AllPairs {
    private AllPairs() {
    }

    public static void main(String[] args) {
        MPI.Init(args);
        exchange();
        MPI.COMM_WORLD.Barrier();
        System.out.println("rank " + MPI.COMM_WORLD.Rank() + " on " + System.getenv("JMPI_HOST") + " pid "
                + ProcessHandle.current().pid() + " ok");
        MPI.Finalize();
    }

    /** Sendrecv with every peer in turn, each size, every byte checked; an error names rank, peer and size. */
    public static void exchange() {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        int[] sizes = {0, 8, 1000, 100_000, 1 << 20};
        for (int n : sizes) {
            for (int peer = 0; peer < size; peer++) {
                if (peer == rank) {
                    continue;
                }
                byte[] out = new byte[n];
                for (int i = 0; i < n; i++) {
                    out[i] = (byte) (rank * 31 + peer * 7 + i);
                }
                byte[] in = new byte[n];
                Status st = MPI.COMM_WORLD.Sendrecv(out, 0, n, MPI.BYTE, peer, n % 1000, in, 0, n, MPI.BYTE, peer,
                        n % 1000);
                if (st.Get_count(MPI.BYTE) != n) {
                    throw new AssertionError("rank " + rank + " got " + st.Get_count(MPI.BYTE) + " of " + n + " bytes");
                }
                for (int i = 0; i < n; i++) {
                    if (in[i] != (byte) (peer * 31 + rank * 7 + i)) {
                        throw new AssertionError("rank " + rank + ": byte " + i + " of " + n + " from " + peer + " is wrong");
                    }
                }
            }
        }
    }
}
