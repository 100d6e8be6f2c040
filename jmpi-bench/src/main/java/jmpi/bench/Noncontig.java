package jmpi.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import mpi.Datatype;
import mpi.MPI;

/**
 * The CLEI 1999 mpiJava paper's commByte / commDouble (issue 4): a ping-pong between ranks 0 and 1 of {@code n} elements in
 * three modes, for bytes and for doubles; the time of one message is half the round trip.
 *
 * <ul>
 *   <li>CONTIGUOUS: {@code n} consecutive elements;</li>
 *   <li>STRIDE: one item of {@code MPI.BYTE.Vector(n, 1, 64)} / {@code MPI.DOUBLE.Vector(n, 1, 8)}
 *       (committed) on both sides: every 64th byte, every 8th double (the same byte offsets);</li>
 *   <li>LOOP: the program copies the strided elements into a contiguous buffer, sends it contiguous,
 *       and the receiver copies them out to its strided buffer.</li>
 * </ul>
 *
 * Prints a row per (type, mode, size) with the time (us) and rate (MB/s of data, 10^6 B), then Table 2
 * (Hockney fit per type and mode: r_inf MB/s, n_1/2, t0 us over the doubling sizes up to --fit-max) and
 * Table 3 (at 8, 1000, 50000 and 100000 data bytes: the time in ms, the fixed cost of one call, taken as
 * the measured time of the same mode at one element, and the share of the time it is; measured in
 * {@code --rounds} interleaved rounds, default 3, after the table: medians, with the time's min and max).
 */
public final class Noncontig {
    private static final int TAG = 3;
    private static final int[] TABLE3_BYTES = {8, 1000, 50000, 100000};

    private Noncontig() {
    }

    enum Mode { CONTIGUOUS, STRIDE, LOOP }

    public static void main(String[] args) {
        BenchOptions o = Drivers.start("noncontig", withDefaults(args), 1000, 100);
        int rank = MPI.COMM_WORLD.Rank();
        TreeSet<Integer> sizes = new TreeSet<>(o.sizes());
        for (int b : TABLE3_BYTES) {
            if (b >= o.minBytes && b <= o.maxBytes) {
                sizes.add(b);
            }
        }
        String[] titles = {"type", "mode", "bytes", "elements", "iterations", "time_us", "MB/s"};
        Report r = new Report(titles);
        // untimed warm-up of every path at every size measured, then rounds of it for --warmup-seconds: the short
        // timed runs of the first sizes otherwise measure the JIT's early code (Table 3's call cost came out above the
        // message time); and a path's first message of a new size range (fastbox, ring, rendezvous, pipelined copy)
        // otherwise took a branch its compiled code had never seen: deoptimized and recompiled while that size was
        // timed, the compiler thread then shared the two cores with the two ranks (about 4.5 us more per message)
        Runnable everyPath = () -> {
            for (boolean dbl : new boolean[] {false, true}) {
                int es = dbl ? 8 : 1;
                for (Mode m : Mode.values()) {
                    for (int b : sizes) {
                        if (b / es > 0) {
                            pingPong(dbl, m, b / es * es, o.warmup == 0 ? 0 : 5 * o.warmupFor(b), 0);
                        }
                    }
                }
            }
        };
        everyPath.run();
        double warmed = Drivers.keepWarmingUp(o.warmupSeconds, everyPath);
        Report.prime(o, MPI.COMM_WORLD);
        if (rank == 0) {
            Report.header("noncontig", o, MPI.COMM_WORLD,
                    "ping-pong of n elements between ranks 0 and 1, half the average round trip; bytes = data bytes"
                            + " (n x element size); STRIDE = Vector(n, 1, 64) of BYTE / Vector(n, 1, 8) of DOUBLE on both"
                            + " sides; LOOP = hand copy to/from a contiguous buffer around a contiguous send",
                    "one strided and one contiguous buffer per rank, reused (in cache as far as they fit)",
                    String.format(Locale.ROOT, "# JIT warm-up: every path at every size, then rounds of it for"
                            + " %.2f s (--warmup-seconds %s); Table 3: %d rounds after the table (--rounds)", warmed,
                            o.warmupSeconds, o.rounds))
                    .forEach(System.out::println);
            System.out.println(r.titles(titles));
        }
        List<String> fitRows = new ArrayList<>();
        for (boolean dbl : new boolean[] {false, true}) {
            int es = dbl ? 8 : 1;
            for (Mode m : Mode.values()) {
                List<double[]> pts = new ArrayList<>();
                for (int b : sizes) {
                    int n = b / es;
                    if (n == 0) {
                        continue;
                    }
                    int iters = o.itersFor(b);
                    double us = pingPong(dbl, m, n * es, iters, o.warmupFor(b));
                    if (rank == 0) {
                        System.out.println(r.row(dbl ? "double" : "byte", m.name(), n * es, n, iters, us, n * es / us));
                        if (o.sizes().contains(b) && b <= o.fitMaxBytes) {
                            pts.add(new double[] {n * es, us});
                        }
                    }
                }
                if (rank == 0) {
                    String type = dbl ? "double" : "byte";
                    if (pts.size() >= 2) {
                        double[] n = pts.stream().mapToDouble(p -> p[0]).toArray();
                        double[] t = pts.stream().mapToDouble(p -> p[1]).toArray();
                        HockneyFit.Result f = HockneyFit.fit(n, t);
                        fitRows.add(String.format(Locale.ROOT, "%-8s %-11s %12s %12s %12s", type, m.name().toLowerCase(Locale.ROOT),
                                Report.number(f.rInfMBps()), Report.number(f.nHalfBytes()), Report.number(f.t0Micros())));
                    }
                }
            }
        }
        List<String> t3Rows = table3(o);
        if (rank == 0) {
            System.out.println();
            System.out.println("# Table 2 (the CLEI 1999 mpiJava paper): Hockney fit t = t0 + n / r_inf over the doubling sizes up to "
                    + o.fitMaxBytes + " B (unweighted least squares; t0 is the intercept)");
            System.out.println(String.format("%-8s %-11s %12s %12s %12s", "type", "mode", "r_inf_MB/s", "n_1/2_bytes", "t0_us"));
            fitRows.forEach(System.out::println);
            System.out.println();
            System.out.println("# Table 3 (the CLEI 1999 mpiJava paper): time of one message, the fixed cost of one call (the same mode's"
                    + " time at one element) and its share of the time; median of " + o.rounds + " rounds (each round"
                    + " measures every row once, interleaved), with the rounds' min and max of the time");
            System.out.println(String.format("%-8s %-11s %10s %12s %12s %12s %14s %10s", "type", "mode", "bytes", "time_ms",
                    "min_ms", "max_ms", "call_cost_ms", "share"));
            t3Rows.forEach(System.out::println);
        }
        MPI.Finalize();
    }

