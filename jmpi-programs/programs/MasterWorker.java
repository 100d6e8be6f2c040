// np: 2 3 4 5
import mpi.*;

/** Dynamic master/worker: rank 0 hands out tasks to whoever answers (ANY_SOURCE), a stop tag ends the workers; all results checked. */
public class MasterWorker {
    static final int WORK = 1, STOP = 2, RESULT = 3;
    static long task(int t) { long s = 0; for (int k = 1; k <= t % 50 + 1; k++) s += (long) k * t; return s; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int tasks = 100;
        if (rank == 0) {
            long[] results = new long[tasks];
            int next = 0, done = 0;
            for (int w = 1; w < size && next < tasks; w++) MPI.COMM_WORLD.Send(new int[]{next++}, 0, 1, MPI.INT, w, WORK);
            int busy = Math.min(size - 1, tasks);
            for (int w = busy + 1; w < size; w++) MPI.COMM_WORLD.Send(new int[]{-1}, 0, 1, MPI.INT, w, STOP);
            while (done < tasks) {
                long[] res = new long[2];
                Status st = MPI.COMM_WORLD.Recv(res, 0, 2, MPI.LONG, MPI.ANY_SOURCE, RESULT);
                results[(int) res[0]] = res[1];
                done++;
                if (next < tasks) MPI.COMM_WORLD.Send(new int[]{next++}, 0, 1, MPI.INT, st.source, WORK);
                else MPI.COMM_WORLD.Send(new int[]{-1}, 0, 1, MPI.INT, st.source, STOP);
            }
            for (int t = 0; t < tasks; t++) if (results[t] != task(t)) { System.out.println("task " + t + ": " + results[t]); System.exit(1); }
            if (size == 1) { System.out.println("needs workers"); System.exit(1); }
            System.out.println("PASS MasterWorker");
        } else {
            while (true) {
                int[] t = new int[1];
                Status st = MPI.COMM_WORLD.Recv(t, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
                if (st.tag == STOP) break;
                MPI.COMM_WORLD.Send(new long[]{t[0], task(t[0])}, 0, 2, MPI.LONG, 0, RESULT);
            }
        }
        MPI.Finalize();
    }
}
