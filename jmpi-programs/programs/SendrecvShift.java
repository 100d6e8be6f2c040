// np: 2 3 4 5
import mpi.*;

/** Sendrecv shifting blocks k places around the ring for every k; different send and receive types. */
public class SendrecvShift {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 50;
        for (int shift = 0; shift < size; shift++) {
            int dest = (rank + shift) % size, src = (rank - shift + size) % size;
            short[] out = new short[n];
            short[] in = new short[n + 2];
            for (int k = 0; k < n; k++) out[k] = (short) (rank * 100 + shift * 10 + k);
            Status st = MPI.COMM_WORLD.Sendrecv(out, 0, n, MPI.SHORT, dest, shift, in, 2, n, MPI.SHORT, src, shift);
            if (st.source != src || st.tag != shift || st.Get_count(MPI.SHORT) != n) {
                System.out.println("status " + st.source + " " + st.tag + " " + st.Get_count(MPI.SHORT)); System.exit(1);
            }
            for (int k = 0; k < n; k++) if (in[k + 2] != (short) (src * 100 + shift * 10 + k)) {
                System.out.println("shift " + shift + " [" + k + "] " + in[k + 2]); System.exit(1);
            }
            if (in[0] != 0 || in[1] != 0) { System.out.println("wrote before offset"); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS SendrecvShift");
        MPI.Finalize();
    }
}
