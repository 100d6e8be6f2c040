package jmpi.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NAS FT (ranks x 1 thread) against FT_T (fewer ranks x threads, the ParJava paper's multithreaded
 * processes) on the same cores: best times and the phases of each configuration (the paper's Figures 7-10
 * shapes: time per configuration, and where it goes).
 */
final class FtSection implements Section {
    /** {ranks, threads} per configuration, in the order shown. */
    static final int[][] CONFIGS = {{2, 1}, {1, 2}, {4, 1}, {2, 2}, {1, 4}};
    static final String[] PHASES = {"setup", "fft_x", "fft_y", "fft_z", "fft_xy", "transpose", "evolve", "checksum"};

    @Override
    public String id() {
        return "ft";
    }

    @Override
    public String title() {
        return "NAS FT and FT_T (the ParJava paper)";
    }

    static String cls(Context c) {
        return c.quick ? "S" : "A";
    }

    static int rounds(Context c) {
        return c.quick ? 2 : 3;
    }

    static String name(int[] cfg) {
        return (cfg[1] == 1 ? "FT " : "FT_T ") + cfg[0] + "x" + cfg[1];
    }

    static String step(int round, int[] cfg) {
        return "ft-" + cfg[0] + "x" + cfg[1] + "-r" + round;
    }

    @Override
    public List<Step> steps(Context c) {
        List<Step> s = new ArrayList<>();
        // interleaved rounds: a slow phase of the machine lands on every configuration alike
        for (int r = 1; r <= rounds(c); r++) {
            for (int[] cfg : CONFIGS) {
                s.add(new Step(step(r, cfg), name(cfg) + " round " + r, List.of("bin/jmpirun", "-np", "" + cfg[0],
                        "-cp", "jmpi-dist/target/lib/jmpi-examples.jar", "jmpi.examples.FT", "--class", cls(c),
                        "--threads", "" + cfg[1], "--profile"),
                        Map.of("JMPI_JAVA_OPTS", (c.quick ? "-Xmx2g" : "-Xmx6g") + " --add-modules jdk.incubator.vector"),
                        c.quick ? 3 : 12, 0, line -> null));
            }
        }
        return s;
    }

    /** Seconds and the phases' seconds of one run's output (NaN when it did not verify). */
    static double[] parse(String out) {
        double[] v = new double[PHASES.length + 1];
        java.util.Arrays.fill(v, Double.NaN);
        if (!out.contains("Verification    =               SUCCESSFUL")) {
            return v;
        }
        for (String line : out.split("\n")) {
            String t = line.trim();
            if (t.startsWith("Time in seconds")) {
                v[0] = Double.parseDouble(t.substring(t.indexOf('=') + 1).trim());
            }
            String[] w = t.split("\\s+");
            for (int i = 0; i < PHASES.length; i++) {
                if (w.length == 3 && w[0].equals(PHASES[i]) && Section.isNumber(w[1])) {
                    v[i + 1] = Double.parseDouble(w[1]);
                }
            }
        }
        return v;
    }

    @Override
    public void render(Context c) throws IOException {
        c.page.section(id(), title());
        c.page.para("NAS FT class " + cls(c) + " (NPB 3.4's algorithm, verified against NPB's checksums): FT runs ranks x 1"
                + " thread, FT_T runs each rank's FFTs, local transposes and evolve step on a task pool of T threads (the"
                + " ParJava paper's MPMT model); one Alltoallv per global transpose. Ranks are threads of one JVM. Best of "
                + rounds(c) + " interleaved rounds; the phases are those of the best run (rank 0's timers)."
                + (c.quick ? " --quick runs class S, whose runs are milliseconds long: a smoke test of the shapes, not a"
                + " measurement." : ""));
        Map<String, double[]> best = new LinkedHashMap<>();
        String provenance = null;
        List<String> failed = new ArrayList<>();
        for (int[] cfg : CONFIGS) {
            double[] b = null;
            for (int r = 1; r <= rounds(c); r++) {
                String out = Section.output(c, step(r, cfg));
                if (out == null) {
                    failed.add(step(r, cfg));
                    continue;
                }
                provenance = step(r, cfg);
                double[] v = parse(out);
                if (!Double.isNaN(v[0]) && (b == null || v[0] < b[0])) {
                    b = v;
                }
            }
            if (b != null) {
                best.put(name(cfg), b);
            }
        }
        for (String f : failed) {
            Section.failed(c, f);
        }
        if (best.isEmpty()) {
            c.page.note("No FT run verified.");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        double ft2 = best.containsKey("FT 2x1") ? best.get("FT 2x1")[0] : Double.NaN;
        for (var e : best.entrySet()) {
            rows.add(List.of(e.getKey(), Figures.num(e.getValue()[0]),
                    Double.isNaN(ft2) ? "-" : String.format(java.util.Locale.ROOT, "%.2f", e.getValue()[0] / ft2)));
        }
        c.page.table("Best time per configuration (seconds)", List.of("configuration", "seconds", "vs FT 2x1"), rows);
        List<String> cats = new ArrayList<>(best.keySet());
        double[] secs = cats.stream().mapToDouble(k -> best.get(k)[0]).toArray();
        List<Figures.Bars> total = List.of(new Figures.Bars("time (s)", secs));
        c.figure("ft-times", Figures.bars("NAS FT class " + cls(c) + ": FT against FT_T", "configuration (ranks x threads)",
                "seconds", cats, total, false), cats, total, provenance, null);
        List<Figures.Bars> phases = new ArrayList<>();
        for (int i = 0; i < PHASES.length; i++) {
            int k = i + 1;
            phases.add(new Figures.Bars(PHASES[i], cats.stream().mapToDouble(n -> best.get(n)[k]).toArray()));
        }
        c.figure("ft-phases", Figures.bars("NAS FT class " + cls(c) + ": phases of the best run", "configuration (ranks x threads)",
                "seconds", cats, phases, true), cats, phases, provenance, "transpose = the global transposes (Alltoallv)");
    }
}
