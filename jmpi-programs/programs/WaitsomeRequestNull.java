// np: 3 4
import mpi.*;

/** Waitsome with REQUEST_NULL entries until every real receive completed; each index reported once. */
public class WaitsomeRequestNull {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int per = 3;
        if (rank == 0) {
            int total = per * (size - 1);
            Request[] reqs = new Request[total + 2];
            double[][] bufs = new double[total][2];
            reqs[0] = MPI.REQUEST_NULL;
            reqs[total + 1] = MPI.REQUEST_NULL;
            for (int s = 1; s < size; s++)
                for (int m = 0; m < per; m++) {
                    int i = (s - 1) * per + m;
                    reqs[i + 1] = MPI.COMM_WORLD.Irecv(bufs[i], 0, 2, MPI.DOUBLE, s, m);
                }
            boolean[] done = new boolean[reqs.length];
            int completed = 0;
            while (completed < total) {
                Status[] some = Request.Waitsome(reqs);
                if (some == null || some.length == 0) { System.out.println("Waitsome returned nothing while requests are active"); System.exit(1); }
                for (Status st : some) {
                    int idx = st.index;
                    if (idx < 1 || idx > total || done[idx]) { System.out.println("bad index " + idx); System.exit(1); }
                    done[idx] = true;
                    completed++;
                    int i = idx - 1, s = i / per + 1, m = i % per;
                    if (st.source != s || st.tag != m || bufs[i][0] != s + m / 10.0 || bufs[i][1] != -s) {
                        System.out.println("message " + idx + ": " + st.source + "/" + st.tag + " " + bufs[i][0]); System.exit(1);
                    }
                }
            }
            System.out.println("PASS WaitsomeRequestNull");
        } else {
            for (int m = per - 1; m >= 0; m--) {
                double[] v = {rank + m / 10.0, -rank};
                MPI.COMM_WORLD.Send(v, 0, 2, MPI.DOUBLE, 0, m);
            }
        }
        MPI.Finalize();
    }
}
