package jmpi.bench;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import jmpi.coll.Algorithm;
import jmpi.coll.Nodes;
import jmpi.coll.Problem;
import jmpi.coll.Registry;
import jmpi.coll.Selection;
import mpi.Intracomm;
import mpi.MPI;

/**
 * One collective at one size, as the OSU collective benchmarks time it: every rank allocates its
 * buffers (outside the timing), runs {@code warmup} untimed calls, a barrier, then {@code iters} timed
 * calls; each rank's average per call is its latency, and rank 0 gets the min / avg / max over ranks.
 * Root 0 for the rooted collectives.
 *
 * <p>The size is the message size that jmpi's selection table looks at ({@link Problem#bytes()}): the
 * broadcast buffer, each rank's contribution to gather / allgather, the block per peer of alltoall and
 * scatter, the whole vector of the reductions (doubles, MPI.SUM; the byte count is rounded down to
 * whole doubles and sizes below 8 B are skipped) and of reduce_scatter (split as evenly as possible,
 * the remainder to the first ranks). Data movement collectives use MPI.BYTE.
 */
public final class CollKernel {
    /** The collectives with a driver, in the order of {@link Registry#collectives()}. */
    public static final List<String> COLLECTIVES = Registry.collectives();

    /**
     * The algorithms of {@code collective} the tuner forces one by one: its menu without the node-aware
     * ({@code hierarchical...}) ones, which need a job over several nodes (and forcing barrier's would stop
     * every driver's timing barrier on one node), and the MPI library's own ({@code library}), which need the
     * native transport.
     */
    public static List<String> tunable(String collective) {
        return Registry.algorithms(collective).stream().filter(a -> !a.startsWith("hierarchical") && !a.equals("library"))
                .toList();
    }

    private static final int TIMES_TAG = 77;

    private final String collective;
    private final Intracomm comm;
    private final int size;
    private final int rank;
    /** One array as send and receive buffer (the mpiJava idiom for in place), where the collective has both. */
    private boolean sameBuffer;

    public CollKernel(String collective, Intracomm comm) {
        if (!COLLECTIVES.contains(collective)) {
            throw new IllegalArgumentException("no collective '" + collective + "' (known: " + COLLECTIVES + ")");
        }
        this.collective = collective;
        this.comm = comm;
        this.size = comm.Size();
        this.rank = comm.Rank();
    }

    public String collective() {
        return collective;
    }

    /**
     * Passes one array as send and receive buffer from now on, as mpiJava programs write "in place":
     * the same region for reduce, allreduce, scan and alltoall, the rank's own block of the receive
     * buffer for allgather and gather. Refused for the other collectives.
     */
    public CollKernel sameBuffer() {
        if (!List.of("reduce", "allreduce", "scan", "allgather", "gather", "alltoall").contains(collective)) {
            throw new IllegalArgumentException("--same-buffer: " + collective + " has no send and receive buffer to share");
        }
        sameBuffer = true;
        return this;
    }

    public boolean isSameBuffer() {
        return sameBuffer;
    }

    /** Whether the collective reduces doubles (sizes are then whole doubles). */
    public boolean reduces() {
        return reduces(collective);
    }

    /** Whether {@code collective} reduces doubles. */
    public static boolean reduces(String collective) {
        return switch (collective) {
            case "reduce", "allreduce", "scan", "reduce_scatter" -> true;
            default -> false;
        };
    }

    /** The size this collective really moves for a requested {@code bytes} (whole doubles for reductions); -1 when none. */
    public long effectiveBytes(long bytes) {
        if (collective.equals("barrier")) {
            return 0;
        }
        if (reduces()) {
            long n = bytes / 8 * 8;
            return n == 0 ? -1 : n;
        }
        return bytes;
    }

