// np: 2
import mpi.*;

/** Pack an int count, doubles and chars into a byte[] (sized with Pack_size), send it as MPI.PACKED, Unpack in order. */
public class PackUnpackBytes {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int nd = 12, nc = 9;
        int size = MPI.COMM_WORLD.Pack_size(1, MPI.INT) + MPI.COMM_WORLD.Pack_size(nd, MPI.DOUBLE) + MPI.COMM_WORLD.Pack_size(nc, MPI.CHAR);
        byte[] buf = new byte[size];
        if (rank == 0) {
            int[] n = {nd};
            double[] d = new double[nd];
            char[] c = new char[nc];
            for (int k = 0; k < nd; k++) d[k] = Math.PI * k;
            for (int k = 0; k < nc; k++) c[k] = (char) ('z' - k);
            int pos = 0;
            pos = MPI.COMM_WORLD.Pack(n, 0, 1, MPI.INT, buf, pos);
            pos = MPI.COMM_WORLD.Pack(d, 0, nd, MPI.DOUBLE, buf, pos);
            pos = MPI.COMM_WORLD.Pack(c, 0, nc, MPI.CHAR, buf, pos);
            if (pos > size) { System.out.println("packed " + pos + " bytes, Pack_size said " + size); System.exit(1); }
            int[] len = {pos};
            MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, 1, 0);
            MPI.COMM_WORLD.Send(buf, 0, pos, MPI.PACKED, 1, 1);
        } else if (rank == 1) {
            int[] len = new int[1];
            MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, 0, 0);
            MPI.COMM_WORLD.Recv(buf, 0, len[0], MPI.PACKED, 0, 1);
            int[] n = new int[1];
            int pos = 0;
            pos = MPI.COMM_WORLD.Unpack(buf, pos, n, 0, 1, MPI.INT);
            double[] d = new double[n[0]];
            pos = MPI.COMM_WORLD.Unpack(buf, pos, d, 0, n[0], MPI.DOUBLE);
            char[] c = new char[nc];
            pos = MPI.COMM_WORLD.Unpack(buf, pos, c, 0, nc, MPI.CHAR);
            if (n[0] != nd || pos != len[0]) { System.out.println("n " + n[0] + " pos " + pos + " len " + len[0]); System.exit(1); }
            for (int k = 0; k < nd; k++) if (d[k] != Math.PI * k) { System.out.println("d[" + k + "] " + d[k]); System.exit(1); }
            for (int k = 0; k < nc; k++) if (c[k] != (char) ('z' - k)) { System.out.println("c[" + k + "] " + c[k]); System.exit(1); }
            System.out.println("PASS PackUnpackBytes");
        }
        MPI.Finalize();
    }
}
