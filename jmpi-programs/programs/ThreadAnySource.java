// np: 3 4
import mpi.*;

/** THREAD_MULTIPLE: on rank 0 one receiver thread per tag takes ANY_SOURCE messages while the main thread also sends. */
public class ThreadAnySource {
    public static void main(String[] args) throws Exception {
        MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int tags = 3, per = 10;
        if (rank == 0) {
            int[][] sums = new int[tags][1];
            Thread[] ts = new Thread[tags];
            for (int t = 0; t < tags; t++) {
                final int tag = t;
                ts[t] = new Thread(() -> {
                    for (int i = 0; i < per * (size - 1); i++) {
                        int[] v = new int[1];
                        Status st = MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, tag);
                        if (st.tag != tag || v[0] / 1000 != st.source) sums[tag][0] = Integer.MIN_VALUE;
                        else sums[tag][0] += v[0] % 1000;
                    }
                });
                ts[t].start();
            }
            for (int d = 1; d < size; d++) MPI.COMM_WORLD.Send(new int[]{d}, 0, 1, MPI.INT, d, 100);
            for (Thread t : ts) t.join();
            int want = (size - 1) * (per * (per - 1) / 2);
            for (int t = 0; t < tags; t++) if (sums[t][0] != want + (size - 1) * per * t) { System.out.println("tag " + t + " sum " + sums[t][0]); System.exit(1); }
            System.out.println("PASS ThreadAnySource");
        } else {
            int[] go = new int[1];
            MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, 0, 100);
            for (int i = 0; i < per; i++) for (int t = 0; t < tags; t++) MPI.COMM_WORLD.Send(new int[]{rank * 1000 + i + t}, 0, 1, MPI.INT, 0, t);
        }
        MPI.Finalize();
    }
}
