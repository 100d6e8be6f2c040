package jmpi.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.Intracomm;
import mpi.MPI;

/**
 * What the GridMPI paper plots across two clusters joined by a slow link, with the same output as
 * bench/c/grid.c (the C side under Open MPI or MPICH), so that bench/grid-figures.sh puts both in one
 * table:
 * <ul>
 *   <li>{@code pingpong}: rank 0 and rank {@code --peer R} (default p/2: the first rank of the second
 *       cluster when the hostfile lists the clusters in blocks) exchange {@code bytes} back and forth (one
 *       barrier of all ranks before the warm-up, the others then idle in the next size's);
 *       time = half the round trip; MB/s = bytes / time (its Fig. 3);</li>
 *   <li>{@code bcast} (root 0), {@code reduce} (root 0, doubles, SUM), {@code allreduce} (doubles, SUM),
 *       {@code alltoall} ({@code bytes} per pair): time = the slowest rank's average per call (a barrier, then
 *       the timed calls); MB/s = bytes x p / time (the paper's "bytes x processes / time"; Figs. 6 and 7),
 *       bytes x (p - 1) / time for alltoall (per process; Figs. 4 and 5).</li>
 * </ul>
 * Options: {@code --tests pingpong,bcast,reduce,allreduce,alltoall}, {@code --sizes 1K,4K,...} (bytes, K/M
 * suffixes; default 1K to 16M by 4), {@code --iters N} (default 100 up to 64 KiB, scaled down by 65536/size
 * above, at least 3), {@code --warmup N} (untimed calls per size up to 64 KiB, default 20; 2 above; the first
 * size of each test, if at most 64 KiB, gets {@code --jit N} instead, default 2000: C2 compiles the paths
 * before the table, which at a round trip of milliseconds takes seconds), {@code --peer R}. Results are checked
 * (bcast's last byte, one element of each reduction, alltoall's blocks); a wrong one ends the job. MB = 10^6 B.
 */
public final class Grid {
    private Grid() {
    }

    public static void main(String[] args) {
        String[] own = MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int p = w.Size();
        int me = w.Rank();
        List<String> tests = List.of("pingpong", "bcast", "reduce", "allreduce", "alltoall");
        List<Long> sizes = new ArrayList<>();
        for (long s = 1024; s <= 16L << 20; s *= 4) {
            sizes.add(s);
        }
        int iters = 100;
        int warmup = 20;
        int jitCalls = 2000;
        int peer = p / 2;
        for (int i = 0; i + 1 < own.length; i += 2) {
            String v = own[i + 1];
            switch (own[i]) {
                case "--tests" -> tests = List.of(v.split(","));
                case "--sizes" -> {
                    sizes = new ArrayList<>();
                    for (String s : v.split(",")) {
                        sizes.add(BenchOptions.parseBytes("--sizes", s));
                    }
                }
                case "--iters" -> iters = Integer.parseInt(v);
                case "--warmup" -> warmup = Integer.parseInt(v);
                case "--peer" -> peer = Integer.parseInt(v);
                case "--jit" -> jitCalls = Integer.parseInt(v);
                case "--transport", "--command" -> {
                    // bin/jmpibench's own, for the header
                }
                default -> throw new IllegalArgumentException("grid: unknown option " + own[i]);
            }
        }
        if (p < 2 || peer <= 0 || peer >= p) {
            throw new IllegalArgumentException("grid needs 2 ranks or more and a peer in [1, " + (p - 1) + "], not " + peer);
        }
        long largest = sizes.stream().mapToLong(Long::longValue).max().orElse(0);
        if (me == 0) {
            System.out.printf(Locale.ROOT, "# grid jmpi %s ranks=%d (java %s)%n", Report.VERSION, p, System.getProperty("java.version"));
        }
        for (String test : tests) {
            if (me == 0) {
                System.out.printf(Locale.ROOT, "# %-9s %10s %7s %12s %12s%n", "test", "bytes", "iters", "time_us", "MB/s");
            }
            byte[] a = test.equals("alltoall") ? new byte[(int) (largest * p)] : new byte[(int) largest];
            byte[] b = new byte[a.length];
            boolean first = true;
            for (long bytes : sizes) {
                int n = (int) bytes;
                int it = bytes <= 65536 ? iters : (int) Math.max(Math.min(3, iters), iters * 65536L / bytes);
                int w0 = bytes <= 65536 ? warmup : Math.max(1, Math.min(warmup, 2));
                // the JIT: the first size's calls once untimed, jitCalls times, so that the table measures compiled code
                int wu = first && bytes <= 65536 ? Math.max(w0, jitCalls) : w0;
                first = false;
                double us = switch (test) {
                    case "pingpong" -> pingpong(w, a, n, it, wu, peer);
                    case "bcast" -> bcast(w, a, n, it, wu);
                    case "reduce" -> reduce(w, false, n / 8, it, wu);
                    case "allreduce" -> reduce(w, true, n / 8, it, wu);
                    case "alltoall" -> alltoall(w, a, b, n, it, wu);
                    default -> throw new IllegalArgumentException("grid: unknown test " + test);
                };
                if (me == 0) {
                    double moved = test.equals("pingpong") ? bytes : test.equals("alltoall") ? (double) bytes * (p - 1) : (double) bytes * p;
                    System.out.printf(Locale.ROOT, "%-11s %10d %7d %12.1f %12.2f%n", test, bytes, it, us, moved / us);
                }
            }
        }
        MPI.Finalize();
    }

