package jmpi.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import jmpi.core.jfr.CollectiveEvent;
import jmpi.core.jfr.PointToPointEvent;
import jmpi.core.jfr.RankEvent;
import jmpi.core.jfr.RendezvousEvent;
import jmpi.core.jfr.WaitEvent;

/**
 * {@code bin/jmpiprof FILE...}: an mpiP-style summary of the jmpi events ({@code jmpi.core.jfr}) in JFR
 * recordings ({@code jmpirun --profile}): MPI time against each rank's time from Init to Finalize, time per MPI
 * call and per call site (the first stack frame outside jmpi and the JDK), collectives per algorithm, a
 * message-size histogram (power-of-two buckets), the top waits, rendezvous, and per-rank totals. Several files
 * (one per rank JVM) are read as one job; events name their rank.
 *
 * <p>MPI time is the time in the program's point-to-point calls, collective calls (not a hierarchical
 * algorithm's nested steps, which are inside their call) and waits; rendezvous happen inside those.
 */
public final class JmpiProf {
    /** Stack frames of these packages are jmpi's (or the JDK's), not the program's call site. */
    private static final List<String> OWN = List.of("mpi.", "mpjbuf.", "mpjdev.", "jmpi.core.", "jmpi.coll.",
            "jmpi.spi.", "jmpi.datatype.", "jmpi.transport.", "jmpi.launcher.", "jmpi.mpj.", "jmpi.testkit.",
            "java.", "jdk.", "sun.");
    /** How many call sites and waits are listed. */
    static final int TOP = 20;

    /** Count, total, max of durations (nanoseconds) and bytes. */
    static final class Stat {
        long count;
        long nanos;
        long max;
        long bytes;

        void add(long nanos, long bytes) {
            count++;
            this.nanos += nanos;
            this.max = Math.max(max, nanos);
            this.bytes += bytes;
        }
    }

    /** One wait, kept for the longest-waits list. */
    record Wait(int rank, String call, String kind, int peer, int tag, long nanos, String site) {
    }

    /** Everything the summary prints, gathered from the events. */
    static final class Profile {
        long events;
        final Map<Integer, Long> rankNanos = new TreeMap<>();
        final Map<Integer, Stat> mpiPerRank = new TreeMap<>();
        final Map<String, Stat> calls = new TreeMap<>();
        final Map<String, Stat> sites = new TreeMap<>();
        final Map<String, Stat> collectives = new TreeMap<>();
        final Map<String, Stat> sizes = new TreeMap<>();
        final Map<String, Stat> waitSites = new TreeMap<>();
        final List<Wait> waits = new ArrayList<>();
        final Map<String, Stat> rendezvous = new TreeMap<>();
        final Map<Integer, Map<String, Stat>> perRank = new TreeMap<>();

