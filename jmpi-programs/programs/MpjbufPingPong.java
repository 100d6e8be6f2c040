// np: 2
import mpi.*;
import mpjbuf.*;

/** Two ranks bounce a packed message ten times, each time unpacking, incrementing and repacking into a reused Buffer. */
public class MpjbufPingPong {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), other = 1 - rank;
        int n = 16, cap = 2048;
        mpjbuf.Buffer out = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.SEND_OVERHEAD), MPI.SEND_OVERHEAD, cap + MPI.SEND_OVERHEAD);
        mpjbuf.Buffer in = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.RECV_OVERHEAD), MPI.RECV_OVERHEAD, cap + MPI.RECV_OVERHEAD);
        int[] v = new int[n];
        int[] len = new int[1];
        for (int round = 0; round < 10; round++) {
            boolean mine = (round % 2) == rank;
            if (mine) {
                if (round == 0) for (int k = 0; k < n; k++) v[k] = k;
                out.clear();
                len[0] = MPI.COMM_WORLD.Pack(v, 0, n, MPI.INT, out, 0);
                MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, other, round);
                MPI.COMM_WORLD.Send(out, 0, len[0], MPI.PACKED, other, round);
            } else {
                MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, other, round);
                MPI.COMM_WORLD.Recv(in, 0, len[0], MPI.PACKED, other, round);
                MPI.COMM_WORLD.Unpack(in, 0, v, 0, n, MPI.INT);
                for (int k = 0; k < n; k++) if (v[k] != k + round) { System.out.println("round " + round + " [" + k + "] " + v[k]); System.exit(1); }
                for (int k = 0; k < n; k++) v[k]++;
            }
        }
        BufferFactory.destroy(out.getStaticBuffer());
        BufferFactory.destroy(in.getStaticBuffer());
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS MpjbufPingPong");
        MPI.Finalize();
    }
}
