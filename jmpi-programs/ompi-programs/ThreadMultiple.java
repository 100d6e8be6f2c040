// np: 2
import mpi.*;

/** With THREAD_MULTIPLE, two threads per rank exchange with their peer thread concurrently, told apart by tags. */
public class ThreadMultiple {
    public static void main(String[] args) throws Exception {
        int provided = MPI.InitThread(args, MPI.THREAD_MULTIPLE);
        int rank = MPI.COMM_WORLD.getRank();
        if (provided == MPI.THREAD_MULTIPLE) {
            int other = 1 - rank;
            String[] error = new String[1];
            Thread[] ts = new Thread[2];
            for (int t = 0; t < 2; t++) {
                final int tag = 10 + t;
                ts[t] = new Thread(() -> {
                    try {
                        for (int i = 0; i < 50; i++) {
                            int[] in = new int[1];
                            MPI.COMM_WORLD.sendRecv(new int[] {tag * 1000 + i}, 1, MPI.INT, other, tag, in, 1, MPI.INT, other, tag);
                            if (in[0] != tag * 1000 + i) { synchronized (error) { error[0] = "tag " + tag + " iteration " + i + ": got " + in[0]; } return; }
                        }
                    } catch (MPIException e) {
                        synchronized (error) { error[0] = e.toString(); }
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) t.join(30_000);
            for (Thread t : ts) if (t.isAlive()) { System.out.println("FAIL ThreadMultiple rank " + rank + ": thread still running"); System.exit(1); }
            if (error[0] != null) { System.out.println("FAIL ThreadMultiple rank " + rank + ": " + error[0]); System.exit(1); }
        } else if (rank == 0) {
            System.out.println("THREAD_MULTIPLE not provided (" + provided + "): nothing to check");
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) System.out.println("PASS ThreadMultiple");
        MPI.Finalize();
    }
}
