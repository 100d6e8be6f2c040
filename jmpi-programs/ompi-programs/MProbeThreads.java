// np: 2
import mpi.*;

/** Two threads of rank 1 each mProbe/mRecv messages with ANY_SOURCE/ANY_TAG concurrently; matched probe hands every message to exactly one thread (needs THREAD_MULTIPLE, else one thread). */
public class MProbeThreads {
    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 40;
        int threads = provided == MPI.THREAD_MULTIPLE ? 2 : 1;
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                int[] data = new int[1 + i % 5];
                java.util.Arrays.fill(data, i);
                c.send(data, data.length, MPI.INT, 1, i);
            }
        } else if (rank == 1) {
            boolean[] got = new boolean[n];
            String[] err = new String[1];
            Thread[] ts = new Thread[threads];
            int[] counter = new int[1];
            for (int t = 0; t < threads; t++) {
                ts[t] = new Thread(() -> {
                    try {
                        for (int k = 0; k < n; k++) {
                            synchronized (counter) { if (counter[0] >= n) return; counter[0]++; }
                            Message m = new Message();
                            Status s = m.mProbe(0, MPI.ANY_TAG, c);
                            int len = s.getCount(MPI.INT);
                            int[] buf = new int[len];
                            m.mRecv(buf, len, MPI.INT);
                            int tag = s.getTag();
                            boolean ok = len == 1 + tag % 5;
                            for (int v : buf) ok &= v == tag;
                            synchronized (got) {
                                if (!ok || got[tag]) err[0] = "message " + tag + " wrong or twice (length " + len + ")";
                                got[tag] = true;
                            }
                        }
                    } catch (MPIException e) { synchronized (got) { err[0] = e.toString(); } }
                });
                ts[t].start();
            }
            for (Thread t : ts) t.join(10_000);
            for (Thread t : ts) if (t.isAlive()) { System.out.println("FAIL MProbeThreads: thread hangs"); System.exit(1); }
            if (err[0] != null) { System.out.println("FAIL MProbeThreads: " + err[0]); System.exit(1); }
            for (int i = 0; i < n; i++) if (!got[i]) { System.out.println("FAIL MProbeThreads: message " + i + " not received"); System.exit(1); }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS MProbeThreads");
        MPI.Finalize();
    }
}