        void add(RecordedEvent e) {
            String type = e.getEventType().getName();
            long nanos = e.getDuration().toNanos();
            switch (type) {
                case RankEvent.NAME -> rankNanos.merge(e.getInt("rank"), nanos, Long::sum);
                case PointToPointEvent.NAME -> {
                    String call = e.getString("call");
                    long bytes = e.getLong("bytes");
                    mpi(e, "p2p", nanos, bytes);
                    calls.computeIfAbsent(call, k -> new Stat()).add(nanos, bytes);
                    sites.computeIfAbsent(call + "\t" + site(e), k -> new Stat()).add(nanos, bytes);
                    if (!call.equals("Probe")) {
                        sizes.computeIfAbsent(call + "\t" + bucketKey(bytes), k -> new Stat()).add(nanos, bytes);
                    }
                }
                case CollectiveEvent.NAME -> {
                    boolean nested = e.getBoolean("nested");
                    String key = e.getString("collective") + "\t" + e.getString("algorithm") + (nested ? "\t(nested)" : "");
                    long bytes = e.getLong("bytes");
                    collectives.computeIfAbsent(key, k -> new Stat()).add(nanos, bytes);
                    if (!nested) {
                        mpi(e, "collective", nanos, bytes);
                        String call = e.getString("collective");
                        calls.computeIfAbsent(call, k -> new Stat()).add(nanos, bytes);
                        sites.computeIfAbsent(call + "\t" + site(e), k -> new Stat()).add(nanos, bytes);
                    }
                }
                case WaitEvent.NAME -> {
                    String call = e.getString("call");
                    String site = site(e);
                    mpi(e, "wait", nanos, 0);
                    calls.computeIfAbsent(call, k -> new Stat()).add(nanos, 0);
                    sites.computeIfAbsent(call + "\t" + site, k -> new Stat()).add(nanos, 0);
                    waitSites.computeIfAbsent(call + "\t" + site, k -> new Stat()).add(nanos, 0);
                    waits.add(new Wait(e.getInt("rank"), call, e.getString("kind"), e.getInt("peer"), e.getInt("tag"),
                            nanos, site));
                }
                case RendezvousEvent.NAME -> rendezvous.computeIfAbsent(e.getString("protocol")
                        + (e.getBoolean("collective") ? "\tcollective" : "\tpoint-to-point"), k -> new Stat())
                        .add(nanos, e.getLong("bytes"));
                default -> {
                    return; // not jmpi's
                }
            }
            events++;
        }

        private void mpi(RecordedEvent e, String what, long nanos, long bytes) {
            int rank = e.getInt("rank");
            mpiPerRank.computeIfAbsent(rank, k -> new Stat()).add(nanos, bytes);
            perRank.computeIfAbsent(rank, k -> new TreeMap<>()).computeIfAbsent(what, k -> new Stat()).add(nanos, bytes);
        }
    }

    private JmpiProf() {
    }

    /** The program's call site of an event: the first frame outside jmpi and the JDK, "File.java:LINE Class.method". */
    public static String site(RecordedEvent e) {
        RecordedStackTrace st = e.getStackTrace();
        if (st == null) {
            return "(no stack trace)";
        }
        for (RecordedFrame f : st.getFrames()) {
            if (!f.isJavaFrame()) {
                continue;
            }
            String cls = f.getMethod().getType().getName();
            if (OWN.stream().anyMatch(cls::startsWith)) {
                continue;
            }
            String simple = cls.substring(cls.lastIndexOf('.') + 1);
            String outer = simple.contains("$") ? simple.substring(0, simple.indexOf('$')) : simple;
            return outer + ".java:" + f.getLineNumber() + " " + simple + "." + f.getMethod().getName();
        }
        return "(inside jmpi)";
    }

    /** The power-of-two bucket of {@code bytes}: 0 for 0, else the largest power of two at most {@code bytes}. */
    static long bucket(long bytes) {
        return bytes <= 0 ? 0 : Long.highestOneBit(bytes);
    }

    /** A bucket as a sortable key: zero-padded. */
    private static String bucketKey(long bytes) {
        return String.format(Locale.ROOT, "%020d", bucket(bytes));
    }

    /** "0 B", "512 B", "1 KiB", "4 MiB": a power of two. */
    static String bucketName(long b) {
        if (b >= 1L << 30 && b % (1L << 30) == 0) {
            return (b >> 30) + " GiB";
        }
        if (b >= 1 << 20 && b % (1 << 20) == 0) {
            return (b >> 20) + " MiB";
        }
        if (b >= 1 << 10 && b % (1 << 10) == 0) {
            return (b >> 10) + " KiB";
        }
        return b + " B";
    }

