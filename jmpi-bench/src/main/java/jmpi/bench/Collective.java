package jmpi.bench;

import java.util.ArrayList;
import java.util.List;

import jmpi.coll.Selection;
import mpi.MPI;

/**
 * OSU-shaped collective latency (osu_allreduce, osu_bcast, ...): {@code Collective COLLECTIVE [options]}
 * times one collective over the sizes on every rank of COMM_WORLD and prints, per size, the average,
 * minimum and maximum over the ranks of each rank's average time per call (us), the algorithm that ran
 * and the one jmpi's selection table chooses. Timing per size: see {@link CollKernel#run}.
 *
 * <p>The algorithm that runs is the one forced by {@code -Djmpi.coll.<collective>=NAME}
 * ({@code bin/jmpibench COLLECTIVE --algorithm NAME} sets it), else the table's choice
 * ({@code -Djmpi.coll.table=FILE} or the built-in table) for the transport's locality. A size the forced
 * algorithm cannot run prints a {@code #} line saying why.
 *
 * <p>Options besides {@link BenchOptions}'s: {@code --sizes B,B,...} (explicit sizes instead of doubling
 * from --min to --max), {@code --same-buffer} (one array as send and receive buffer, the mpiJava way of "in place":
 * measures what aliasing costs), {@code --mem-cap BYTES} (skip a size whose buffers, estimated as the rank's buffers
 * plus one message of temporaries, times the ranks in this JVM, exceed it; default 60 % of the heap).
 * Defaults: sizes 1 B .. 1 MiB (reductions from 8 B), 1000 timed and 100 warm-up calls up to 64 KiB,
 * scaled down above.
 */
public final class Collective {
    private Collective() {
    }

    public static void main(String[] args) {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        String problem = null;
        BenchOptions o = null;
        CollKernel k = null;
        List<Long> sizes = null;
        long memCap = (long) (0.6 * Runtime.getRuntime().maxMemory());
        String collective = own.length > 0 ? own[0] : "";
        try {
            if (own.length == 0) {
                throw new IllegalArgumentException("needs the collective's name first (" + CollKernel.COLLECTIVES + ")");
            }
            k = new CollKernel(collective, MPI.COMM_WORLD);
            List<String> rest = new ArrayList<>();
            String explicit = null;
            boolean minGiven = false;
            for (int i = 1; i < own.length; i++) {
                if (own[i].equals("--sizes") && i + 1 < own.length) {
                    explicit = own[++i];
                } else if (own[i].equals("--same-buffer")) {
                    k.sameBuffer();
                } else if (own[i].equals("--mem-cap") && i + 1 < own.length) {
                    memCap = BenchOptions.parseBytes("--mem-cap", own[++i]);
                } else {
                    minGiven |= own[i].equals("--min");
                    rest.add(own[i]);
                }
            }
            if (!minGiven) {
                rest.addAll(0, List.of("--min", k.reduces() ? "8" : "1"));
            }
            if (!rest.contains("--max")) {
                rest.addAll(0, List.of("--max", "1M"));
            }
            o = BenchOptions.parse(rest.toArray(String[]::new), 1000, 100);
            sizes = new ArrayList<>();
            if (collective.equals("barrier")) {
                sizes.add(0L);
            } else if (explicit != null) {
                for (String s : explicit.split(",")) {
                    sizes.add(BenchOptions.parseBytes("--sizes", s));
                }
            } else {
                for (int n : o.sizes()) {
                    sizes.add((long) n);
                }
            }
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            if (rank == 0) {
                System.err.println("jmpibench " + collective + ": " + problem);
            }
            System.exit(2);
        }
        run(o, k, sizes, memCap, ranks);
        MPI.Finalize();
    }

