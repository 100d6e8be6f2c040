package jmpi.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Checks a written report: the page parses (XHTML), every figure listed in figures.tsv is on the page, its SVG
 * file parses, has a drawing (paths or cells) and no NaN, names its axes and series (in its title and
 * description), and its CSV holds finite numbers for every series the figure names. {@code ReportCheck DIR}
 * prints the problems and exits 1 when there are any.
 */
public final class ReportCheck {
    private ReportCheck() {
    }

    public static void main(String[] args) throws IOException {
        List<String> problems = check(Path.of(args[0]));
        problems.forEach(p -> System.out.println("problem: " + p));
        System.out.println(problems.isEmpty() ? "report ok" : problems.size() + " problem(s)");
        System.exit(problems.isEmpty() ? 0 : 1);
    }

    static Document parse(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    /** The problems found; empty when the report is whole. */
    public static List<String> check(Path dir) throws IOException {
        List<String> problems = new ArrayList<>();
        Document page;
        try {
            page = parse(dir.resolve("index.html"));
        } catch (Exception e) {
            problems.add("index.html does not parse: " + e.getMessage());
            return problems;
        }
        Set<String> onPage = new HashSet<>();
        NodeList figs = page.getElementsByTagNameNS("*", "figure");
        for (int i = 0; i < figs.getLength(); i++) {
            Element f = (Element) figs.item(i);
            if (f.getElementsByTagNameNS("*", "svg").getLength() != 1) {
                problems.add("figure " + f.getAttribute("id") + " on the page has no inline SVG");
            }
            onPage.add(f.getAttribute("id"));
        }
        Path manifest = dir.resolve("figures.tsv");
        if (!Files.exists(manifest)) {
            problems.add("figures.tsv is missing");
            return problems;
        }
        List<String> lines = Files.readAllLines(manifest);
        if (lines.size() < 2) {
            problems.add("figures.tsv lists no figure");
        }
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] w = line.split("\t", -1);
            if (w.length != 7) {
                problems.add("figures.tsv: bad line '" + line + "'");
                continue;
            }
            String id = w[0];
            if (!onPage.contains("fig-" + id)) {
                problems.add(id + ": not on the page");
            }
            for (int k = 2; k <= 4; k++) {
                if (w[k].isBlank()) {
                    problems.add(id + ": no " + List.of("", "", "title", "x axis title", "y axis title").get(k));
                }
            }
            List<String> series = w[5].isEmpty() ? List.of() : List.of(w[5].split("\\|"));
            if (series.isEmpty()) {
                problems.add(id + ": no series");
            }
            checkSvg(dir.resolve(id + ".svg"), id, w[1], w[2], w[3], w[4], series, problems);
            checkCsv(dir.resolve(w[6]), id, series, problems);
        }
        String html = Files.readString(dir.resolve("index.html"));
        if (html.contains("NaN")) {
            problems.add("index.html shows NaN");
        }
        return problems;
    }

    private static void checkSvg(Path file, String id, String kind, String title, String x, String y, List<String> series,
                                 List<String> problems) throws IOException {
        if (!Files.exists(file)) {
            problems.add(id + ": " + file.getFileName() + " is missing");
            return;
        }
        String text = Files.readString(file);
        if (text.contains("NaN")) {
            problems.add(id + ": the SVG contains NaN");
        }
        Document d;
        try {
            d = parse(file);
        } catch (Exception e) {
            problems.add(id + ": the SVG does not parse: " + e.getMessage());
            return;
        }
        Element root = d.getDocumentElement();
        if (!root.getLocalName().equals("svg")) {
            problems.add(id + ": the root element is " + root.getLocalName() + ", not svg");
        }
        String words = textOf(d, "title") + " " + textOf(d, "desc") + " " + textOf(d, "text");
        for (String s : List.of(title, x, y)) {
            if (!words.contains(s)) {
                problems.add(id + ": the SVG does not name '" + s + "'");
            }
        }
        for (String s : series) {
            if (!words.contains(s)) {
                problems.add(id + ": the SVG does not name the series '" + s + "'");
            }
        }
        int marks = d.getElementsByTagNameNS("*", "path").getLength() + d.getElementsByTagNameNS("*", "rect").getLength();
        int least = kind.equals("heatmap") ? 2 + series.size() : 20; // axes, ticks, glyphs, lines
        if (marks < least) {
            problems.add(id + ": the SVG draws almost nothing (" + marks + " shapes)");
        }
    }

    private static String textOf(Document d, String tag) {
        StringBuilder b = new StringBuilder();
        NodeList n = d.getElementsByTagNameNS("*", tag);
        for (int i = 0; i < n.getLength(); i++) {
            b.append(n.item(i).getTextContent()).append(' ');
        }
        return b.toString();
    }

    private static void checkCsv(Path file, String id, List<String> series, List<String> problems) throws IOException {
        if (!Files.exists(file)) {
            problems.add(id + ": " + file.getFileName() + " is missing");
            return;
        }
        List<String> lines = Files.readAllLines(file);
        if (lines.isEmpty() || !lines.get(0).startsWith("series,")) {
            problems.add(id + ": the CSV has no header");
            return;
        }
        Set<String> seen = new HashSet<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> cells = cells(line);
            seen.add(cells.get(0));
            // the value column: the last but one for heat maps (row,column,value,chosen), else the last
            String v = lines.get(0).endsWith(",chosen") ? cells.get(cells.size() - 2) : cells.get(cells.size() - 1);
            try {
                if (!Double.isFinite(Double.parseDouble(v))) {
                    problems.add(id + ": CSV value not finite: " + line);
                }
            } catch (NumberFormatException e) {
                problems.add(id + ": CSV value not a number: " + line);
            }
        }
        for (String s : series) {
            if (!seen.contains(s)) {
                problems.add(id + ": no data for the series '" + s + "' in " + file.getFileName());
            }
        }
    }

    static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quoted) {
                if (ch == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    b.append('"');
                    i++;
                } else if (ch == '"') {
                    quoted = false;
                } else {
                    b.append(ch);
                }
            } else if (ch == '"') {
                quoted = true;
            } else if (ch == ',') {
                out.add(b.toString());
                b.setLength(0);
            } else {
                b.append(ch);
            }
        }
        out.add(b.toString());
        return out;
    }
}
