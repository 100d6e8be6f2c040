// np: 2 4
import mpi.*;
import java.nio.*;

/** A 64k-element iAllReduce runs while each rank computes a checksum in chunks, polling test() between chunks (bounded); blocking point-to-point traffic on another communicator meanwhile. */
public class NbcOverlap {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcOverlap: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Intracomm side = c.dup();
        int n = 1 << 16;
        IntBuffer in = MPI.newIntBuffer(n), out = MPI.newIntBuffer(n);
        for (int i = 0; i < n; i++) in.put(i, i % 1000 + rank);
        Request r = c.iAllReduce(in, out, n, MPI.INT, MPI.SUM);
        long checksum = 0;
        boolean done = false;
        int chunks = 0;
        for (; chunks < 500 && (!done || chunks < 3); chunks++) {      // the side traffic needs every rank for 3 chunks
            for (int i = 0; i < 5000; i++) checksum += (long) i * chunks % 13;
            int right = (rank + 1) % size, left = (rank + size - 1) % size;
            int[] token = new int[1];
            if (chunks < 3) side.sendRecv(new int[] {chunks}, 1, MPI.INT, right, chunks, token, 1, MPI.INT, left, chunks);
            if (chunks < 3) check(token[0] == chunks, "side traffic " + token[0]);
            if (!done) done = r.test();
        }
        if (!done) r.waitFor();
        check(checksum >= 0, "checksum");
        int tri = size * (size - 1) / 2;
        for (int i = 0; i < n; i += 101) check(out.get(i) == size * (i % 1000) + tri, "iAllReduce [" + i + "] = " + out.get(i));
        side.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS NbcOverlap");
        MPI.Finalize();
    }
}
