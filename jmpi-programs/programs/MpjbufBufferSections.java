// np: 2
import mpi.*;
import mpjdev.*;
import mpjbuf.*;

/** An mpjbuf.Buffer(int) filled with Pack calls of several types, sent with MPI.PACKED and unpacked into fresh arrays. */
public class MpjbufBufferSections {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = 40;
        mpjbuf.Buffer buffer = new mpjbuf.Buffer(8192);
        if (rank == 0) {
            long[] l = new long[n];
            float[] f = new float[n];
            byte[] b = new byte[n];
            for (int k = 0; k < n; k++) { l[k] = -k * 99991L; f[k] = k / 8f; b[k] = (byte) (k ^ 0x5a); }
            int pos = MPI.COMM_WORLD.Pack(l, 0, n, MPI.LONG, buffer, 0);
            pos = MPI.COMM_WORLD.Pack(f, 0, n, MPI.FLOAT, buffer, pos);
            pos = MPI.COMM_WORLD.Pack(b, 0, n, MPI.BYTE, buffer, pos);
            int[] len = {pos};
            MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, 1, 0);
            MPI.COMM_WORLD.Send(buffer, 0, pos, MPI.PACKED, 1, 0);
        } else if (rank == 1) {
            int[] len = new int[1];
            MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, 0, 0);
            MPI.COMM_WORLD.Recv(buffer, 0, len[0], MPI.PACKED, 0, 0);
            long[] l = new long[n];
            float[] f = new float[n];
            byte[] b = new byte[n];
            int pos = MPI.COMM_WORLD.Unpack(buffer, 0, l, 0, n, MPI.LONG);
            pos = MPI.COMM_WORLD.Unpack(buffer, pos, f, 0, n, MPI.FLOAT);
            pos = MPI.COMM_WORLD.Unpack(buffer, pos, b, 0, n, MPI.BYTE);
            for (int k = 0; k < n; k++)
                if (l[k] != -k * 99991L || f[k] != k / 8f || b[k] != (byte) (k ^ 0x5a)) { System.out.println("[" + k + "] " + l[k] + " " + f[k] + " " + b[k]); System.exit(1); }
            System.out.println("PASS MpjbufBufferSections");
        }
        MPI.Finalize();
    }
}
