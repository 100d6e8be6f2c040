// np: 2
import mpi.*;

/** Struct of derived blocks (a Contiguous and a Vector of the same base type) with an UB marker, sent 3 times and received flat. */
public class StructOfBlocks {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype three = Datatype.Contiguous(3, MPI.INT);       // ints 0..2 of its origin
        Datatype odd = Datatype.Vector(2, 1, 2, MPI.INT);       // ints 0 and 2 of its origin
        Datatype s = Datatype.Struct(new int[]{1, 1, 1}, new int[]{1, 6, 12}, new Datatype[]{three, odd, MPI.UB});
        s.Commit();
        // elements at 1,2,3 and 6,8; lb 1 (first data), ub 12 (marker)
        if (s.Size() != 5 || s.Lb() != 1 || s.Ub() != 12 || s.Extent() != 11) { System.out.println("size " + s.Size() + " lb " + s.Lb() + " ub " + s.Ub() + " extent " + s.Extent()); System.exit(1); }
        int[] src = new int[60];
        for (int k = 0; k < src.length; k++) src[k] = 3 * k + 1;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 2, 3, s, 1, 0);
        } else if (rank == 1) {
            int[] got = new int[15];
            MPI.COMM_WORLD.Recv(got, 0, 15, MPI.INT, 0, 0);
            int[] rel = {1, 2, 3, 6, 8};
            int i = 0;
            for (int e = 0; e < 3; e++) for (int d : rel) {
                int want = src[2 + e * 11 + d];
                if (got[i] != want) { System.out.println("[" + i + "] " + got[i] + " want " + want); System.exit(1); }
                i++;
            }
            System.out.println("PASS StructOfBlocks");
        }
        MPI.Finalize();
    }
}
