// np: 2
import mpi.*;

/** Probe a message of derived types: Get_count in the sender's type and Get_elements in base elements, then receive it contiguous. */
public class ProbeDerivedCount {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        Datatype strided = Datatype.Vector(3, 2, 4, MPI.INT); // 6 ints
        pair.Commit(); strided.Commit();
        int[] src = new int[40];
        for (int k = 0; k < src.length; k++) src[k] = k * 11;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 0, 4, pair, 1, 1);      // 8 ints
            MPI.COMM_WORLD.Send(src, 1, 2, strided, 1, 2);   // 12 ints
        } else if (rank == 1) {
            Status a = MPI.COMM_WORLD.Probe(0, 1);
            if (a.Get_count(pair) != 4 || a.Get_elements(pair) != 8 || a.Get_count(MPI.INT) != 8) { System.out.println("pair " + a.Get_count(pair) + " " + a.Get_elements(pair)); System.exit(1); }
            int[] ra = new int[a.Get_count(MPI.INT)];
            MPI.COMM_WORLD.Recv(ra, 0, ra.length, MPI.INT, 0, 1);
            for (int k = 0; k < 8; k++) if (ra[k] != src[k]) { System.out.println("a[" + k + "] " + ra[k]); System.exit(1); }
            Status b = MPI.COMM_WORLD.Probe(0, 2);
            if (b.Get_count(strided) != 2 || b.Get_elements(strided) != 12) { System.out.println("strided " + b.Get_count(strided) + " " + b.Get_elements(strided)); System.exit(1); }
            int[] rb = new int[12];
            MPI.COMM_WORLD.Recv(rb, 0, 12, MPI.INT, 0, 2);
            int i = 0, extent = strided.Extent();
            for (int e = 0; e < 2; e++) for (int blk = 0; blk < 3; blk++) for (int j = 0; j < 2; j++, i++)
                if (rb[i] != src[1 + e * extent + blk * 4 + j]) { System.out.println("b[" + i + "] " + rb[i]); System.exit(1); }
            System.out.println("PASS ProbeDerivedCount");
        }
        MPI.Finalize();
    }
}