    /** Reads every jmpi event of {@code files}. */
    static Profile read(List<Path> files) throws IOException {
        Profile p = new Profile();
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new IOException(f + ": no such file");
            }
            try (RecordingFile r = new RecordingFile(f)) {
                while (r.hasMoreEvents()) {
                    p.add(r.readEvent());
                }
            }
        }
        return p;
    }

    /** Prints the summary of {@code p}. */
    static void print(Profile p, List<Path> files, PrintStream out) {
        out.println("jmpiprof: " + p.events + " jmpi events from " + files.size() + " file(s)");
        if (p.events == 0) {
            out.println("no jmpi events: record with jmpirun --profile FILE (the events are off in other recordings)");
            return;
        }
        long mpiTotal = p.mpiPerRank.values().stream().mapToLong(s -> s.nanos).sum();

        out.println();
        out.println("@ MPI time per rank (point-to-point calls, collectives, waits; job time: Init to Finalize)");
        out.printf(Locale.ROOT, "%-6s %14s %14s %8s%n", "rank", "job ms", "MPI ms", "MPI %");
        java.util.Set<Integer> ranks = new java.util.TreeSet<>(p.mpiPerRank.keySet());
        ranks.addAll(p.rankNanos.keySet());
        long jobAll = 0;
        for (int r : ranks) {
            Long job = p.rankNanos.get(r);
            Stat s = p.mpiPerRank.get(r);
            long mpi = s == null ? 0 : s.nanos;
            jobAll += job == null ? 0 : job;
            out.printf(Locale.ROOT, "%-6d %14s %14s %8s%n", r, job == null ? "-" : ms(job), ms(mpi),
                    job == null || job == 0 ? "-" : pct(mpi, job));
        }
        out.printf(Locale.ROOT, "%-6s %14s %14s %8s%n", "*", jobAll == 0 ? "-" : ms(jobAll), ms(mpiTotal),
                jobAll == 0 ? "-" : pct(mpiTotal, jobAll));

        out.println();
        out.println("@ MPI calls (all ranks; collectives are program calls, not nested steps)");
        out.printf(Locale.ROOT, "%-18s %10s %12s %12s %12s %14s %7s%n", "call", "count", "total ms", "mean us",
                "max us", "bytes", "MPI %");
        sortedByTime(p.calls).forEach(en -> {
            Stat s = en.getValue();
            out.printf(Locale.ROOT, "%-18s %10d %12s %12s %12s %14d %7s%n", en.getKey(), s.count, ms(s.nanos),
                    us(s.nanos / s.count), us(s.max), s.bytes, pct(s.nanos, mpiTotal));
        });

        out.println();
        out.println("@ Call sites (top " + TOP + " by time; site: the first frame outside jmpi)");
        out.printf(Locale.ROOT, "%-18s %-48s %8s %12s %12s %12s %14s%n", "call", "site", "count", "total ms", "mean us",
                "max us", "bytes");
        sortedByTime(p.sites).limit(TOP).forEach(en -> {
            String[] k = en.getKey().split("\t", 2);
            Stat s = en.getValue();
            out.printf(Locale.ROOT, "%-18s %-48s %8d %12s %12s %12s %14d%n", k[0], k[1], s.count, ms(s.nanos),
                    us(s.nanos / s.count), us(s.max), s.bytes);
        });

        if (!p.collectives.isEmpty()) {
            out.println();
            out.println("@ Collectives per algorithm (bytes: each call's block, summed over ranks)");
            out.printf(Locale.ROOT, "%-22s %-26s %8s %12s %12s %12s %14s%n", "collective", "algorithm", "count",
                    "total ms", "mean us", "max us", "bytes");
            p.collectives.forEach((key, s) -> {
                String[] k = key.split("\t", 2);
                out.printf(Locale.ROOT, "%-22s %-26s %8d %12s %12s %12s %14d%n", k[0], k[1].replace('\t', ' '), s.count,
                        ms(s.nanos), us(s.nanos / s.count), us(s.max), s.bytes);
            });
        }

        if (!p.sizes.isEmpty()) {
            out.println();
            out.println("@ Message sizes (point-to-point; bucket: the largest power of two at most the message's bytes)");
            out.printf(Locale.ROOT, "%-18s %10s %10s %16s %12s%n", "call", "bucket", "count", "bytes", "total ms");
            p.sizes.forEach((key, s) -> {
                String[] k = key.split("\t", 2);
                out.printf(Locale.ROOT, "%-18s %10s %10d %16d %12s%n", k[0], bucketName(Long.parseLong(k[1])), s.count,
                        s.bytes, ms(s.nanos));
            });
        }

        if (!p.waits.isEmpty()) {
            out.println();
            out.println("@ Longest waits (top " + TOP + ")");
            out.printf(Locale.ROOT, "%-6s %-10s %-6s %6s %8s %12s  %s%n", "rank", "call", "kind", "peer", "tag", "us",
                    "site");
            p.waits.stream().sorted(Comparator.comparingLong(Wait::nanos).reversed()).limit(TOP).forEach(w ->
                    out.printf(Locale.ROOT, "%-6d %-10s %-6s %6d %8d %12s  %s%n", w.rank(), w.call(), w.kind(), w.peer(),
                            w.tag(), us(w.nanos()), w.site()));
            out.println();
            out.println("@ Wait time per site (top " + TOP + ")");
            out.printf(Locale.ROOT, "%-10s %-48s %8s %12s %12s%n", "call", "site", "count", "total ms", "max us");
            sortedByTime(p.waitSites).limit(TOP).forEach(en -> {
                String[] k = en.getKey().split("\t", 2);
                Stat s = en.getValue();
                out.printf(Locale.ROOT, "%-10s %-48s %8d %12s %12s%n", k[0], k[1], s.count, ms(s.nanos), us(s.max));
            });
        }

        if (!p.rendezvous.isEmpty()) {
            out.println();
            out.println("@ Rendezvous sends (request to send until the sender's completion)");
            out.printf(Locale.ROOT, "%-14s %-16s %8s %16s %12s %12s %12s%n", "protocol", "traffic", "count", "bytes",
                    "total ms", "mean us", "max us");
            p.rendezvous.forEach((key, s) -> {
                String[] k = key.split("\t", 2);
                out.printf(Locale.ROOT, "%-14s %-16s %8d %16d %12s %12s %12s%n", k[0], k[1], s.count, s.bytes,
                        ms(s.nanos), us(s.nanos / s.count), us(s.max));
            });
        }

        out.println();
        out.println("@ Per rank");
        out.printf(Locale.ROOT, "%-6s %-12s %10s %12s %16s%n", "rank", "kind", "count", "total ms", "bytes");
        p.perRank.forEach((r, kinds) -> kinds.forEach((kind, s) ->
                out.printf(Locale.ROOT, "%-6d %-12s %10d %12s %16d%n", r, kind, s.count, ms(s.nanos), s.bytes)));
    }

    private static java.util.stream.Stream<Map.Entry<String, Stat>> sortedByTime(Map<String, Stat> m) {
        Comparator<Map.Entry<String, Stat>> byTime = Comparator.comparingLong(en -> en.getValue().nanos);
        return m.entrySet().stream().sorted(byTime.reversed().thenComparing(Map.Entry::getKey));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }

    private static String us(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e3);
    }

    private static String pct(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * part / whole);
    }

    public static void main(String[] args) {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
            System.out.println("usage: jmpiprof FILE...  (JFR recordings made with jmpirun --profile; several files,"
                    + " one per rank JVM, are read as one job)");
            System.exit(args.length == 0 ? 2 : 0);
        }
        List<Path> files = new ArrayList<>();
        for (String a : args) {
            files.add(Path.of(a));
        }
        try {
            print(read(files), files, System.out);
        } catch (IOException | UncheckedIOException e) {
            System.err.println("jmpiprof: " + e.getMessage());
            System.exit(1);
        }
        System.out.flush();
    }

    /** The summary of {@code files} as text (what {@code main} prints). */
    public static String summary(List<Path> files) throws IOException {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(b, true, java.nio.charset.StandardCharsets.UTF_8)) {
            print(read(files), files, out);
        }
        return b.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
}
