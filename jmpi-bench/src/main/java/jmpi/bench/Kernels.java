package jmpi.bench;

import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;

/**
 * The timed loops shared by the drivers, between ranks 0 and 1 of a communicator (other ranks only join
 * the barriers). Each returns the measured value on rank 0 and NaN elsewhere; warm-up iterations run
 * first and are not timed; a barrier separates every size. Byte buffers ({@link MPI#BYTE}), allocated by
 * the caller once at the largest size and reused (they stay in cache as far as their size allows).
 *
 * <ul>
 *   <li>{@link #pingPong}: one-way time, half the average round trip (OSU latency, Parkbench comms1);</li>
 *   <li>{@link #exchange}: Parkbench comms2: each iteration is two simultaneous exchanges (both ranks
 *       send and receive at once with Sendrecv); a quarter of the iteration's time, which is half of
 *       one exchange, is the time of one message (the CLEI 1999 mpiJava paper, section 2);</li>
 *   <li>{@link #window}: streaming rate, a window of non-blocking sends answered by a 1-byte
 *       acknowledgement (OSU bw), or the same in both directions at once (OSU bibw).</li>
 * </ul>
 */
public final class Kernels {
    private static final int TAG_DATA = 1;
    private static final int TAG_ACK = 2;

    private Kernels() {
    }

    /** Half the average round trip of {@code bytes} between ranks 0 and 1, microseconds (rank 0). */
    public static double pingPong(Intracomm comm, byte[] buf, int bytes, int iters, int warmup) {
        int rank = comm.Rank();
        comm.Barrier();
        double micros = Double.NaN;
        if (rank == 0) {
            double start = 0;
            for (int i = 0; i < warmup + iters; i++) {
                if (i == warmup) {
                    start = MPI.Wtime();
                }
                comm.Send(buf, 0, bytes, MPI.BYTE, 1, TAG_DATA);
                comm.Recv(buf, 0, bytes, MPI.BYTE, 1, TAG_DATA);
            }
            micros = (MPI.Wtime() - start) * 1e6 / (2.0 * iters);
        } else if (rank == 1) {
            for (int i = 0; i < warmup + iters; i++) {
                comm.Recv(buf, 0, bytes, MPI.BYTE, 0, TAG_DATA);
                comm.Send(buf, 0, bytes, MPI.BYTE, 0, TAG_DATA);
            }
        }
        comm.Barrier();
        return micros;
    }

    /**
     * Parkbench comms2 between ranks 0 and 1: per iteration, two exchanges in which both ranks send and
     * receive {@code bytes} at once. Returns a quarter of the average iteration time, microseconds (rank 0).
     */
    public static double exchange(Intracomm comm, byte[] sendBuf, byte[] recvBuf, int bytes, int iters, int warmup) {
        int rank = comm.Rank();
        comm.Barrier();
        double micros = Double.NaN;
        if (rank < 2) {
            int peer = 1 - rank;
            double start = 0;
            for (int i = 0; i < warmup + iters; i++) {
                if (i == warmup) {
                    start = MPI.Wtime();
                }
                comm.Sendrecv(sendBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA, recvBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA);
                comm.Sendrecv(sendBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA, recvBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA);
            }
            micros = (MPI.Wtime() - start) * 1e6 / (4.0 * iters);
        }
        comm.Barrier();
        return rank == 0 ? micros : Double.NaN;
    }

    /**
     * Streaming rate in MB/s (10^6 bytes per second), rank 0. One-way: per iteration rank 0 posts
     * {@code window} Isends of {@code bytes}, rank 1 as many Irecvs, both wait for all, and rank 1 answers
     * with a 1-byte message. Two-way ({@code both}): each rank posts {@code window} Irecvs and
     * {@code window} Isends and waits for all; the rate counts both directions.
     */
    public static double window(Intracomm comm, byte[] sendBuf, byte[] recvBuf, int bytes, int iters, int warmup,
                                int window, boolean both) {
        int rank = comm.Rank();
        byte[] ack = new byte[1];
        Request[] sends = new Request[window];
        Request[] recvs = new Request[window];
        comm.Barrier();
        double mbps = Double.NaN;
        if (rank < 2) {
            int peer = 1 - rank;
            boolean sender = rank == 0 || both;
            boolean receiver = rank == 1 || both;
            double start = 0;
            for (int i = 0; i < warmup + iters; i++) {
                if (i == warmup) {
                    start = MPI.Wtime();
                }
                if (receiver) {
                    for (int w = 0; w < window; w++) {
                        recvs[w] = comm.Irecv(recvBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA);
                    }
                }
                if (sender) {
                    for (int w = 0; w < window; w++) {
                        sends[w] = comm.Isend(sendBuf, 0, bytes, MPI.BYTE, peer, TAG_DATA);
                    }
                    Request.Waitall(sends);
                }
                if (receiver) {
                    Request.Waitall(recvs);
                }
                if (!both) {
                    if (rank == 0) {
                        comm.Recv(ack, 0, 1, MPI.BYTE, peer, TAG_ACK);
                    } else {
                        comm.Send(ack, 0, 1, MPI.BYTE, peer, TAG_ACK);
                    }
                }
            }
            double seconds = MPI.Wtime() - start;
            double moved = (double) bytes * window * iters * (both ? 2 : 1);
            mbps = moved / seconds / 1e6;
        }
        comm.Barrier();
        return rank == 0 ? mbps : Double.NaN;
    }
}
