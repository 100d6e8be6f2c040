// np: 2
import mpi.*;

/** Vector and Indexed types over byte, short, char, boolean, float and long arrays, each checked against its layout. */
public class DerivedSmallTypes {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype[] base = {MPI.BYTE, MPI.SHORT, MPI.CHAR, MPI.BOOLEAN, MPI.FLOAT, MPI.LONG};
        int len = 40;
        int[] blens = {3, 1, 2}, disps = {1, 7, 10};
        int[] vecIdx = new int[12], indIdx = new int[6];
        for (int b = 0, i = 0; b < 4; b++) for (int j = 0; j < 3; j++) vecIdx[i++] = b * 5 + j;   // Vector(4, 3, 5)
        for (int b = 0, i = 0; b < 3; b++) for (int j = 0; j < blens[b]; j++) indIdx[i++] = disps[b] + j;
        for (int t = 0; t < base.length; t++) {
            Datatype vec = Datatype.Vector(4, 3, 5, base[t]), ind = Datatype.Indexed(blens, disps, base[t]);
            vec.Commit(); ind.Commit();
            Object src = make(t, len, true);
            if (rank == 0) {
                MPI.COMM_WORLD.Send(src, 2, 1, vec, 1, 2 * t);
                MPI.COMM_WORLD.Send(src, 0, 2, ind, 1, 2 * t + 1);
            } else if (rank == 1) {
                Object a = make(t, 12, false), b = make(t, 12, false);
                MPI.COMM_WORLD.Recv(a, 0, 12, base[t], 0, 2 * t);
                MPI.COMM_WORLD.Recv(b, 0, 12, base[t], 0, 2 * t + 1);
                int extent = ind.Extent();
                for (int i = 0; i < 12; i++) {
                    if (!java.lang.reflect.Array.get(a, i).equals(java.lang.reflect.Array.get(src, 2 + vecIdx[i]))) { System.out.println(base[t] + " vector [" + i + "] " + java.lang.reflect.Array.get(a, i)); System.exit(1); }
                    int e = i / 6, j = i % 6;
                    if (!java.lang.reflect.Array.get(b, i).equals(java.lang.reflect.Array.get(src, e * extent + indIdx[j]))) { System.out.println(base[t] + " indexed [" + i + "] " + java.lang.reflect.Array.get(b, i)); System.exit(1); }
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS DerivedSmallTypes");
        MPI.Finalize();
    }
    static Object make(int t, int n, boolean fill) {
        Object a = switch (t) { case 0 -> new byte[n]; case 1 -> new short[n]; case 2 -> new char[n]; case 3 -> new boolean[n]; case 4 -> new float[n]; default -> new long[n]; };
        if (fill) for (int k = 0; k < n; k++) {
            switch (t) {
                case 0 -> ((byte[]) a)[k] = (byte) (k * 7 - 100);
                case 1 -> ((short[]) a)[k] = (short) (k * 1000 - 9999);
                case 2 -> ((char[]) a)[k] = (char) ('A' + k);
                case 3 -> ((boolean[]) a)[k] = k % 3 == 1;
                case 4 -> ((float[]) a)[k] = k * 0.75f;
                default -> ((long[]) a)[k] = k * 1234567890123L;
            }
        }
        return a;
    }
}
