package jmpi.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import jmpi.coll.Registry;
import jmpi.coll.Selection;

/**
 * Leus's broadcast/allreduce tables from {@link CollSweep} outputs: per collective and rank count, rows = message size in
 * doubles, columns = time of one call in ms per algorithm of jmpi's menu, then the selection table's
 * choice, its time, the best algorithm and the ratio default / best. Ends with how many points have the
 * default within 10 % of the best (issue 5's goal: 90 %). Not an MPI program.
 *
 * <p>{@code CollTables [--table FILE] [--locality jvm|processes] SWEEP_FILE...}.
 */
public final class CollTables {
    private CollTables() {
    }

    public static void main(String[] args) throws IOException {
        Selection table = Selection.defaults();
        String locality = "jvm";
        List<String> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--table" -> table = Selection.read(Path.of(args[++i]));
                case "--locality" -> locality = args[++i];
                default -> files.add(args[i]);
            }
        }
        System.out.print(render(Sweep.read(files), table, locality));
    }

    /** The tables as text. */
    public static String render(Sweep sweep, Selection table, String locality) {
        StringBuilder out = new StringBuilder();
        int within = 0;
        int points = 0;
        List<String> misses = new ArrayList<>();
        for (String c : sweep.collectives()) {
            List<String> algs = Registry.algorithms(c);
            for (int np : sweep.ranks(c)) {
                out.append(String.format(Locale.ROOT, "%n## %s, %d ranks: ms per call (average over ranks); '-' = not"
                        + " run (unusable or over the memory cap)%n", c, np));
                StringBuilder head = new StringBuilder(String.format("%10s", "doubles"));
                for (String a : algs) {
                    head.append(String.format(" %13s", a.length() > 13 ? a.substring(0, 13) : a));
                }
                head.append(String.format(" %13s %10s %13s %7s", "default", "default_ms", "best", "ratio"));
                out.append(head).append('\n');
                for (long bytes : sweep.sizes(c, np)) {
                    Map<String, Double> t = sweep.times(c, np, bytes);
                    t.keySet().retainAll(algs);
                    if (t.isEmpty()) {
                        continue;
                    }
                    StringBuilder row = new StringBuilder(String.format("%10d", bytes / 8));
                    for (String a : algs) {
                        Double v = t.get(a);
                        row.append(String.format(Locale.ROOT, " %13s", v == null ? "-" : ms(v)));
                    }
                    String dflt = table.choose(c, locality, CollKernel.problem(c, np, bytes, locality)).name();
                    String best = Sweep.best(t);
                    Double dt = t.get(dflt);
                    double ratio = dt == null ? Double.NaN : dt / t.get(best);
                    row.append(String.format(Locale.ROOT, " %13s %10s %13s %7s", dflt, dt == null ? "-" : ms(dt), best,
                            Double.isNaN(ratio) ? "-" : String.format(Locale.ROOT, "%.2f", ratio)));
                    out.append(row).append('\n');
                    if (!Double.isNaN(ratio)) {
                        points++;
                        if (ratio <= 1.10) {
                            within++;
                        } else {
                            misses.add(String.format(Locale.ROOT, "%s np=%d n=%d: %s %.2fx %s", c, np, bytes / 8, dflt,
                                    ratio, best));
                        }
                    }
                }
            }
        }
        out.append(String.format(Locale.ROOT, "%n# default within 10%% of the best of the menu: %d of %d points (%.0f%%;"
                + " goal 90%%)%n", within, points, points == 0 ? 0.0 : 100.0 * within / points));
        for (String m : misses) {
            out.append("#   miss: ").append(m).append('\n');
        }
        return out.toString();
    }

    private static String ms(double micros) {
        double v = micros / 1000;
        return String.format(Locale.ROOT, v >= 100 ? "%.1f" : v >= 1 ? "%.3f" : "%.4f", v);
    }
}
