// np: 2 3
import mpi.*;

/** THREAD_SERIALIZED: several threads take turns (a shared lock) to send numbered messages; rank 0 receives them in order. */
public class ThreadSerialized {
    public static void main(String[] args) throws Exception {
        int provided = MPI.Init_thread(args, MPI.THREAD_SERIALIZED);
        if (provided < MPI.THREAD_SERIALIZED) { System.out.println("provided " + provided); System.exit(1); }
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int threads = 3, per = 20;
        if (rank != 0) {
            Object lock = new Object();
            int[] counter = {0};
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                ts[t] = new Thread(() -> {
                    for (int i = 0; i < per; i++) {
                        synchronized (lock) {
                            int[] v = {counter[0]++};
                            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, 0);
                        }
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) t.join();
        } else {
            int[] next = new int[size];
            for (int i = 0; i < threads * per * (size - 1); i++) {
                int[] v = new int[1];
                Status st = MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
                if (v[0] != next[st.source]++) { System.out.println("from " + st.source + " got " + v[0]); System.exit(1); }
            }
            System.out.println("PASS ThreadSerialized");
        }
        MPI.Finalize();
    }
}
