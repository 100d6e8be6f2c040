// np: 2 4
import mpi.*;

/** probe learns the size before allocating; iProbe returns null when nothing matches and a Status (source, tag, count) when a message waits. */
public class ProbeIProbe {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ProbeIProbe: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        check(c.iProbe(MPI.ANY_SOURCE, 777) == null, "iProbe of a tag nobody sends returned a Status");
        c.barrier();
        if (rank != 0) {
            int[] data = new int[rank * 5];
            for (int i = 0; i < data.length; i++) data[i] = rank + i;
            c.send(data, data.length, MPI.INT, 0, rank);
            c.send(new double[] {rank}, 1, MPI.DOUBLE, 0, 50 + rank);
        } else {
            for (int m = 1; m < size; m++) {
                Status s = c.probe(MPI.ANY_SOURCE, m);
                int n = s.getCount(MPI.INT);
                check(s.getSource() == m && s.getTag() == m && n == m * 5, "probe tag " + m + ": source " + s.getSource() + " count " + n);
                int[] data = new int[n];
                c.recv(data, n, MPI.INT, s.getSource(), s.getTag());
                for (int i = 0; i < n; i++) check(data[i] == m + i, "data from " + m);
            }
            for (int m = 1; m < size; m++) {
                Status s = null;
                for (int spin = 0; spin < 2_000_000 && s == null; spin++) s = c.iProbe(m, 50 + m);
                check(s != null, "iProbe never saw the message from " + m);
                check(s.getSource() == m && s.getTag() == 50 + m && s.getCount(MPI.DOUBLE) == 1, "iProbe status from " + m);
                Status again = c.iProbe(m, 50 + m);
                check(again != null, "iProbe consumed the message");
                double[] d = new double[1];
                c.recv(d, 1, MPI.DOUBLE, m, 50 + m);
                check(d[0] == m, "double from " + m);
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ProbeIProbe");
        MPI.Finalize();
    }
}
