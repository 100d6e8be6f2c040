package jmpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The points printed by {@link CollSweep} ({@code SWEEP collective ranks bytes algorithm avg_us ...}), read
 * back for {@link CollTables} and {@link Tune}. Pure data; no MPI.
 */
public final class Sweep {
    /** One measured point. */
    public record Point(String collective, int ranks, long bytes, String algorithm, double avgMicros) {
    }

    private final List<Point> points;

    public Sweep(List<Point> points) {
        this.points = List.copyOf(points);
    }

    public List<Point> points() {
        return points;
    }

    /** The SWEEP lines of {@code text}; other lines are ignored. */
    public static List<Point> parse(String text) {
        List<Point> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] w = line.trim().split("\\s+");
            if (w.length >= 6 && w[0].equals("SWEEP")) {
                out.add(new Point(w[1], Integer.parseInt(w[2]), Long.parseLong(w[3]), w[4], Double.parseDouble(w[5])));
            }
        }
        return out;
    }

    /** Every SWEEP line of the files. */
    public static Sweep read(List<String> files) throws IOException {
        List<Point> all = new ArrayList<>();
        for (String f : files) {
            all.addAll(parse(Files.readString(Path.of(f))));
        }
        return new Sweep(all);
    }

    public TreeSet<String> collectives() {
        TreeSet<String> s = new TreeSet<>();
        points.forEach(p -> s.add(p.collective()));
        return s;
    }

    public TreeSet<Integer> ranks(String collective) {
        TreeSet<Integer> s = new TreeSet<>();
        points.stream().filter(p -> p.collective().equals(collective)).forEach(p -> s.add(p.ranks()));
        return s;
    }

    public TreeSet<Long> sizes(String collective, int ranks) {
        TreeSet<Long> s = new TreeSet<>();
        points.stream().filter(p -> p.collective().equals(collective) && p.ranks() == ranks).forEach(p -> s.add(p.bytes()));
        return s;
    }

    /** Algorithm -> time (us) at one point; when measured more than once, the lowest. */
    public Map<String, Double> times(String collective, int ranks, long bytes) {
        Map<String, Double> m = new TreeMap<>();
        for (Point p : points) {
            if (p.collective().equals(collective) && p.ranks() == ranks && p.bytes() == bytes) {
                m.merge(p.algorithm(), p.avgMicros(), Math::min);
            }
        }
        return m;
    }

    /** The fastest algorithm of {@code times} (ties: the first by name). */
    public static String best(Map<String, Double> times) {
        String best = null;
        for (var e : times.entrySet()) {
            if (best == null || e.getValue() < times.get(best)) {
                best = e.getKey();
            }
        }
        return best;
    }
}
