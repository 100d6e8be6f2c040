// np: 2 3
import mpi.*;
import mpjbuf.*;

/** Packed mpjbuf.Buffers sent with Isend/Irecv and MPI.PACKED around a ring, each carrying the sender's rank and a payload. */
public class MpjbufNonBlocking {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 64, cap = 4096;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        mpjbuf.Buffer out = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.SEND_OVERHEAD), MPI.SEND_OVERHEAD, cap + MPI.SEND_OVERHEAD);
        mpjbuf.Buffer in = new mpjbuf.Buffer(BufferFactory.create(cap + MPI.RECV_OVERHEAD), MPI.RECV_OVERHEAD, cap + MPI.RECV_OVERHEAD);
        int[] hdr = {rank, n};
        double[] payload = new double[n];
        for (int k = 0; k < n; k++) payload[k] = rank + k / 64.0;
        int pos = MPI.COMM_WORLD.Pack(hdr, 0, 2, MPI.INT, out, 0);
        pos = MPI.COMM_WORLD.Pack(payload, 0, n, MPI.DOUBLE, out, pos);
        int[] len = {pos}, theirs = new int[1];
        MPI.COMM_WORLD.Sendrecv(len, 0, 1, MPI.INT, right, 0, theirs, 0, 1, MPI.INT, left, 0);
        Request r = MPI.COMM_WORLD.Irecv(in, 0, theirs[0], MPI.PACKED, left, 1);
        Request s = MPI.COMM_WORLD.Isend(out, 0, pos, MPI.PACKED, right, 1);
        r.Wait();
        s.Wait();
        int[] h = new int[2];
        int p = MPI.COMM_WORLD.Unpack(in, 0, h, 0, 2, MPI.INT);
        double[] d = new double[h[1]];
        MPI.COMM_WORLD.Unpack(in, p, d, 0, h[1], MPI.DOUBLE);
        if (h[0] != left || h[1] != n) { System.out.println("header " + h[0] + " " + h[1]); System.exit(1); }
        for (int k = 0; k < n; k++) if (d[k] != left + k / 64.0) { System.out.println("[" + k + "] " + d[k]); System.exit(1); }
        BufferFactory.destroy(out.getStaticBuffer());
        BufferFactory.destroy(in.getStaticBuffer());
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS MpjbufNonBlocking");
        MPI.Finalize();
    }
}
