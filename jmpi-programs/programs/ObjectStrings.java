// np: 2 3
import mpi.*;

/** String[] buffers as MPI.OBJECT with offsets, including empty, null and non-ASCII strings; also String[][]. */
public class ObjectStrings {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        String[] words = {"", null, "héllo", "wörld", "日本語", "x".repeat(10000), "tab\tnewline\n"};
        if (rank == 0) {
            for (int d = 1; d < size; d++) {
                MPI.COMM_WORLD.Send(words, 1, words.length - 1, MPI.OBJECT, d, 0);
                String[][] grid = {{"a", "b"}, {"c"}, {}};
                Object[] g = {grid};
                MPI.COMM_WORLD.Send(g, 0, 1, MPI.OBJECT, d, 1);
            }
        } else {
            String[] got = new String[words.length + 1];
            got[0] = "keep";
            Status st = MPI.COMM_WORLD.Recv(got, 1, words.length - 1, MPI.OBJECT, 0, 0);
            if (st.Get_count(MPI.OBJECT) != words.length - 1 || !"keep".equals(got[0])) { System.out.println("count " + st.Get_count(MPI.OBJECT)); System.exit(1); }
            for (int k = 1; k < words.length; k++) if (!java.util.Objects.equals(words[k], got[k])) { System.out.println("[" + k + "] " + got[k]); System.exit(1); }
            Object[] g = new Object[1];
            MPI.COMM_WORLD.Recv(g, 0, 1, MPI.OBJECT, 0, 1);
            String[][] grid = (String[][]) g[0];
            if (grid.length != 3 || !grid[0][1].equals("b") || !grid[1][0].equals("c") || grid[2].length != 0) { System.out.println("grid"); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ObjectStrings");
        MPI.Finalize();
    }
}
