// np: 2
import mpi.*;
import mpjdev.*;
import mpjbuf.*;

/** MPJ Express style: Pack into an mpjbuf.Buffer made with BufferFactory.create, send it with MPI.PACKED, Unpack from a Buffer. */
public class MpjbufPackSend {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int cap = 4096;
        int n = 25;
        if (rank == 0) {
            mpjbuf.Buffer buffer = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.SEND_OVERHEAD), MPI.SEND_OVERHEAD, cap + MPI.SEND_OVERHEAD);
            int[] count = {n};
            double[] d = new double[n];
            for (int k = 0; k < n; k++) d[k] = 1.0 / (k + 1);
            short[] s = {-1, 0, 1, 32767};
            int pos = 0;
            pos = MPI.COMM_WORLD.Pack(count, 0, 1, MPI.INT, buffer, pos);
            pos = MPI.COMM_WORLD.Pack(d, 0, n, MPI.DOUBLE, buffer, pos);
            pos = MPI.COMM_WORLD.Pack(s, 0, 4, MPI.SHORT, buffer, pos);
            int[] len = {pos};
            MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, 1, 1);
            MPI.COMM_WORLD.Send(buffer, 0, pos, MPI.PACKED, 1, 2);
            BufferFactory.destroy(buffer.getStaticBuffer());
        } else if (rank == 1) {
            mpjbuf.Buffer buffer = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.RECV_OVERHEAD), MPI.RECV_OVERHEAD, cap + MPI.RECV_OVERHEAD);
            int[] len = new int[1];
            MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, 0, 1);
            MPI.COMM_WORLD.Recv(buffer, 0, len[0], MPI.PACKED, 0, 2);
            int[] count = new int[1];
            int pos = 0;
            pos = MPI.COMM_WORLD.Unpack(buffer, pos, count, 0, 1, MPI.INT);
            double[] d = new double[count[0]];
            pos = MPI.COMM_WORLD.Unpack(buffer, pos, d, 0, count[0], MPI.DOUBLE);
            short[] s = new short[4];
            pos = MPI.COMM_WORLD.Unpack(buffer, pos, s, 0, 4, MPI.SHORT);
            if (count[0] != n) { System.out.println("count " + count[0]); System.exit(1); }
            for (int k = 0; k < n; k++) if (d[k] != 1.0 / (k + 1)) { System.out.println("d[" + k + "] " + d[k]); System.exit(1); }
            if (s[0] != -1 || s[1] != 0 || s[2] != 1 || s[3] != 32767) { System.out.println("shorts " + java.util.Arrays.toString(s)); System.exit(1); }
            BufferFactory.destroy(buffer.getStaticBuffer());
            System.out.println("PASS MpjbufPackSend");
        }
        MPI.Finalize();
    }
}
