package jmpi.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import jmpi.bench.CollKernel;
import jmpi.bench.Sweep;
import jmpi.coll.Registry;
import jmpi.coll.Selection;

/**
 * Leus's broadcast and allreduce tables (every algorithm x process count x size, doubles) measured with
 * jmpi's menu on the threads transport, drawn as heat maps with the selection table's choice framed.
 */
final class CollSection implements Section {
    @Override
    public String id() {
        return "coll";
    }

    @Override
    public String title() {
        return "Broadcast and allreduce: every algorithm (Leus's Tables 1-9 layout)";
    }

    /** The rank counts of both tables (one list: coll-sweep.sh then runs both menus side by side in each job). */
    static String ranks(Context c) {
        return c.quick ? "2 4" : "2 4 8 16";
    }

    @Override
    public List<Step> steps(Context c) {
        // one job per rank count, each running every algorithm of both menus (CollSweep --menu true)
        int positions = Math.max(CollKernel.tunable("bcast").size(), CollKernel.tunable("allreduce").size());
        int jobs = ranks(c).split(" ").length;
        List<String> cmd = new ArrayList<>(List.of("bin/jmpibench", "coll-tables", "--bcast-np", ranks(c),
                "--allreduce-np", ranks(c), "--keep", c.out.resolve("raw/coll-sweeps").toString()));
        // quick: a tenth of the per-point warm-up (each algorithm's at each point, up to 10^4 calls by default)
        cmd.addAll(c.quick ? List.of("--max-doubles", "10000", "--iters", "60", "--warmup", "10", "--point-warmup-calls", "1000")
                : List.of("--max-doubles", "1000000"));
        double seconds = (c.quick ? 4.0 : 25.0) * positions * jobs;
        return List.of(new Step("coll", "collective tables", cmd, NO_ENV, seconds, jobs,
                line -> line.startsWith("jmpibench coll-tables: ") ? line.substring(23).replaceAll(" \\(.*", "") : null));
    }

    @Override
    public void render(Context c) throws IOException {
        String out = begin(c, "Each algorithm of jmpi's bcast and allreduce menus, forced in turn (-Djmpi.coll.bcast / .allreduce),"
                + " over process counts and sizes of 10^2.. doubles, ranks as threads of one JVM (more ranks than cores"
                + " oversubscribes them); all algorithms of a rank count in one job, point by point in 3 interleaved"
                + " rounds. Time per call, ms, the average over ranks of each rank's time, the best of the rounds."
                + " Leus measured Intel MPI on four clusters; this is the same layout, on this machine.", "coll");
        if (out == null) {
            return;
        }
        List<String> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(c.out.resolve("raw/coll-sweeps"))) {
            s.filter(p -> p.getFileName().toString().endsWith(".txt")).sorted().forEach(p -> files.add(p.toString()));
        }
        Sweep sweep = Sweep.read(files);
        Selection table = Selection.defaults();
        for (String coll : sweep.collectives()) {
            List<String> algs = Registry.algorithms(coll);
            for (int np : sweep.ranks(coll)) {
                List<Long> sizes = new ArrayList<>(sweep.sizes(coll, np));
                List<String> rows = new ArrayList<>();
                for (String a : algs) {
                    for (long n : sizes) {
                        if (sweep.times(coll, np, n).containsKey(a)) {
                            rows.add(a);
                            break;
                        }
                    }
                }
                double[][] v = new double[rows.size()][sizes.size()];
                int[] chosen = new int[sizes.size()];
                List<String> cols = new ArrayList<>();
                for (int j = 0; j < sizes.size(); j++) {
                    long n = sizes.get(j);
                    cols.add(String.format(Locale.ROOT, "10^%d", Math.round(Math.log10(n / 8.0))));
                    Map<String, Double> t = sweep.times(coll, np, n);
                    for (int i = 0; i < rows.size(); i++) {
                        Double us = t.get(rows.get(i));
                        v[i][j] = us == null ? Double.NaN : us / 1000;
                    }
                    String dflt = table.choose(coll, "jvm", CollKernel.problem(coll, np, n, "jvm")).name();
                    chosen[j] = rows.indexOf(dflt);
                }
                if (rows.isEmpty()) {
                    continue;
                }
                c.heatMap("coll-" + coll + "-np" + np, coll + ", " + np + " ranks: ms per call", "algorithm", rows,
                        "doubles", cols, v, chosen, "ms per call", "coll", null);
            }
        }
        for (String line : out.split("\n")) {
            if (line.startsWith("# default within") || line.startsWith("#   miss")) {
                c.page.para(line.substring(2));
            }
        }
    }
}
