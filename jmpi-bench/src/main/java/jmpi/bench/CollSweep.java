package jmpi.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import mpi.MPI;

/**
 * Several collectives over several sizes in one job, for the tuner and Leus's broadcast/allreduce tables: prints one
 * machine-readable line per point, {@code SWEEP collective ranks bytes algorithm avg_us min_us max_us iters},
 * after a {@code #} header. Each collective runs the algorithm forced by {@code -Djmpi.coll.<collective>};
 * a collective without a forced algorithm runs the table's choice, printed as {@code default:NAME};
 * with {@code --forced-only true} a collective without a forced algorithm is left out (the tuner forces
 * the k-th algorithm of every menu in its k-th job). Points the forced algorithm cannot run, or whose
 * buffers exceed the memory cap, print a {@code # skipped} line.
 *
 * <p>Options: {@code --collectives a,b} (default every one), {@code --sizes B,B,...} or
 * {@code --min/--max} (doubling), {@code --iters/--warmup} (as {@link BenchOptions}, scaled above 64 KiB),
 * {@code --mem-cap BYTES}, {@code --forced-only true|false}, {@code --transport}, {@code --repeat R} (default
 * 3: each point is timed R times after its warm-up and the run with the lowest average is printed),
 * {@code --menu true} (every algorithm of the menu in one job, point by point in interleaved rounds:
 * {@link #sweepMenu}; {@code --repeat} is then the number of rounds; {@code -Djmpi.coll.<collective>} is ignored),
 * {@code --warmup-seconds S} (default 1, 0 with {@code --warmup 0}; parsed by {@link BenchOptions} as for every
 * driver): before the first point of each collective, rounds of
 * 5 x its warm-up calls until rank 0 has spent S seconds in them, so that the JIT has compiled the call's path.
 * On this 2-core machine two spinning ranks leave the compiler threads little time: the broadcast of 800 bytes
 * on 2 ranks still ran at a few microseconds per call (C1 code) for the first 100 000 calls, 0.1-0.4 us after.
 * Then each point (with {@code --menu}: each algorithm at each point, in the first round) has its own warm-up at
 * its size, {@code --point-warmup-calls N} (default 10000) for at most {@code --point-warmup-seconds S} (default 3):
 * {@link Drivers#warmPoint}.
 */
public final class CollSweep {
    private static final int SYNC_TAG = 78;
    private CollSweep() {
    }

