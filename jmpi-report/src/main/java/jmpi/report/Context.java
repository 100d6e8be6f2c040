package jmpi.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the sections share while a report is made: the options, the machine, the steps' outputs, the page,
 * and the figures written so far. Every figure is written three ways: inline in the page, as NAME.svg, and
 * its data as NAME.csv; figures.tsv lists them with their titles, axes and series for {@link ReportCheck}.
 */
final class Context {
    final Path home;
    final Path out;
    final boolean quick;
    final Machine machine;
    final Page page = new Page();
    /** Output of each step that ran, by step name. */
    final Map<String, String> outputs = new LinkedHashMap<>();
    /** Why a step failed, by step name. */
    final Map<String, String> failures = new LinkedHashMap<>();
    /** The load averages at the start of each step, by step name. */
    final Map<String, String> loads = new LinkedHashMap<>();
    /** The command of each step, by step name. */
    final Map<String, String> commands = new LinkedHashMap<>();
    private final List<String> manifest = new ArrayList<>();

    Context(Path home, Path out, boolean quick, Machine machine) {
        this.home = home;
        this.out = out;
        this.quick = quick;
        this.machine = machine;
    }

    /** The caption line every figure carries: where, when (load), with what, and how to reproduce it. */
    String provenance(String step) {
        return "Measured on " + machine.describe() + "; load average (1, 5, 15 min) at the start: "
                + loads.getOrDefault(step, "unknown") + ". Reproduce: " + commands.getOrDefault(step, "?");
    }

    /** Writes an XChart figure with its data; adds it to the page. */
    void figure(String id, Figures.Drawn d, List<Figures.Series> data, String step, String note) throws IOException {
        StringBuilder csv = new StringBuilder("series,x,y\n");
        for (Figures.Series s : data) {
            if (!d.seriesNames().contains(s.name())) {
                continue;
            }
            for (int i = 0; i < s.x().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    csv.append(csvCell(s.name())).append(',').append(num(s.x()[i])).append(',').append(num(s.y()[i])).append('\n');
                }
            }
        }
        add(id, "xy", d, csv.toString(), step, note);
    }

    /** Writes a bar figure with its data; adds it to the page. */
    void figure(String id, Figures.Drawn d, List<String> categories, List<Figures.Bars> bars, String step, String note)
            throws IOException {
        StringBuilder csv = new StringBuilder("series,category,value\n");
        for (Figures.Bars b : bars) {
            if (!d.seriesNames().contains(b.name())) {
                continue;
            }
            for (int i = 0; i < categories.size(); i++) {
                if (Double.isFinite(b.values()[i])) {
                    csv.append(csvCell(b.name())).append(',').append(csvCell(categories.get(i))).append(',')
                            .append(num(b.values()[i])).append('\n');
                }
            }
        }
        add(id, "bars", d, csv.toString(), step, note);
    }

    /** Writes a heat map (its own SVG) with its data ({@code row,column,value,chosen}); adds it to the page. */
    void heatMap(String id, String title, String rowTitle, List<String> rows, String columnTitle, List<String> columns,
                 double[][] values, int[] chosen, String unit, String step, String note) throws IOException {
        String svg = HeatMap.svg(title, rowTitle, rows, columnTitle, columns, values, chosen, unit);
        StringBuilder csv = new StringBuilder("series,column,value,chosen\n");
        for (int r = 0; r < rows.size(); r++) {
            for (int c = 0; c < columns.size(); c++) {
                if (Double.isFinite(values[r][c])) {
                    csv.append(csvCell(rows.get(r))).append(',').append(csvCell(columns.get(c))).append(',')
                            .append(num(values[r][c])).append(',').append(chosen[c] == r).append('\n');
                }
            }
        }
        List<String> shown = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            for (double v : values[r]) {
                if (Double.isFinite(v)) {
                    shown.add(rows.get(r));
                    break;
                }
            }
        }
        add(id, "heatmap", new Figures.Drawn(svg, title, columnTitle, rowTitle, shown), csv.toString(), step, note);
    }

    private void add(String id, String kind, Figures.Drawn d, String csv, String step, String note) throws IOException {
        String svg = withDescription(d);
        Files.writeString(out.resolve(id + ".svg"), svg);
        Files.writeString(out.resolve(id + ".csv"), csv);
        manifest.add(String.join("\t", id, kind, tsv(d.title()), tsv(d.xTitle()), tsv(d.yTitle()),
                tsv(String.join("|", d.seriesNames())), id + ".csv"));
        page.raw("<figure id=\"fig-" + Page.esc(id) + "\">\n" + inline(svg) + "<figcaption>" + Page.esc(d.title())
                + (note == null ? "" : ". " + Page.esc(note)) + " " + Page.esc(provenance(step)) + " Data: <a href=\""
                + Page.esc(id) + ".csv\">" + Page.esc(id) + ".csv</a>, figure: <a href=\"" + Page.esc(id) + ".svg\">"
                + Page.esc(id) + ".svg</a>.</figcaption>\n</figure>\n");
    }

    void writeManifest() throws IOException {
        Files.writeString(out.resolve("figures.tsv"), "id\tkind\ttitle\tx_title\ty_title\tseries\tdata\n"
                + String.join("\n", manifest) + (manifest.isEmpty() ? "" : "\n"));
    }

    /**
     * The SVG with a title and a description (axes and series) for readers that do not see it: XChart draws its
     * text as outlines, so the words are otherwise not in the file.
     */
    private static String withDescription(Figures.Drawn d) {
        String svg = d.svg();
        int open = svg.indexOf("<svg");
        int end = svg.indexOf('>', open);
        if (open < 0 || end < 0) {
            throw new IllegalStateException("not an SVG document: " + svg.substring(0, Math.min(80, svg.length())));
        }
        if (svg.substring(end).startsWith(">\n<title>") || svg.startsWith("<title>", end + 1)) {
            return svg; // the heat map has its own title
        }
        String desc = "<title>" + Page.esc(d.title()) + "</title><desc>x: " + Page.esc(d.xTitle()) + "; y: "
                + Page.esc(d.yTitle()) + "; series: " + Page.esc(String.join(", ", d.seriesNames())) + "</desc>";
        return svg.substring(0, end + 1) + "\n" + desc + svg.substring(end + 1);
    }

    /** The SVG without its XML declaration and document type, to sit inside the page. */
    private static String inline(String svg) {
        int i = svg.indexOf("<svg");
        return svg.substring(i);
    }

    static String csvCell(String s) {
        return s.matches(".*[,\"\n].*") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }

    private static String tsv(String s) {
        return s.replace('\t', ' ').replace('\n', ' ');
    }

    /** A number for the CSV: integers without a fraction, others as Java writes a double (shortest exact form). */
    static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
