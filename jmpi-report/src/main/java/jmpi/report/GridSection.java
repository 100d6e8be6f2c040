package jmpi.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The GridMPI paper's figures: two emulated clusters joined by one slow link (bench/grid-figures.sh, which
 * needs root for its network namespaces). The full report measures them when it can; otherwise, and always
 * with --quick, it draws the results committed in bench/results and says so.
 */
final class GridSection implements Section {
    static final String COMMITTED = "bench/results/2026-11-25-grid-figures.txt";

    @Override
    public String id() {
        return "grid";
    }

    @Override
    public String title() {
        return "Two clusters joined by a slow link (the GridMPI paper)";
    }

    static boolean canMeasure() {
        return "root".equals(System.getProperty("user.name")) && NativeSection.installed("ip");
    }

    @Override
    public List<Step> steps(Context c) {
        if (c.quick || !canMeasure()) {
            return List.of();
        }
        return List.of(new Step("grid", "grid figures", List.of("bench/grid-figures.sh", "--links", "1gbit:1ms",
                "--rounds", "1", "--no-c"), NO_ENV, 900, 0, line -> null));
    }

    @Override
    public void render(Context c) throws IOException {
        c.page.section(id(), title());
        String out = Section.output(c, "grid");
        String step = "grid";
        if (out == null) {
            if (c.failures.containsKey("grid")) {
                Section.failed(c, "grid");
            }
            Path committed = c.home.resolve(COMMITTED);
            if (!Files.exists(committed)) {
                c.page.note("Not measured by this run, and no committed results (" + COMMITTED + ").");
                return;
            }
            c.page.note("Not measured by this run (" + (c.quick ? "--quick" : "needs root and iproute2 for the network"
                    + " namespaces") + "). Drawn from the committed results " + COMMITTED + ", measured on this machine kind"
                    + " by bench/grid-figures.sh; its header says how.");
            out = Files.readString(committed);
            c.loads.put("grid-committed", "see the file's header");
            c.commands.put("grid-committed", commandOf(out));
            step = "grid-committed";
        }
        c.page.para("MB/s per size between two clusters of emulated hosts (network namespaces, one rank per host) joined by"
                + " a link of limited rate and one-way delay. jmpi-new: cluster-aware collectives and data sent ahead of the"
                + " rendezvous across the link; jmpi-unaware: the same protocol, topology-unaware algorithms; jmpi-old:"
                + " neither; c: the same benchmark in C on Open MPI over TCP, when present.");
        String link = "";
        String[] head = null;
        java.util.Map<String, List<String[]>> byTest = new java.util.LinkedHashMap<>();
        List<String> links = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.startsWith("## link")) {
                flush(c, link, head, byTest, step);
                byTest.clear();
                link = line.substring(3).replaceAll(" \\(.*", "");
                links.add(link);
                head = null;
                continue;
            }
            String[] w = line.trim().split("\\s+");
            if (w.length > 3 && w[0].equals("test") && w[1].equals("bytes")) {
                head = w;
            } else if (head != null && w.length > 2 && w[1].matches("\\d+") && !line.startsWith("#")) {
                byTest.computeIfAbsent(w[0], k -> new ArrayList<>()).add(w);
            }
        }
        flush(c, link, head, byTest, step);
        if (links.isEmpty()) {
            c.page.note("No link's table found in the output.");
        }
    }

    private static String commandOf(String out) {
        for (String line : out.split("\n")) {
            if (line.startsWith("# command: ")) {
                return line.substring(11);
            }
        }
        return "bench/grid-figures.sh";
    }

    private static void flush(Context c, String link, String[] head, java.util.Map<String, List<String[]>> byTest,
                              String step) throws IOException {
        if (head == null || byTest.isEmpty()) {
            return;
        }
        // header: test bytes SIDE MB/s SIDE MB/s ... ratio columns (a/b)
        List<String> sides = new ArrayList<>();
        List<Integer> cols = new ArrayList<>();
        int col = 2;
        for (int j = 2; j + 1 < head.length; j++) {
            if (head[j + 1].equals("MB/s")) {
                sides.add(head[j]);
                cols.add(col);
                j++;
            }
            col++;
        }
        for (var e : byTest.entrySet()) {
            List<Figures.Series> series = new ArrayList<>();
            for (int s = 0; s < sides.size(); s++) {
                List<double[]> pts = new ArrayList<>();
                for (String[] w : e.getValue()) {
                    if (cols.get(s) < w.length) {
                        pts.add(new double[] {Double.parseDouble(w[1]), Section.number(w[cols.get(s)])});
                    }
                }
                if (pts.stream().anyMatch(p -> Double.isFinite(p[1]))) {
                    series.add(Figures.Series.measured(sides.get(s), pts));
                }
            }
            if (series.isEmpty()) {
                continue;
            }
            String id = "grid-" + link.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "") + "-" + e.getKey();
            c.figure(id, Figures.xy(e.getKey() + " across the " + link, "message size (bytes)", "MB/s (10^6 B/s)", true,
                    true, series), series, step, null);
        }
    }
}