    public static void main(String[] args) {
        String[] own = MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        List<String> colls = new ArrayList<>(CollKernel.COLLECTIVES);
        List<Long> sizes = new ArrayList<>();
        long memCap = (long) (0.6 * Runtime.getRuntime().maxMemory());
        boolean forcedOnly = false;
        boolean menu = false;
        int repeat = 3;
        BenchOptions o = null;
        String problem = null;
        try {
            List<String> rest = new ArrayList<>();
            String explicit = null;
            for (int i = 0; i < own.length; i++) {
                String a = own[i];
                if (i + 1 < own.length && a.equals("--collectives")) {
                    colls = List.of(own[++i].split(","));
                } else if (i + 1 < own.length && a.equals("--sizes")) {
                    explicit = own[++i];
                } else if (i + 1 < own.length && a.equals("--mem-cap")) {
                    memCap = BenchOptions.parseBytes(a, own[++i]);
                } else if (i + 1 < own.length && a.equals("--repeat")) {
                    repeat = Integer.parseInt(own[++i]);
                    if (repeat < 1) {
                        throw new IllegalArgumentException("--repeat " + repeat + ": at least 1");
                    }
                } else if (i + 1 < own.length && a.equals("--forced-only")) {
                    forcedOnly = Boolean.parseBoolean(own[++i]);
                } else if (i + 1 < own.length && a.equals("--menu")) {
                    menu = Boolean.parseBoolean(own[++i]);
                } else {
                    rest.add(a);
                }
            }
            o = BenchOptions.parse(rest.toArray(String[]::new), 100, 10);
            if (explicit != null) {
                for (String s : explicit.split(",")) {
                    sizes.add(BenchOptions.parseBytes("--sizes", s));
                }
            } else {
                o.sizes().forEach(n -> sizes.add((long) n));
            }
            for (String c : colls) {
                new CollKernel(c, MPI.COMM_WORLD);
            }
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        if (problem != null) {
            if (rank == 0) {
                System.err.println("jmpibench sweep: " + problem);
            }
            System.exit(2);
        }
        boolean threads = o.transport.equalsIgnoreCase("threads");
        double warmupSeconds = o.warmupSeconds;
        String loc = CollKernel.locality(o.transport, MPI.COMM_WORLD);
        if (rank == 0) {
            Report.header("collective sweep", o, MPI.COMM_WORLD,
                    "per point the average over ranks of each rank's time per call, us (CollKernel), best of " + repeat
                            + " timed runs; before each collective's first point, at least " + warmupSeconds
                            + " s of warm-up rounds over all its sizes (many calls up to 64 KiB, one above); before each"
                            + " point, up to " + o.pointWarmupCalls + " calls at its size for at most "
                            + o.pointWarmupSeconds + " s (a '# point warm-up' line says how many ran)",
                    "allocated per point, reused across its calls").forEach(System.out::println);
            System.out.println("# SWEEP collective ranks bytes algorithm avg_us min_us max_us iters");
        }
        if (menu) {
            for (String c : colls) {
                sweepMenu(new CollKernel(c, MPI.COMM_WORLD), sizes, o, repeat, warmupSeconds, memCap, threads);
            }
            MPI.Finalize();
            return;
        }
        for (String c : colls) {
            CollKernel k = new CollKernel(c, MPI.COMM_WORLD);
            String forced = k.forced();
            if (forcedOnly && forced == null) {
                continue;
            }
            var table = CollKernel.table();
            List<Long> mine = c.equals("barrier") ? List.of(0L) : sizes;
            boolean warmed = false;
            for (long requested : mine) {
                long n = k.effectiveBytes(requested);
                if (n < 0) {
                    continue;
                }
                // not forced: "default:" and the table's choice (not a menu name, so the tuner ignores it)
                String alg = forced != null ? forced : "default:" + k.chosen(table, loc, n);
                String why = Drivers.whyNotRunnable(k, n, memCap, threads ? ranks : 1);
                if (why != null) {
                    if (rank == 0) {
                        System.out.println("# skipped " + c + " " + ranks + " " + n + " " + alg + ": " + why);
                    }
                    continue;
                }
                if (!warmed && o.warmup > 0) {
                    // the first point is not the JIT's: warm up for warmupSeconds on rank 0's clock (at least once),
                    // over every size of this collective that will be measured, because algorithms take other paths
                    // at other sizes (a warm-up at the first size only left 800 B of a shared allreduce at 1.5-9.5 us
                    // from run to run, against 1.03-1.06 us once its own path was compiled)
                    Drivers.keepWarmingUp(warmupSeconds,
                            Drivers.roundOver(Drivers.runnableSizes(mine, k, memCap, threads ? ranks : 1), k, o));
                    warmed = true;
                }
                Drivers.warmPoint(k, n, o, c + " " + ranks + " " + n);
                int iters = o.itersFor(n);
                // best of `repeat` timed runs (the one with the lowest average): one descheduling, GC or
                // late compilation in a run of a few hundred calls on a shared 2-core machine is otherwise
                // the whole difference between two algorithms
                double[] t = k.run(n, iters, o.warmupFor(n));
                for (int rep = 1; rep < repeat; rep++) {
                    double[] again = k.run(n, iters, 0);
                    if (again[1] < t[1]) {
                        t = again;
                    }
                }
                if (rank == 0) {
                    System.out.println(line(c, ranks, n, alg, t, iters));
                    System.out.flush();
                }
            }
        }
        MPI.Finalize();
    }

    /**
     * {@code --menu true}: every algorithm of {@code k}'s collective ({@link CollKernel#tunable}, without the
     * shared-memory ones between processes), all in this one job. Each point is timed in
     * {@code rounds} rounds, each round running every algorithm once in turn (the order rotating from round to
     * round), and each algorithm's best round is printed; the JIT warm-up runs every algorithm over all the sizes
     * first ({@code warmupSeconds} per algorithm). Algorithms are switched by setting {@code -Djmpi.coll.<collective>}
     * on every rank and {@link jmpi.coll.Coll#rereadForced} between barriers. So the algorithms of a point are
     * compared in one JVM, with the same compiled code, heap and thread placement, instead of one JVM each: on 2
     * cores the same algorithm measured 1.6x apart from one JVM to the next, more than most differences between
     * algorithms.
     */
    private static void sweepMenu(CollKernel k, List<Long> sizes, BenchOptions o, int rounds, double warmupSeconds,
                                  long memCap, boolean threads) {
        String c = k.collective();
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        List<String> algs = new ArrayList<>();
        for (String a : CollKernel.tunable(c)) {
            if (threads || !a.startsWith("shared")) {
                algs.add(a);
            }
        }
        List<Long> mine = c.equals("barrier") ? List.of(0L) : sizes;
        int sharers = threads ? ranks : 1;
        if (o.warmup > 0) {
            for (String a : algs) {
                force(c, a);
                List<Long> usable = Drivers.runnableSizes(mine, k, memCap, sharers); // for this algorithm
                Drivers.keepWarmingUp(warmupSeconds, Drivers.roundOver(usable, k, o));
            }
        }
        List<Long> done = new ArrayList<>();
        for (long requested : mine) {
            long n = k.effectiveBytes(requested);
            if (n < 0 || done.contains(n)) {
                continue;
            }
            done.add(n);
            int iters = o.itersFor(n);
            double[][] best = new double[algs.size()][];
            for (int r = 0; r < rounds; r++) {
                for (int j = 0; j < algs.size(); j++) {
                    int at = (j + r) % algs.size();
                    String a = algs.get(at);
                    force(c, a);
                    String why = Drivers.whyNotRunnable(k, n, memCap, sharers);
                    if (why != null) {
                        if (r == 0 && rank == 0) {
                            System.out.println("# skipped " + c + " " + ranks + " " + n + " " + a + ": " + why);
                        }
                        continue;
                    }
                    if (r == 0) {
                        Drivers.warmPoint(k, n, o, c + " " + ranks + " " + n + " " + a); // this algorithm's path here
                    }
                    double[] t = k.run(n, iters, o.warmupFor(n));
                    if (best[at] == null || t[1] < best[at][1]) {
                        best[at] = t;
                    }
                }
            }
            if (rank == 0) {
                for (int j = 0; j < algs.size(); j++) {
                    double[] t = best[j];
                    if (t != null) {
                        System.out.println(line(c, ranks, n, algs.get(j), t, iters));
                    }
                }
                System.out.flush();
            }
        }
        force(c, null);
    }

    /** One point's {@code SWEEP} line ({@link Sweep} reads them); {@code t} is {min, avg, max} us per call. */
    private static String line(String collective, int ranks, long bytes, String algorithm, double[] t, int iters) {
        return String.format(Locale.ROOT, "SWEEP %s %d %d %s %.3f %.3f %.3f %d", collective, ranks, bytes, algorithm,
                t[1], t[0], t[2], iters);
    }

    /**
     * Makes every rank's next call of {@code collective} run {@code algorithm} (null: the table's choice again).
     * Collective: no rank is in a call of it before the first barrier, every rank's next call comes after the
     * second.
     */
    private static void force(String collective, String algorithm) {
        sync();
        if (algorithm == null) {
            System.clearProperty("jmpi.coll." + collective);
        } else {
            System.setProperty("jmpi.coll." + collective, algorithm);
        }
        jmpi.coll.Coll.rereadForced();
        sync();
    }

    /** A barrier of point-to-point messages: the barrier collective may be forced to any algorithm just now. */
    private static void sync() {
        int rank = MPI.COMM_WORLD.Rank();
        int ranks = MPI.COMM_WORLD.Size();
        byte[] token = new byte[1];
        if (rank == 0) {
            for (int r = 1; r < ranks; r++) {
                MPI.COMM_WORLD.Recv(token, 0, 1, MPI.BYTE, r, SYNC_TAG);
            }
            for (int r = 1; r < ranks; r++) {
                MPI.COMM_WORLD.Send(token, 0, 1, MPI.BYTE, r, SYNC_TAG);
            }
        } else {
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.BYTE, 0, SYNC_TAG);
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.BYTE, 0, SYNC_TAG);
        }
    }
}