    /** Half the round trip, us: one barrier, the warm-up, then the timed exchanges back to back (as bench/c/grid.c). */
    private static double pingpong(Intracomm w, byte[] buf, int n, int iters, int warmup, int peer) {
        int me = w.Rank();
        double total = 0;
        for (int i = 0; i < warmup + iters; i++) {
            if (i == 0) {
                w.Barrier();
            }
            long t0 = System.nanoTime();
            if (me == 0) {
                buf[n - 1] = (byte) i;
                w.Send(buf, 0, n, MPI.BYTE, peer, 1);
                w.Recv(buf, 0, n, MPI.BYTE, peer, 2);
                check(buf[n - 1] == (byte) (i + 1), "pingpong: the answer of size " + n);
            } else if (me == peer) {
                w.Recv(buf, 0, n, MPI.BYTE, 0, 1);
                buf[n - 1]++;
                w.Send(buf, 0, n, MPI.BYTE, 0, 2);
            }
            if (i >= warmup) {
                total += System.nanoTime() - t0;
            }
        }
        return total / iters / 2 / 1e3;
    }

    private static double bcast(Intracomm w, byte[] buf, int n, int iters, int warmup) {
        int me = w.Rank();
        return timed(w, warmup, iters, i -> {
            if (me == 0) {
                buf[n - 1] = (byte) (i * 7 + 3);
            }
            w.Bcast(buf, 0, n, MPI.BYTE, 0);
            check(buf[n - 1] == (byte) (i * 7 + 3), "bcast of " + n + " bytes");
        });
    }

    private static double reduce(Intracomm w, boolean all, int count, int iters, int warmup) {
        int me = w.Rank();
        int p = w.Size();
        double[] s = new double[Math.max(1, count)];
        double[] r = new double[s.length];
        int c = Math.max(1, count);
        return timed(w, warmup, iters, i -> {
            s[c - 1] = me + i;
            if (all) {
                w.Allreduce(s, 0, r, 0, c, MPI.DOUBLE, MPI.SUM);
            } else {
                w.Reduce(s, 0, r, 0, c, MPI.DOUBLE, MPI.SUM, 0);
            }
            if (all || me == 0) {
                check(r[c - 1] == (double) p * (p - 1) / 2 + (double) p * i, (all ? "allreduce" : "reduce") + " of " + c + " doubles");
            }
        });
    }

    private static double alltoall(Intracomm w, byte[] a, byte[] b, int n, int iters, int warmup) {
        int me = w.Rank();
        int p = w.Size();
        return timed(w, warmup, iters, i -> {
            for (int d = 0; d < p; d++) {
                a[d * n + n - 1] = (byte) (me * 31 + d + i);
            }
            w.Alltoall(a, 0, n, MPI.BYTE, b, 0, n, MPI.BYTE);
            for (int s = 0; s < p; s++) {
                check(b[s * n + n - 1] == (byte) (s * 31 + me + i), "alltoall block from rank " + s);
            }
        });
    }

    private interface Call {
        void run(int i);
    }

    /** The slowest rank's average time per call, us (rank 0's answer). */
    private static double timed(Intracomm w, int warmup, int iters, Call call) {
        for (int i = 0; i < warmup; i++) {
            call.run(i);
        }
        w.Barrier();
        long t0 = System.nanoTime();
        for (int i = 0; i < iters; i++) {
            call.run(warmup + i);
        }
        double[] mine = {(System.nanoTime() - t0) / 1e3 / iters};
        double[] max = new double[1];
        w.Reduce(mine, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX, 0);
        return max[0];
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalStateException("grid: wrong result: " + what);
        }
    }
}
