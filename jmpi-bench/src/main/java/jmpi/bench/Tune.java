package jmpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import jmpi.coll.Algorithm;
import jmpi.coll.Problem;
import jmpi.coll.Registry;
import jmpi.coll.Selection;
import jmpi.coll.Selection.Rule;

/**
 * The tuner's second half: from {@link CollSweep} outputs (every algorithm of every collective over a grid
 * of sizes and rank counts, measured on this machine by {@code bin/jmpibench tune}) builds a selection
 * table choosing the fastest algorithm per (collective, ranks range, bytes range) and writes it in
 * {@link Selection}'s format. Not an MPI program.
 *
 * <p>Ranges: a measured rank count {@code n_i} covers {@code n_(i-1)+1 .. n_i} (the first from 0, the
 * last to *); a measured size {@code s_j} covers up to the geometric mean of {@code s_j} and
 * {@code s_(j+1)} (the last to *). Neighbouring ranges with the same winner merge, and a range's winner
 * carries on into the next size while it is within 5% of that size's best (noise between near-equal
 * algorithms would otherwise cut the sizes into many lines). Each collective ends
 * with a catch-all line ({@code any * *}, unless the base table already has that very line) naming the first
 * algorithm of its menu that can run any call,
 * so a call the measured winner cannot run (a non-commutative operation, a rank count that is not a power
 * of two, too few elements) still finds one.
 *
 * <p>With {@code --base FILE} the lines of that table for the other localities (and its {@code any}
 * lines) follow each collective's measured lines, so a table measured on threads keeps the rules for
 * processes, hosts and clusters (how the built-in table is made: see docs/COLLECTIVES.md).
 *
 * <p>{@code Tune --out FILE [--locality jvm|processes|any] [--base FILE] [--comment TEXT] SWEEP_FILE...}
 */
public final class Tune {
    /** Relative difference under which two measured times count as equal (see {@link #build}). */
    static final double TIE = 0.05;

    private Tune() {
    }

    public static void main(String[] args) throws IOException {
        String out = null;
        String locality = "jvm";
        Selection base = null;
        List<String> comments = new ArrayList<>();
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = args[++i];
                case "--locality" -> locality = args[++i];
                case "--comment" -> comments.add(args[++i]);
                case "--base" -> base = Selection.read(Path.of(args[++i]));
                default -> files.add(args[i]);
            }
        }
        Selection s = build(Sweep.read(files), locality, base);
        StringBuilder text = new StringBuilder("# jmpi collective selection table written by bin/jmpibench tune"
                + " (format: docs/COLLECTIVES.md)\n");
        comments.forEach(c -> text.append("# ").append(c).append('\n'));
        text.append(s.format());
        Selection.parse(text.toString(), "tuner output"); // what Coll will read must parse
        if (out != null) {
            Files.writeString(Path.of(out), text);
            System.err.println("tune: wrote " + out + " (" + s.rules().size() + " lines); use it with"
                    + " JMPI_JAVA_OPTS=-Djmpi.coll.table=" + out);
        }
        System.out.print(text);
    }

    /** The table for {@code sweep}, its measured lines for {@code locality}, then the catch-alls. */
    public static Selection build(Sweep sweep, String locality) {
        return build(sweep, locality, null);
    }

    /**
     * The table for {@code sweep}: per collective its measured lines for {@code locality}, then the lines of
     * {@code base} (if not null) for that collective and any other locality, then a catch-all.
     */
    public static Selection build(Sweep sweep, String locality, Selection base) {
        List<Rule> rules = new ArrayList<>();
        for (String c : Registry.collectives()) {
            List<String> menu = Registry.algorithms(c);
            List<Integer> nps = new ArrayList<>(sweep.ranks(c));
            for (int i = 0; i < nps.size(); i++) {
                int np = nps.get(i);
                long rLo = i == 0 ? 0 : nps.get(i - 1) + 1;
                long rHi = i == nps.size() - 1 ? Long.MAX_VALUE : np;
                List<Long> sizes = new ArrayList<>(sweep.sizes(c, np));
                String pending = null;
                long pendingLo = 0;
                for (int j = 0; j < sizes.size(); j++) {
                    Map<String, Double> t = sweep.times(c, np, sizes.get(j));
                    t.keySet().retainAll(menu);
                    String best = Sweep.best(t);
                    // Hysteresis: keep the running winner while it is within TIE of the best, so noise between
                    // near-equal algorithms does not cut the range into many lines.
                    if (best != null && pending != null && t.containsKey(pending)
                            && t.get(pending) <= t.get(best) * (1 + TIE)) {
                        best = pending;
                    }
                    long lo = j == 0 ? 0 : (long) Math.floor(Math.sqrt((double) sizes.get(j - 1) * sizes.get(j))) + 1;
                    if (best == null) {
                        continue;
                    }
                    if (pending != null && !pending.equals(best)) {
                        rules.add(new Rule(c, locality, rLo, rHi, pendingLo, lo - 1, pending, 0));
                        pendingLo = lo;
                    } else if (pending == null) {
                        pendingLo = 0;
                    }
                    pending = best;
                }
                if (pending != null) {
                    rules.add(new Rule(c, locality, rLo, rHi, pendingLo, Long.MAX_VALUE, pending, 0));
                }
            }
            if (base != null) {
                for (Rule r : base.rules()) {
                    if (r.collective().equals(c) && !r.locality().equals(locality)) {
                        rules.add(r);
                    }
                }
            }
            Rule last = new Rule(c, "any", 0, Long.MAX_VALUE, 0, Long.MAX_VALUE, catchAll(c), 0);
            boolean present = false;
            for (Rule r : rules) {
                present |= r.collective().equals(c) && r.locality().equals("any") && r.minRanks() == 0
                        && r.maxRanks() == Long.MAX_VALUE && r.minBytes() == 0 && r.maxBytes() == Long.MAX_VALUE
                        && r.algorithm().equals(last.algorithm());
            }
            if (!present) {
                rules.add(last);
            }
        }
        return Selection.of(rules, "tuner");
    }

    /** The first algorithm of the menu that can run every call (checked on awkward shapes). */
    static String catchAll(String collective) {
        for (String name : Registry.algorithms(collective)) {
            Algorithm a = Registry.algorithm(collective, name);
            boolean always = true;
            for (int size = 1; size <= 17 && always; size++) {
                for (int count : new int[] {0, 1, 2, 1000}) {
                    for (boolean commutative : new boolean[] {false, true}) {
                        if (a.unusable(new Problem(size, 8L * count, count, commutative)) != null) {
                            always = false;
                        }
                    }
                }
            }
            if (always) {
                return name;
            }
        }
        throw new IllegalStateException("no algorithm of " + collective + " can run every call");
    }
}
