// np: 2 3 4
import mpi.*;

/** The root packs a header and a payload, broadcasts the bytes as MPI.PACKED, every rank unpacks them. */
public class PackBcast {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int cap = MPI.COMM_WORLD.Pack_size(2, MPI.INT) + MPI.COMM_WORLD.Pack_size(100, MPI.LONG) + MPI.COMM_WORLD.Pack_size(100, MPI.BOOLEAN);
        byte[] buf = new byte[cap];
        int[] used = new int[1];
        if (rank == 0) {
            int[] hdr = {100, 31};
            long[] v = new long[100];
            boolean[] z = new boolean[100];
            for (int k = 0; k < 100; k++) { v[k] = (long) k * hdr[1] - 7; z[k] = (k * hdr[1]) % 4 == 1; }
            int pos = MPI.COMM_WORLD.Pack(hdr, 0, 2, MPI.INT, buf, 0);
            pos = MPI.COMM_WORLD.Pack(v, 0, 100, MPI.LONG, buf, pos);
            pos = MPI.COMM_WORLD.Pack(z, 0, 100, MPI.BOOLEAN, buf, pos);
            used[0] = pos;
        }
        MPI.COMM_WORLD.Bcast(used, 0, 1, MPI.INT, 0);
        MPI.COMM_WORLD.Bcast(buf, 0, used[0], MPI.PACKED, 0);
        int[] hdr = new int[2];
        int pos = MPI.COMM_WORLD.Unpack(buf, 0, hdr, 0, 2, MPI.INT);
        long[] v = new long[hdr[0]];
        boolean[] z = new boolean[hdr[0]];
        pos = MPI.COMM_WORLD.Unpack(buf, pos, v, 0, hdr[0], MPI.LONG);
        pos = MPI.COMM_WORLD.Unpack(buf, pos, z, 0, hdr[0], MPI.BOOLEAN);
        if (hdr[0] != 100 || hdr[1] != 31) { System.out.println("header " + hdr[0] + " " + hdr[1]); System.exit(1); }
        for (int k = 0; k < 100; k++)
            if (v[k] != (long) k * 31 - 7 || z[k] != ((k * 31) % 4 == 1)) { System.out.println("rank " + rank + " [" + k + "] " + v[k] + " " + z[k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS PackBcast");
        MPI.Finalize();
    }
}
