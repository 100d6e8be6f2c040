// np: 3 4
import mpi.*;

/** THREAD_MULTIPLE: one thread per peer rank runs a Sendrecv conversation of 30 rounds with that peer, all at the same time. */
public class ThreadPerPeer {
    public static void main(String[] args) throws Exception {
        MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int rounds = 30;
        int[] bad = {0};
        Thread[] ts = new Thread[size];
        for (int p = 0; p < size; p++) {
            if (p == rank) continue;
            final int peer = p;
            ts[p] = new Thread(() -> {
                int[] out = new int[8], in = new int[8];
                for (int r = 0; r < rounds; r++) {
                    for (int k = 0; k < 8; k++) out[k] = rank * 100000 + peer * 1000 + r * 10 + k;
                    MPI.COMM_WORLD.Sendrecv(out, 0, 8, MPI.INT, peer, r, in, 0, 8, MPI.INT, peer, r);
                    for (int k = 0; k < 8; k++) if (in[k] != peer * 100000 + rank * 1000 + r * 10 + k) synchronized (bad) { bad[0]++; }
                }
            });
            ts[p].start();
        }
        for (Thread t : ts) if (t != null) t.join();
        if (bad[0] != 0) { System.out.println("rank " + rank + ": " + bad[0] + " wrong values"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ThreadPerPeer");
        MPI.Finalize();
    }
}
