import com.sun.management.ThreadMXBean;

import java.lang.management.ManagementFactory;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * The window-of-64 bandwidth loop of {@code bin/jmpibench bw} cut into blocks, for looking at its phases
 * instead of one rate: rank 0 posts 64 Isends and waits for them, rank 1 posts 64 Irecvs and waits for them,
 * then a 1-byte acknowledgement; each block is {@code -Dper=500} such windows. Per block and rank it prints
 * the whole time per message, the part spent posting (Isend or Irecv calls), the part spent in Waitall, and
 * the bytes the rank's thread allocated per message. Blocks whose time per message is above
 * {@code -Dslow=80} ns are counted as slow at the end.
 *
 * <p>Properties: {@code -Dn=8} message bytes, {@code -Dblocks=100}, {@code -Dper=500}, {@code -Dskip=30} blocks
 * left out of the summary (JIT warm-up), {@code -Dslow=80}, {@code -Dall=true} prints every block.
 * Run with bench/experiments/window-trace.sh. An experiment, not a part of jmpi.
 */
public final class WindowTrace {
    private static final int WINDOW = 64;

    private WindowTrace() {
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Intracomm world = MPI.COMM_WORLD;
        int rank = world.Rank();
        int n = Integer.getInteger("n", 8);
        int blocks = Integer.getInteger("blocks", 100);
        int per = Integer.getInteger("per", 500);
        int skip = Math.min(Integer.getInteger("skip", 30), blocks - 1);
        double slow = Integer.getInteger("slow", 80);
        boolean all = Boolean.getBoolean("all");
        ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] send = new byte[n];
        byte[] recv = new byte[n];
        byte[] ack = new byte[1];
        Request[] reqs = new Request[WINDOW];
        int peer = 1 - rank;
        double[] total = new double[blocks];
        double[] post = new double[blocks];
        double[] waited = new double[blocks];
        double[] alloc = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            long allocated = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            long posting = 0;
            long waiting = 0;
            for (int i = 0; i < per; i++) {
                long a = System.nanoTime();
                post(world, rank, reqs, send, recv, n, peer);
                long m = System.nanoTime();
                Request.Waitall(reqs);
                waiting += System.nanoTime() - m;
                posting += m - a;
                if (rank == 0) {
                    world.Recv(ack, 0, 1, MPI.BYTE, peer, 2);
                } else {
                    world.Send(ack, 0, 1, MPI.BYTE, peer, 2);
                }
            }
            double messages = (double) per * WINDOW;
            total[b] = (System.nanoTime() - start) / messages;
            post[b] = posting / messages;
            waited[b] = waiting / messages;
            alloc[b] = (threads.getCurrentThreadAllocatedBytes() - allocated) / messages;
        }
        StringBuilder out = new StringBuilder();
        int slowBlocks = 0;
        double[] sorted = new double[blocks - skip];
        for (int b = skip; b < blocks; b++) {
            sorted[b - skip] = total[b];
            slowBlocks += total[b] > slow ? 1 : 0;
            if (all) {
                out.append(String.format("rank %d block %3d: %6.1f ns/msg, posting %5.1f, in Waitall %5.1f, %5.1f B/msg"
                        + " allocated%n", rank, b, total[b], post[b], waited[b], alloc[b]));
            }
        }
        java.util.Arrays.sort(sorted);
        int best = argOf(total, skip, sorted[0]);
        int median = argOf(total, skip, sorted[sorted.length / 2]);
        out.append(String.format("rank %d, %d B, blocks %d..%d of %d windows: best %.1f ns/msg (posting %.1f, in Waitall"
                        + " %.1f), median %.1f (posting %.1f, in Waitall %.1f), %.1f B/msg allocated, slow (> %.0f ns)"
                        + " %d of %d%n", rank, n, skip, blocks - 1, per, total[best], post[best], waited[best],
                total[median], post[median], waited[median], alloc[median], slow, slowBlocks, blocks - skip));
        for (int r = 0; r < 2; r++) { // rank 0's lines, then rank 1's
            world.Barrier();
            if (r == rank) {
                System.out.print(out);
                System.out.flush();
            }
        }
        MPI.Finalize();
    }

    /** Kept out of main so that the JIT compiles it as a method, not as main's on-stack replacement. */
    private static void post(Intracomm c, int rank, Request[] reqs, byte[] send, byte[] recv, int n, int peer) {
        if (rank == 1) {
            for (int w = 0; w < reqs.length; w++) {
                reqs[w] = c.Irecv(recv, 0, n, MPI.BYTE, peer, 1);
            }
        } else {
            for (int w = 0; w < reqs.length; w++) {
                reqs[w] = c.Isend(send, 0, n, MPI.BYTE, peer, 1);
            }
        }
    }

    private static int argOf(double[] values, int from, double value) {
        for (int i = from; i < values.length; i++) {
            if (values[i] == value) {
                return i;
            }
        }
        return from;
    }
}
