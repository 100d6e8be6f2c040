// np: 2
import mpi.*;

/** Datatype.Contiguous(5, MPI.LONG): 3 of them are 15 longs; Get_count counts types, Get_elements longs. */
public class ContiguousCount {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype five = Datatype.Contiguous(5, MPI.LONG);
        five.Commit();
        if (five.Size() != 5 || five.Extent() != 5) { System.out.println("size " + five.Size() + " extent " + five.Extent()); System.exit(1); }
        if (rank == 0) {
            long[] v = new long[20];
            for (int k = 0; k < 20; k++) v[k] = k * k * 1000003L;
            MPI.COMM_WORLD.Send(v, 2, 3, five, 1, 0);
        } else if (rank == 1) {
            long[] v = new long[20];
            Status st = MPI.COMM_WORLD.Recv(v, 0, 4, five, 0, 0);
            if (st.Get_count(five) != 3 || st.Get_elements(five) != 15 || st.Get_count(MPI.LONG) != 15) {
                System.out.println("count " + st.Get_count(five) + " elements " + st.Get_elements(five)); System.exit(1);
            }
            for (int k = 0; k < 20; k++) {
                long want = k < 15 ? (k + 2) * (long) (k + 2) * 1000003L : 0;
                if (v[k] != want) { System.out.println("[" + k + "] " + v[k]); System.exit(1); }
            }
            System.out.println("PASS ContiguousCount");
        }
        MPI.Finalize();
    }
}
