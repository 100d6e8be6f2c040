package jmpi.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code bin/jmpibench report [--quick] [--out DIR] [--sections LIST] [--no-progress]}: runs the benchmark sweeps
 * of the sections (each a process: bin/jmpibench, bin/jmpirun or a bench/ script in jmpi's checkout) and writes
 * DIR/index.html (every figure inline as SVG), DIR/NAME.svg and DIR/NAME.csv per figure, DIR/figures.tsv (the
 * list of figures) and every step's raw output in DIR/raw/. A failed step is shown on the page with its error,
 * the other sections go on, and the exit code is 1. {@code --quick} runs short sweeps (under 5 minutes on a
 * 2-core machine): a check that everything works, not a measurement.
 */
public final class ReportMain {
    static final Map<String, Section> SECTIONS = new LinkedHashMap<>();

    static {
        for (Section s : List.of(new CommsSection(), new NoncontigSection(), new CollSection(), new FtSection(),
                new NativeSection(), new GridSection())) {
            SECTIONS.put(s.id(), s);
        }
    }

    private ReportMain() {
    }

    public static void main(String[] args) throws IOException {
        boolean quick = false;
        Path out = Path.of("jmpi-report");
        List<String> ids = new ArrayList<>(SECTIONS.keySet());
        boolean progress = Progress.terminal();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--no-progress" -> progress = false;
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--sections" -> {
                    ids = List.of(value(args, ++i, "--sections").split(","));
                    for (String id : ids) {
                        if (!SECTIONS.containsKey(id)) {
                            usage("unknown section '" + id + "' (known: " + String.join(",", SECTIONS.keySet()) + ")");
                        }
                    }
                }
                case "-h", "--help" -> {
                    System.out.println("usage: bin/jmpibench report [--quick] [--out DIR] [--sections "
                            + String.join(",", SECTIONS.keySet()) + "] [--no-progress]");
                    return;
                }
                default -> usage("unknown argument '" + args[i] + "'");
            }
        }
        String homeProp = System.getProperty("jmpi.home");
        if (homeProp == null) {
            usage("-Djmpi.home is not set (run through bin/jmpibench report)");
        }
        Path home = Path.of(homeProp).toAbsolutePath();
        int code = run(home, out.toAbsolutePath(), quick, ids, progress);
        System.exit(code);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            usage(option + " needs a value");
        }
        return args[i];
    }

    private static void usage(String problem) {
        System.err.println("jmpibench report: " + problem);
        System.exit(2);
    }

    /**
     * Writes the sections from the steps' outputs, the figure list and the page. A section that cannot be written
     * says so on the page and counts as a failed step.
     */
    static void write(Context c, List<Section> sections, String intro, List<List<String>> facts) throws IOException {
        for (Section s : sections) {
            try {
                s.render(c);
            } catch (IOException | RuntimeException e) {
                c.failures.put("render-" + s.id(), e.toString());
                c.page.note("Writing this section failed: " + e);
            }
        }
        c.writeManifest();
        List<List<String>> all = new ArrayList<>(facts);
        all.add(List.of("failed steps", c.failures.isEmpty() ? "none" : String.join(", ", c.failures.keySet())));
        Files.writeString(c.out.resolve("index.html"), c.page.render("jmpi: the papers' measurements", intro, all));
    }

    /** Makes the report; returns the exit code (0: every step ran well; 1: some failed, the page says which). */
    static int run(Path home, Path out, boolean quick, List<String> ids, boolean live) throws IOException {
        Files.createDirectories(out.resolve("raw"));
        Machine machine = Machine.probe(home);
        Context c = new Context(home, out, quick, machine);
        List<Section> sections = ids.stream().map(SECTIONS::get).toList();
        List<Step> all = new ArrayList<>();
        for (Section s : sections) {
            all.addAll(s.steps(c));
        }
        Progress progress = new Progress(System.err, live, all);
        Runner runner = new Runner(home, out.resolve("raw"), progress);
        long start = System.nanoTime();
        String startLoad = Machine.load();
        for (Step step : all) {
            c.loads.put(step.name(), Machine.load());
            c.commands.put(step.name(), step.shown());
            try {
                c.outputs.put(step.name(), runner.run(step));
            } catch (IOException e) {
                c.failures.put(step.name(), e.getMessage());
            }
        }
        progress.finish();
        double minutes = (System.nanoTime() - start) / 60e9;
        List<List<String>> facts = List.of(
                List.of("machine", machine.host() + ", " + machine.cores() + " cores, " + machine.cpu()),
                List.of("JVM", machine.jvm()),
                List.of("jmpi commit", machine.commit()),
                List.of("made", Instant.now().toString().replaceAll("\\.\\d+Z", "Z") + String.format(java.util.Locale.ROOT,
                        " in %.1f min; load average at the start %s, at the end %s", minutes, startLoad, Machine.load())),
                List.of("command", "bin/jmpibench report" + (quick ? " --quick" : "") + " --out " + home.relativize(out)
                        + (ids.size() < SECTIONS.size() ? " --sections " + String.join(",", ids) : "")));
        String intro = "The papers' measurements reproduced with jmpi on this machine: the figures' data are in the CSV"
                + " files beside this page, every step's raw output in raw/. Ratios between runs on a shared machine are"
                + " noisy; the scripts named in each caption take more rounds."
                + (quick ? " This is a --quick report: short sweeps that check the whole chain, not measurements to quote." : "");
        write(c, sections, intro, facts);
        System.out.println("jmpibench report: wrote " + out.resolve("index.html") + " (" + c.failures.size()
                + " failed step(s)" + (c.failures.isEmpty() ? "" : ": " + String.join(", ", c.failures.keySet())) + ")");
        return c.failures.isEmpty() ? 0 : 1;
    }
}
