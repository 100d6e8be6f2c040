import mpi.MPI;

/**
 * An experiment, not a part of jmpi: a 2-rank Bcast of --bytes (default 80000) against the same data movement
 * written by hand (rank 0 sends the second half to rank 1, then the two exchange halves with Sendrecv, as the
 * scatter_allgather bcast does), and each half of that alone; 6 rounds of --iters calls each (default 2000), us per
 * call, rank 0 prints. Run by bench/experiments/bcast-handrolled.sh. Written for the shm transport, where the
 * Bcast's rendezvous sends took about 100 us each (jmpiprof) while the hand-rolled pattern settles at ~12 us.
 */
public class BcastHandRolled {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int n = 80000;
        int iters = 2000;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--bytes" -> n = Integer.parseInt(args[i + 1]);
                case "--iters" -> iters = Integer.parseInt(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        int me = MPI.COMM_WORLD.Rank();
        int other = 1 - me;
        int h = n / 2;
        byte[] buf = new byte[n];
        int mine = me == 0 ? 0 : h;
        int theirs = me == 0 ? h : 0;
        if (me == 0) {
            System.out.println("# BcastHandRolled: " + n + " bytes, 2 ranks, " + iters + " calls per column and round, us per call");
            System.out.printf("%-6s %14s %12s %14s %10s%n", "round", "scatter+swap", "scatter", "swap", "Bcast");
        }
        for (int round = 1; round <= 6; round++) {
            long t = System.nanoTime();
            for (int w = 0; w < iters; w++) {
                scatter(buf, h, me);
                MPI.COMM_WORLD.Sendrecv(buf, mine, h, MPI.BYTE, other, 8, buf, theirs, h, MPI.BYTE, other, 8);
            }
            double both = (System.nanoTime() - t) / 1e3 / iters;
            t = System.nanoTime();
            for (int w = 0; w < iters; w++) {
                scatter(buf, h, me);
            }
            double scatter = (System.nanoTime() - t) / 1e3 / iters;
            t = System.nanoTime();
            for (int w = 0; w < iters; w++) {
                MPI.COMM_WORLD.Sendrecv(buf, mine, h, MPI.BYTE, other, 8, buf, theirs, h, MPI.BYTE, other, 8);
            }
            double swap = (System.nanoTime() - t) / 1e3 / iters;
            t = System.nanoTime();
            for (int w = 0; w < iters; w++) {
                MPI.COMM_WORLD.Bcast(buf, 0, n, MPI.BYTE, 0);
            }
            double bcast = (System.nanoTime() - t) / 1e3 / iters;
            if (me == 0) {
                System.out.printf("%-6d %14.2f %12.2f %14.2f %10.2f%n", round, both, scatter, swap, bcast);
            }
        }
        MPI.Finalize();
    }

    private static void scatter(byte[] buf, int h, int me) {
        if (me == 0) {
            MPI.COMM_WORLD.Send(buf, h, h, MPI.BYTE, 1, 7);
        } else {
            MPI.COMM_WORLD.Recv(buf, h, h, MPI.BYTE, 0, 7);
        }
    }
}