    private static void run(BenchOptions o, CollKernel k, List<Long> sizes, long memCap, int ranks) {
        int rank = MPI.COMM_WORLD.Rank();
        String c = k.collective();
        String locality = CollKernel.locality(o.transport, MPI.COMM_WORLD);
        Selection table = CollKernel.table();
        String forced = k.forced();
        String[] titles = {"bytes", "iterations", "avg_us", "min_us", "max_us", "algorithm", "default"};
        Report r = new Report(titles);
        boolean threads = o.transport.equalsIgnoreCase("threads");
        // Untimed pass at the smallest size so that the first rows are not the JIT's.
        long first = -1;
        for (long n : sizes) {
            long e = k.effectiveBytes(n);
            if (e >= 0 && k.unusable(e) == null) {
                first = e;
                break;
            }
        }
        double warmed = 0;
        if (first >= 0 && o.warmup > 0) {
            k.run(first, 5 * o.warmupFor(first), o.warmupFor(first));
            // then rounds over every size to be measured: algorithms take other paths at other sizes
            warmed = Drivers.keepWarmingUp(o.warmupSeconds,
                    Drivers.roundOver(Drivers.runnableSizes(sizes, k, memCap, threads ? ranks : 1), k, o));
        }
        Report.prime(o, MPI.COMM_WORLD);
        if (rank == 0) {
            Report.header(c, o, MPI.COMM_WORLD,
                    "MPI " + c + " on every rank (root 0); per rank the average time of one call over the timed"
                            + " calls; avg / min / max over the ranks, us" + (k.reduces() ? "; MPI.DOUBLE, MPI.SUM" : "; MPI.BYTE"),
                    "allocated per size, reused across its calls (in cache as far as they fit)"
                            + (k.isSameBuffer() ? "; one array as send and receive buffer (--same-buffer)" : ""),
                    "# algorithm: " + (forced != null ? forced + " (forced by -Djmpi.coll." + c + ")"
                            : "the selection table's choice (" + table.source() + ", locality " + locality + ")"),
                    String.format(java.util.Locale.ROOT, "# JIT warm-up: untimed rounds over the sizes (many calls up to"
                            + " 64 KiB, one above) for %.2f s (--warmup-seconds %s); then before each size up to %d"
                            + " calls at it for at most %s s (--point-warmup-calls, --point-warmup-seconds)", warmed,
                            o.warmupSeconds, o.pointWarmupCalls, o.pointWarmupSeconds),
                    "# collective ranks: all " + ranks + " (this header's 'only join the barriers' is for the"
                            + " point-to-point drivers)",
                    "# memory cap: sizes whose estimated buffers exceed " + memCap / (1 << 20) + " MiB "
                            + (threads ? "(all ranks of this JVM together)" : "(per process)") + " are skipped")
                    .forEach(System.out::println);
            System.out.println(r.titles(titles));
        }
        for (long requested : sizes) {
            long n = k.effectiveBytes(requested);
            if (n < 0) {
                if (rank == 0) {
                    System.out.println("# " + requested + " B: skipped, less than one double");
                }
                continue;
            }
            String why = k.unusable(n);
            String dflt = k.chosen(table, locality, n);
            if (why != null) {
                if (rank == 0) {
                    System.out.println("# " + n + " B: skipped, " + forced + " cannot run it: " + why
                            + " (default: " + dflt + ")");
                }
                continue;
            }
            long need = k.memoryNeed(n, threads ? ranks : 1);
            if (need > memCap) {
                if (rank == 0) {
                    System.out.println("# " + n + " B: skipped, needs about " + need / (1 << 20) + " MiB of buffers > cap "
                            + memCap / (1 << 20) + " MiB");
                }
                continue;
            }
            Drivers.warmPoint(k, n, o, c + " " + ranks + " " + n);
            int iters = o.itersFor(n);
            double[] t = k.run(n, iters, o.warmupFor(n));
            if (rank == 0) {
                System.out.println(r.row(n, iters, t[1], t[0], t[2], forced != null ? forced : dflt, dflt));
            }
        }
    }
}
