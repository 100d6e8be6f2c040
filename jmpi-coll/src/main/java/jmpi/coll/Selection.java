package jmpi.coll;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A selection table (docs/COLLECTIVES.md): lines of {@code collective locality ranks bytes algorithm},
 * ranges as {@code min-max} or {@code *}, locality {@code jvm} (every member in this JVM),
 * {@code host} (every member on this host, several JVMs), {@code hosts} (several hosts), {@code processes}
 * (host or hosts: not all in this JVM) or {@code any}. For a call, the first line that matches and whose
 * algorithm's restrictions hold gives the algorithm. Immutable once read.
 */
public final class Selection {
    /** One line of the table. */
    public record Rule(String collective, String locality, long minRanks, long maxRanks, long minBytes, long maxBytes,
                       String algorithm, int line) {
        boolean matches(String coll, String loc, int ranks, long bytes) {
            return collective.equals(coll) && covers(locality, loc)
                    && ranks >= minRanks && ranks <= maxRanks && bytes >= minBytes && bytes <= maxBytes;
        }
    }

    /** The localities a table line may name. */
    static final List<String> LOCALITIES = List.of("any", "jvm", "host", "hosts", "processes");

    /** Whether a line's locality {@code rule} applies to a communicator of locality {@code loc}. */
    static boolean covers(String rule, String loc) {
        return rule.equals("any") || rule.equals(loc)
                || rule.equals("processes") && (loc.equals("host") || loc.equals("hosts"));
    }

    private final List<Rule> rules;
    private final String source;

    private Selection(List<Rule> rules, String source) {
        this.rules = List.copyOf(rules);
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
                if (!LOCALITIES.contains(loc)) {
                    throw new IllegalArgumentException(source + " line " + n + ": locality '" + w[1]
                            + "' is not one of " + LOCALITIES);
                }
                Registry.algorithm(coll, w[4]); // validates both names
                long[] ranks = range(w[2], source, n);
                long[] bytes = range(w[3], source, n);
                rules.add(new Rule(coll, loc, ranks[0], ranks[1], bytes[0], bytes[1], w[4], n));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return new Selection(rules, source);
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
     * The algorithm for a call: the first matching rule whose algorithm can run it.
     *
     * @throws IllegalStateException when no rule applies (a table without a catch-all line)
     */
    public Algorithm choose(String collective, String locality, Problem p) {
        for (Rule rule : rules) {
            if (rule.matches(collective, locality, p.size(), p.bytes())) {
                Algorithm a = Registry.algorithm(collective, rule.algorithm());
                if (a.unusable(p) == null) {
                    return a;
                }
            }
        }
        throw new IllegalStateException("the selection table (" + source + ") has no usable algorithm for " + collective
                + " on " + p.size() + " ranks, " + p.bytes() + " bytes");
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

    /** Rules in order, for the tuner to build a table. */
    public static Selection of(List<Rule> rules, String source) {
        for (Rule r : rules) {
            Registry.algorithm(r.collective(), r.algorithm());
        }
        return new Selection(rules, source);
    }

    static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