    /**
     * What the selection table sees for a call of {@code bytes} (after {@link #effectiveBytes}); the
     * ranks share memory when this is a threads job (no {@code JMPI_BOOT}: every rank in this JVM).
     */
    public Problem problem(long bytes) {
        return problem(collective, size, bytes, locality(System.getenv("JMPI_BOOT") != null ? "processes"
                : launchedByMpiLibrary() ? "native" : "threads", size));
    }

    /** Whether this process is a rank of the system MPI library's job (its launcher's environment: the native transport). */
    static boolean launchedByMpiLibrary() {
        return System.getenv("JMPI_BOOT") == null && (System.getenv("OMPI_COMM_WORLD_RANK") != null
                || System.getenv("PMI_RANK") != null || System.getenv("PMIX_RANK") != null);
    }

    /** What the selection table sees for a call of this benchmark on {@code ranks} ranks at {@code locality}. */
    public static Problem problem(String collective, int ranks, long bytes, String locality) {
        int count = (int) Math.min(Integer.MAX_VALUE, reduces(collective) ? bytes / 8 : bytes);
        // on native the library's own collectives are offered (the drivers reduce doubles with SUM, which every
        // library that grants THREAD_MULTIPLE passes the start-up check for)
        return new Problem(ranks, bytes, count, true, "jvm".equals(locality), emulatedNodes(ranks),
                "native".equals(locality) ? null : Problem.NOT_NATIVE);
    }

    /**
     * The nodes of {@code ranks} world ranks as {@code -Djmpi.coll.clusters=K} and {@code -Djmpi.coll.nodes=K}
     * make them for the whole world: blocks of the clusters' K when the world spans two clusters or more (the
     * first level of the hierarchy), else blocks of the nodes' K; or null (the nodes the transports report are
     * not known here: the hierarchical algorithms then count as unusable in process jobs without the properties).
     */
    public static Nodes emulatedNodes(int ranks) {
        int clusters = block("jmpi.coll.clusters");
        Nodes c = clusters > 0 ? blocks(ranks, clusters) : null;
        if (c != null && c.count() > 1) {
            return c;
        }
        int k = block("jmpi.coll.nodes");
        return k > 0 ? blocks(ranks, k) : null;
    }

    private static int block(String property) {
        String v = System.getProperty(property, "0").trim();
        try {
            return v.isEmpty() ? 0 : Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(property + "=" + v + " is not an integer", e);
        }
    }

    private static Nodes blocks(int ranks, int k) {
        int[] labels = new int[ranks];
        for (int r = 0; r < ranks; r++) {
            labels[r] = r / k;
        }
        return Nodes.of(labels);
    }

    /**
     * {@link #locality(String)}, but "clusters" for ranks over several blocks of {@code -Djmpi.coll.clusters=K},
     * else "hosts" over several blocks of {@code -Djmpi.coll.nodes=K}.
     */
    public static String locality(String transport, int ranks) {
        int clusters = block("jmpi.coll.clusters");
        if (clusters > 0 && blocks(ranks, clusters).count() > 1) {
            return "clusters";
        }
        Nodes n = emulatedNodes(ranks);
        return n != null && n.count() > 1 ? "hosts" : locality(transport);
    }

    /** Bytes of a processor name compared by {@link #locality(String, Intracomm)} (MPI_MAX_PROCESSOR_NAME). */
    private static final int NAME_BYTES = 256;

    /**
     * The locality the engine computes for {@code comm}, as the table is asked for it: "clusters" over several blocks
     * of {@code -Djmpi.coll.clusters=K}, "hosts" over several blocks of {@code -Djmpi.coll.nodes=K}, "jvm" on the
     * threads transport, else "clusters" when the members' {@code JMPI_CLUSTER} differ, "host" when every member
     * reports this member's processor name (shm and tcp jobs on one machine), "hosts" when not. Collective: every
     * member calls it (Allgathers of the names), and every member gets the same answer.
     */
    public static String locality(String transport, Intracomm comm) {
        String simple = locality(transport, comm.Size());
        if (!simple.equals("processes")) {
            return simple;
        }
        String cluster = System.getenv("JMPI_CLUSTER");
        if (!allEqual(comm, cluster == null ? "" : cluster.trim())) {
            return "clusters";
        }
        return allEqual(comm, MPI.Get_processor_name()) ? "host" : "hosts";
    }

