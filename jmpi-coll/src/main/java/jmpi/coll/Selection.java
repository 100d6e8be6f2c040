package jmpi.coll;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A selection table (docs/COLLECTIVES.md): lines of {@code collective locality ranks bytes algorithm},
 * ranges as {@code min-max} or {@code *}, a {@link Locality} of {@code jvm}, {@code host}, {@code hosts},
 * {@code clusters}, {@code native}, {@code processes} or {@code any}. For a call, the first line that matches and whose algorithm's
 * restrictions hold gives the algorithm, typed by its collective's {@link Menu}. Immutable once read:
 * safe from any thread.
 */
public final class Selection {
    /** One line of the table, as written (names as in the file; {@link #parse} and {@link #of} check them). */
    public record Rule(String collective, String locality, long minRanks, long maxRanks, long minBytes, long maxBytes,
                       String algorithm, int line) {
    }

    /** A rule with its names resolved: what {@link #choose} scans. */
    private record Line(Collective collective, Locality locality, Rule rule) {
        boolean matches(Collective coll, Locality loc, int ranks, long bytes) {
            return collective == coll && locality.covers(loc) && ranks >= rule.minRanks && ranks <= rule.maxRanks
                    && bytes >= rule.minBytes && bytes <= rule.maxBytes;
        }
    }

    private final List<Rule> rules;
    private final List<Line> lines;
    private final String source;

    private Selection(List<Rule> rules, List<Line> lines, String source) {
        this.rules = List.copyOf(rules);
        this.lines = List.copyOf(lines);
        this.source = source;
    }
    public List<Rule> rules() {
        return rules;
    }

    public String source() {
        return source;
    }

    /** The table shipped with jmpi. */
    public static Selection defaults() {
        try (InputStream in = Selection.class.getResourceAsStream("selection.txt")) {
            if (in == null) {
                throw new IllegalStateException("jmpi-coll is missing its default selection table");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "built-in table");
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the default selection table", e);
        }
    }

    /** Reads a table file (as written by the tuner). */
    public static Selection read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** Parses table text; a malformed line or an unknown collective or algorithm is an error naming the line. */
    public static Selection parse(String text, String source) {
        List<Rule> rules = new ArrayList<>();
        int n = 0;
        try (BufferedReader r = new BufferedReader(new java.io.StringReader(text))) {
            String raw;
            while ((raw = r.readLine()) != null) {
                n++;
                int hash = raw.indexOf('#');
                String line = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
                if (line.isEmpty()) {
                    continue;
                }
                String[] w = line.split("\\s+");
                if (w.length != 5) {
                    throw new IllegalArgumentException(source + " line " + n + ": expected 5 words (collective locality"
                            + " ranks bytes algorithm), found " + w.length);
                }
                String coll = w[0].toLowerCase(Locale.ROOT);
                String loc = w[1].toLowerCase(Locale.ROOT);
                if (!Locality.NAMES.contains(loc)) {
                    throw new IllegalArgumentException(source + " line " + n + ": locality '" + w[1]
                            + "' is not one of " + Locality.NAMES);
                }
                long[] ranks = range(w[2], source, n);
                long[] bytes = range(w[3], source, n);
                rules.add(new Rule(coll, loc, ranks[0], ranks[1], bytes[0], bytes[1], w[4], n));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return of(rules, source);
    }

    private static long[] range(String s, String source, int line) {
        if (s.equals("*")) {
            return new long[] {0, Long.MAX_VALUE};
        }
        try {
            int dash = s.indexOf('-');
            if (dash < 0) {
                long v = Long.parseLong(s);
                return new long[] {v, v};
            }
            long lo = Long.parseLong(s.substring(0, dash));
            String hi = s.substring(dash + 1);
            return new long[] {lo, hi.equals("*") ? Long.MAX_VALUE : Long.parseLong(hi)};
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(source + " line " + line + ": bad range '" + s + "'", e);
        }
    }

    /**
     * The algorithm of {@code menu}'s collective for a call on a communicator of locality {@code locality}:
     * the first matching rule whose algorithm can run {@code p}.
     *
     * @throws IllegalStateException when no rule applies (a table without a catch-all line)
     */
    public <A extends Algorithm> A choose(Menu<A> menu, Locality locality, Problem p) {
        Collective collective = menu.collective();
        for (Line line : lines) {
            if (line.matches(collective, locality, p.size(), p.bytes())) {
                A a = menu.get(line.rule.algorithm());
                if (a.unusable(p) == null) {
                    return a;
                }
            }
        }
        throw new IllegalStateException("the selection table (" + source + ") has no usable algorithm for " + collective
                + " on " + p.size() + " ranks, " + p.bytes() + " bytes");
    }

    /** {@link #choose(Menu, Locality, Problem)} by names, as the tools and the table name them. */
    public Algorithm choose(String collective, String locality, Problem p) {
        return choose(Registry.menu(Collective.of(collective)), Locality.of(locality), p);
    }

    /** Writes the table in its file format. */
    public String format() {
        StringBuilder b = new StringBuilder("# collective      locality  ranks   bytes            algorithm\n");
        for (Rule r : rules) {
            b.append(String.format(Locale.ROOT, "%-17s %-9s %-7s %-16s %s%n", r.collective(), r.locality(),
                    fmt(r.minRanks(), r.maxRanks()), fmt(r.minBytes(), r.maxBytes()), r.algorithm()));
        }
        return b.toString();
    }

    private static String fmt(long lo, long hi) {
        if (lo == 0 && hi == Long.MAX_VALUE) {
            return "*";
        }
        return lo + "-" + (hi == Long.MAX_VALUE ? "*" : Long.toString(hi));
    }

    /**
     * Rules in order (the parser's, or the tuner's to build a table). An unknown collective, locality or
     * algorithm is an error naming the rule's line (0 for a rule not read from a file) and the known names.
     */
    public static Selection of(List<Rule> rules, String source) {
        List<Line> lines = new ArrayList<>(rules.size());
        for (Rule r : rules) {
            try {
                Collective c = Collective.of(r.collective());
                Registry.menu(c).get(r.algorithm());
                lines.add(new Line(c, Locality.of(r.locality()), r));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + " line " + r.line() + ": " + e.getMessage(), e);
            }
        }
        return new Selection(rules, lines, source);
    }
}