    /**
     * Table 3's rows: {@code o.rounds} rounds, each measuring every (type, mode) at one element and at the
     * table's byte sizes, interleaved, so that a slow phase of the machine spreads over all rows instead of
     * landing on one. Per row: the median time, the rounds' min and max, the median one-element time (the
     * fixed cost of a call) and its share of the median time. Rank 0 returns the rows; the others an empty list.
     */
    private static List<String> table3(BenchOptions o) {
        int rank = MPI.COMM_WORLD.Rank();
        List<int[]> rows = new ArrayList<>(); // {dbl, mode, bytes}; bytes 0 = one element
        for (int dbl = 0; dbl < 2; dbl++) {
            for (Mode m : Mode.values()) {
                rows.add(new int[] {dbl, m.ordinal(), 0});
                for (int b : TABLE3_BYTES) {
                    if (b >= o.minBytes && b <= o.maxBytes && b / (dbl == 1 ? 8 : 1) > 0) {
                        rows.add(new int[] {dbl, m.ordinal(), b});
                    }
                }
            }
        }
        double[][] t = new double[rows.size()][o.rounds];
        for (int round = 0; round < o.rounds; round++) {
            for (int i = 0; i < rows.size(); i++) {
                int[] row = rows.get(i);
                boolean dbl = row[0] == 1;
                int bytes = row[2] == 0 ? (dbl ? 8 : 1) : row[2] / (dbl ? 8 : 1) * (dbl ? 8 : 1);
                t[i][round] = pingPong(dbl, Mode.values()[row[1]], bytes, o.itersFor(bytes), o.warmupFor(bytes));
            }
        }
        List<String> out = new ArrayList<>();
        if (rank != 0) {
            return out;
        }
        double cost = Double.NaN;
        for (int i = 0; i < rows.size(); i++) {
            int[] row = rows.get(i);
            double[] sorted = t[i].clone();
            java.util.Arrays.sort(sorted);
            double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2]
                    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
            if (row[2] == 0) {
                cost = median;
                continue;
            }
            out.add(String.format(Locale.ROOT, "%-8s %-11s %10d %12.6f %12.6f %12.6f %14.6f %9.2f%%",
                    row[0] == 1 ? "double" : "byte", Mode.values()[row[1]].name().toLowerCase(Locale.ROOT), row[2],
                    median / 1000, sorted[0] / 1000, sorted[sorted.length - 1] / 1000, cost / 1000, 100 * cost / median));
        }
        return out;
    }

    private static String[] withDefaults(String[] args) {
        List<String> a = new ArrayList<>(List.of(args));
        if (!a.contains("--min")) {
            a.addAll(0, List.of("--min", "8"));
        }
        if (!a.contains("--max")) {
            a.addAll(0, List.of("--max", "256K"));
        }
        if (!a.contains("--rounds")) {
            a.addAll(0, List.of("--rounds", "3"));
        }
        return a.toArray(String[]::new);
    }

    // buffers, grown as needed, per rank (each rank of the threads transport has its own class copy)
    private static byte[] bStrided = new byte[0];
    private static byte[] bContig = new byte[0];
    private static double[] dStrided = new double[0];
    private static double[] dContig = new double[0];
    private static final int BYTE_STRIDE = 64;
    private static final int DOUBLE_STRIDE = 8;

    /** Half the average round trip of {@code bytes} of data in mode {@code m}, us on rank 0 (NaN elsewhere). */
    static double pingPong(boolean dbl, Mode m, int bytes, int iters, int warmup) {
        var comm = MPI.COMM_WORLD;
        int rank = comm.Rank();
        int n = bytes / (dbl ? 8 : 1);
        int stride = dbl ? DOUBLE_STRIDE : BYTE_STRIDE;
        if (dbl && dStrided.length < n * stride) {
            dStrided = new double[n * stride];
            dContig = new double[n];
            java.util.Arrays.fill(dStrided, 1.0);
        } else if (!dbl && bStrided.length < n * stride) {
            bStrided = new byte[n * stride];
            bContig = new byte[n];
            java.util.Arrays.fill(bStrided, (byte) 'a');
        }
        Datatype base = dbl ? MPI.DOUBLE : MPI.BYTE;
        Datatype vec = null;
        if (m == Mode.STRIDE) {
            vec = base.Vector(n, 1, stride);
            vec.Commit();
        }
        Object strided = dbl ? dStrided : bStrided;
        Object contig = dbl ? dContig : bContig;
        comm.Barrier();
        double us = Double.NaN;
        if (rank < 2) {
            int peer = 1 - rank;
            double start = 0;
            for (int i = 0; i < warmup + iters; i++) {
                if (i == warmup) {
                    start = MPI.Wtime();
                }
                if (rank == 0) {
                    send(m, dbl, strided, contig, n, stride, base, vec, peer);
                    recv(m, dbl, strided, contig, n, stride, base, vec, peer);
                } else {
                    recv(m, dbl, strided, contig, n, stride, base, vec, peer);
                    send(m, dbl, strided, contig, n, stride, base, vec, peer);
                }
            }
            us = (MPI.Wtime() - start) * 1e6 / (2.0 * Math.max(1, iters));
        }
        comm.Barrier();
        if (vec != null) {
            vec.Free();
        }
        return rank == 0 ? us : Double.NaN;
    }

    private static void send(Mode m, boolean dbl, Object strided, Object contig, int n, int stride, Datatype base,
                             Datatype vec, int peer) {
        var comm = MPI.COMM_WORLD;
        switch (m) {
            case CONTIGUOUS -> comm.Send(contig, 0, n, base, peer, TAG);
            case STRIDE -> comm.Send(strided, 0, 1, vec, peer, TAG);
            case LOOP -> {
                if (dbl) {
                    double[] s = (double[]) strided;
                    double[] c = (double[]) contig;
                    for (int i = 0; i < n; i++) {
                        c[i] = s[i * stride];
                    }
                } else {
                    byte[] s = (byte[]) strided;
                    byte[] c = (byte[]) contig;
                    for (int i = 0; i < n; i++) {
                        c[i] = s[i * stride];
                    }
                }
                comm.Send(contig, 0, n, base, peer, TAG);
            }
        }
    }

    private static void recv(Mode m, boolean dbl, Object strided, Object contig, int n, int stride, Datatype base,
                             Datatype vec, int peer) {
        var comm = MPI.COMM_WORLD;
        switch (m) {
            case CONTIGUOUS -> comm.Recv(contig, 0, n, base, peer, TAG);
            case STRIDE -> comm.Recv(strided, 0, 1, vec, peer, TAG);
            case LOOP -> {
                comm.Recv(contig, 0, n, base, peer, TAG);
                if (dbl) {
                    double[] s = (double[]) strided;
                    double[] c = (double[]) contig;
                    for (int i = 0; i < n; i++) {
                        s[i * stride] = c[i];
                    }
                } else {
                    byte[] s = (byte[]) strided;
                    byte[] c = (byte[]) contig;
                    for (int i = 0; i < n; i++) {
                        s[i * stride] = c[i];
                    }
                }
            }
        }
    }
}