    /** Whether every member of {@code comm} passes the same {@code name} (its first {@link #NAME_BYTES} bytes); collective. */
    private static boolean allEqual(Intracomm comm, String name) {
        byte[] mine = java.util.Arrays.copyOf(name.getBytes(StandardCharsets.UTF_8), NAME_BYTES);
        byte[] all = new byte[NAME_BYTES * comm.Size()];
        comm.Allgather(mine, 0, NAME_BYTES, MPI.BYTE, all, 0, NAME_BYTES, MPI.BYTE);
        for (int r = 0; r < comm.Size(); r++) {
            if (!java.util.Arrays.equals(all, r * NAME_BYTES, (r + 1) * NAME_BYTES, mine, 0, NAME_BYTES)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Bytes of memory a point of {@code bytes} needs against the memory cap: the buffers and the message of one
     * rank, times the ranks that share the cap ({@code sharers}: all ranks of the job on threads, 1 per process).
     */
    public long memoryNeed(long bytes, int sharers) {
        return (bufferBytes(bytes) + bytes) * sharers;
    }

    /** Bytes of buffers one rank allocates for {@code bytes} (the largest rank, the root). */
    public long bufferBytes(long bytes) {
        return switch (collective) {
            case "barrier" -> 0;
            case "bcast" -> bytes;
            case "reduce", "allreduce", "scan" -> 2 * bytes;
            case "reduce_scatter" -> bytes + bytes / size + 8;
            case "gather", "scatter", "allgather" -> bytes * (size + 1L);
            case "alltoall" -> 2 * bytes * size;
            default -> throw new IllegalStateException(collective);
        };
    }

    /** The algorithm forced by {@code -Djmpi.coll.<collective>}, or null. */
    public String forced() {
        String f = System.getProperty("jmpi.coll." + collective, "").trim();
        return f.isEmpty() || f.equals("auto") ? null : f;
    }

    /** The table jmpi selects from: {@code -Djmpi.coll.table} or the built-in one. */
    public static Selection table() {
        String file = System.getProperty("jmpi.coll.table", "").trim();
        if (file.isEmpty()) {
            return Selection.defaults();
        }
        try {
            return Selection.read(java.nio.file.Path.of(file));
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("jmpi.coll.table=" + file + ": " + e.getMessage(), e);
        }
    }

    /** The table's choice for {@code bytes} on this communicator ({@code locality} as the table names it). */
    public String chosen(Selection table, String locality, long bytes) {
        return table.choose(collective, locality, problem(collective, size, bytes, locality)).name();
    }

    /** Why the forced algorithm cannot run {@code bytes}, or null (also null when nothing is forced). */
    public String unusable(long bytes) {
        String f = forced();
        if (f == null) {
            return null;
        }
        Algorithm a = Registry.algorithm(collective, f);
        Problem p = problem(bytes);
        if (p.nodes() == null && System.getenv("JMPI_BOOT") != null && f.startsWith("hierarchical")) {
            // A process job's nodes (its hosts or JVMs) are known to the collectives, not here: let the call
            // judge (a forced algorithm that cannot run fails it with ERR_ARG).
            return null;
        }
        return a.unusable(p);
    }

    /**
     * Times the collective at {@code bytes}; returns {min, avg, max} microseconds per call over the ranks
     * on rank 0 (NaN elsewhere).
     */
    public double[] run(long bytes, int iters, int warmup) {
        Body body = body(bytes);
        for (int i = 0; i < warmup; i++) {
            body.call();
        }
        comm.Barrier();
        double start = MPI.Wtime();
        for (int i = 0; i < iters; i++) {
            body.call();
        }
        double us = (MPI.Wtime() - start) * 1e6 / iters;
        // point to point, not Reduce: the reduce algorithm may be forced to one that cannot run 1 element
        double[] mine = {us};
        double min = us;
        double max = us;
        double sum = us;
        if (rank == 0) {
            for (int src = 1; src < size; src++) {
                comm.Recv(mine, 0, 1, MPI.DOUBLE, src, TIMES_TAG);
                min = Math.min(min, mine[0]);
                max = Math.max(max, mine[0]);
                sum += mine[0];
            }
        } else {
            comm.Send(mine, 0, 1, MPI.DOUBLE, 0, TIMES_TAG);
        }
        comm.Barrier();
        return rank == 0 ? new double[] {min, sum / size, max} : new double[] {Double.NaN, Double.NaN, Double.NaN};
    }

    private interface Body {
        void call();
    }

    private Body body(long bytesL) {
        int n = (int) bytesL;
        int p = size;
        switch (collective) {
            case "barrier" -> {
                return comm::Barrier;
            }
            case "bcast" -> {
                byte[] b = filled(n);
                return () -> comm.Bcast(b, 0, n, MPI.BYTE, 0);
            }
            case "reduce", "allreduce", "scan" -> {
                int c = n / 8;
                double[] s = doubles(c);
                double[] r = sameBuffer ? s : new double[c];
                return switch (collective) {
                    case "reduce" -> () -> comm.Reduce(s, 0, r, 0, c, MPI.DOUBLE, MPI.SUM, 0);
                    case "allreduce" -> () -> comm.Allreduce(s, 0, r, 0, c, MPI.DOUBLE, MPI.SUM);
                    default -> () -> comm.Scan(s, 0, r, 0, c, MPI.DOUBLE, MPI.SUM);
                };
            }
            case "reduce_scatter" -> {
                int c = n / 8;
                int[] counts = new int[p];
                for (int i = 0; i < p; i++) {
                    counts[i] = c / p + (i < c % p ? 1 : 0);
                }
                double[] s = doubles(c);
                double[] r = new double[Math.max(1, counts[rank])];
                return () -> comm.Reduce_scatter(s, 0, r, 0, counts, MPI.DOUBLE, MPI.SUM);
            }
            case "gather" -> {
                byte[] r = new byte[rank == 0 || sameBuffer ? n * p : 0];
                byte[] s = sameBuffer ? r : filled(n);
                int at = sameBuffer ? rank * n : 0;
                return () -> comm.Gather(s, at, n, MPI.BYTE, r, 0, n, MPI.BYTE, 0);
            }
            case "scatter" -> {
                byte[] s = rank == 0 ? filled(n * p) : new byte[0];
                byte[] r = new byte[n];
                return () -> comm.Scatter(s, 0, n, MPI.BYTE, r, 0, n, MPI.BYTE, 0);
            }
            case "allgather" -> {
                byte[] r = new byte[n * p];
                byte[] s = sameBuffer ? r : filled(n);
                int at = sameBuffer ? rank * n : 0;
                return () -> comm.Allgather(s, at, n, MPI.BYTE, r, 0, n, MPI.BYTE);
            }
            case "alltoall" -> {
                byte[] s = filled(n * p);
                byte[] r = sameBuffer ? s : new byte[n * p];
                return () -> comm.Alltoall(s, 0, n, MPI.BYTE, r, 0, n, MPI.BYTE);
            }
            default -> throw new IllegalStateException(collective);
        }
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        java.util.Arrays.fill(b, (byte) 'a');
        return b;
    }

    private static double[] doubles(int n) {
        double[] d = new double[n];
        java.util.Arrays.fill(d, 1.0);
        return d;
    }

    /**
     * "jvm" on the threads transport, "native" on the native one (the library's job), "processes" on the others
     * (the locality the table is asked for).
     */
    public static String locality(String transport) {
        return switch (transport.toLowerCase(Locale.ROOT)) {
            case "threads" -> "jvm";
            case "native" -> "native";
            default -> "processes";
        };
    }
}
