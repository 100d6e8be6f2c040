package jmpi.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report written from drivers' real outputs (kept in test resources) without running them: every section
 * draws what it should, and {@link ReportCheck} finds a whole report whole and a damaged one damaged.
 */
class ReportTest {
    @TempDir
    Path dir;

    static String resource(String name) throws IOException {
        try (InputStream in = ReportTest.class.getResourceAsStream("/outputs/" + name)) {
            if (in == null) {
                throw new IOException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A report of every section from canned outputs, in {@link #dir}; returns its context. */
    Context write() throws IOException {
        Path home = Path.of("..").toAbsolutePath().normalize(); // the checkout: the grid section reads bench/results
        Context c = new Context(home, dir, true, new Machine("testhost", 2, "a CPU", "a JVM", "abc123"));
        Files.createDirectories(dir.resolve("raw/coll-sweeps"));
        for (int k = 0; k <= 6; k++) { // every algorithm of both menus on 2 ranks
            String f = "np2-k" + k + ".txt";
            Files.writeString(dir.resolve("raw/coll-sweeps/" + f), resource("coll-sweeps/" + f));
        }
        String comms1 = resource("comms1.txt");
        c.outputs.put("comms1", comms1);
        c.outputs.put("comms2", comms1.replace("comms1", "comms2"));
        c.outputs.put("noncontig", resource("noncontig.txt"));
        c.outputs.put("coll", resource("coll.txt"));
        String ft = resource("ft-2x2-r1.txt");
        for (int r = 1; r <= FtSection.rounds(c); r++) {
            for (int[] cfg : FtSection.CONFIGS) {
                c.outputs.put(FtSection.step(r, cfg), ft);
            }
        }
        c.outputs.put("native", resource("native.txt"));
        List<Section> sections = new ArrayList<>(ReportMain.SECTIONS.values());
        ReportMain.write(c, sections, "test", List.of(List.of("machine", "testhost")));
        return c;
    }

    static List<String> ids(Path dir) throws IOException {
        List<String> ids = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve("figures.tsv")).subList(1, Files.readAllLines(dir.resolve("figures.tsv")).size())) {
            ids.add(line.split("\t")[0]);
        }
        return ids;
    }

    @Test
    void everySectionDrawsItsFiguresAndTheReportChecksWhole() throws IOException {
        Context c = write();
        assertEquals(Map.of(), c.failures, "no section failed to render");
        List<String> ids = ids(dir);
        for (String id : List.of("comms-time", "comms-rate", "noncontig-byte", "noncontig-double", "coll-bcast-np2",
                "coll-allreduce-np2", "ft-times", "ft-phases", "native-latency", "native-bandwidth")) {
            assertTrue(ids.contains(id), id + " in " + ids);
        }
        assertTrue(ids.stream().anyMatch(i -> i.startsWith("grid-")), "the committed grid results are drawn: " + ids);
        assertEquals(List.of(), ReportCheck.check(dir));
        String html = Files.readString(dir.resolve("index.html"));
        // Table 1 beside the paper, Table 3 with its spread, the FT table, the coll summary
        assertTrue(html.contains("comms1 (jmpi, here)") && html.contains("comms1 (java), the paper"), "Table 1");
        assertTrue(html.contains("<td>jmpi double</td><td>stride</td><td>100000</td>"), "Table 3 row for doubles");
        assertTrue(html.contains("<td>FT_T 2x2</td>"), "FT table");
        assertTrue(html.contains("default within 10% of the best"), "the selection table's score");
        // the comms figure carries the fit as a series, with the measured points
        String csv = Files.readString(dir.resolve("comms-time.csv"));
        assertTrue(csv.contains("comms1 (jmpi),1,0.112"), csv.substring(0, 200));
        assertTrue(csv.contains("comms1 fit t0 + n/r_inf,"), "fit series in the data");
        // the heat map frames the selection table's choice in every column (every algorithm was measured)
        String heat = Files.readString(dir.resolve("coll-bcast-np2.svg"));
        assertEquals(3, heat.split("class=\"chosen\"", -1).length - 1, "one frame per size column");
    }

    @Test
    void checkFindsANaNInTheData() throws IOException {
        write();
        Path csv = dir.resolve("comms-rate.csv");
        List<String> lines = new ArrayList<>(Files.readAllLines(csv));
        lines.set(2, lines.get(2).replaceAll(",[^,]*$", ",NaN"));
        Files.write(csv, lines);
        assertTrue(ReportCheck.check(dir).stream().anyMatch(p -> p.contains("comms-rate: CSV value not finite")),
                ReportCheck.check(dir).toString());
    }

    @Test
    void checkFindsASeriesWithoutData() throws IOException {
        write();
        Path csv = dir.resolve("noncontig-byte.csv");
        Files.write(csv, Files.readAllLines(csv).stream().filter(l -> !l.startsWith("stride,")).toList());
        assertTrue(ReportCheck.check(dir).contains("noncontig-byte: no data for the series 'stride' in noncontig-byte.csv"),
                ReportCheck.check(dir).toString());
    }

    @Test
    void checkFindsAFigureMissingFromThePageAndABrokenSvg() throws IOException {
        write();
        Path page = dir.resolve("index.html");
        Files.writeString(page, Files.readString(page).replace("id=\"fig-ft-times\"", "id=\"fig-other\""));
        Path svg = dir.resolve("ft-phases.svg");
        String s = Files.readString(svg);
        Files.writeString(svg, s.substring(0, s.length() / 2));
        List<String> problems = ReportCheck.check(dir);
        assertTrue(problems.contains("ft-times: not on the page"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("ft-phases: the SVG does not parse")), problems.toString());
    }

    @Test
    void checkFindsAnSvgThatDoesNotNameItsAxes() throws IOException {
        write();
        Path svg = dir.resolve("comms-time.svg");
        Files.writeString(svg, Files.readString(svg).replace("x: message size (bytes)", "x: ?"));
        assertTrue(ReportCheck.check(dir).contains("comms-time: the SVG does not name 'message size (bytes)'"),
                ReportCheck.check(dir).toString());
    }

    @Test
    void aFailedStepIsShownAndTheOthersAreDrawn() throws IOException {
        Context c = new Context(Path.of("..").toAbsolutePath().normalize(), dir, true, new Machine("h", 2, "c", "j", "x"));
        c.outputs.put("comms1", resource("comms1.txt"));
        c.failures.put("comms2", "comms2: exit code 3 from bin/jmpibench comms2\nboom");
        ReportMain.write(c, List.of(new CommsSection()), "test", List.of());
        String html = Files.readString(dir.resolve("index.html"));
        assertTrue(html.contains("exit code 3 from bin/jmpibench comms2"), "the failure is on the page");
        assertTrue(html.contains("<td>failed steps</td>") || html.contains(">failed steps<"), "listed among the facts");
        assertTrue(ids(dir).contains("comms-time"), "comms1 still drawn");
        assertEquals(List.of(), ReportCheck.check(dir));
    }

    @Test
    void ftRunsThatDidNotVerifyAreNotTimes() throws IOException {
        String ok = resource("ft-2x2-r1.txt");
        double[] v = FtSection.parse(ok);
        assertTrue(v[0] > 0 && Double.isFinite(v[0]), "time");
        for (int i = 1; i < v.length; i++) {
            assertTrue(Double.isFinite(v[i]), FtSection.PHASES[i - 1]);
        }
        assertTrue(Double.isNaN(FtSection.parse(ok.replace("SUCCESSFUL", "UNSUCCESSFUL"))[0]));
    }

    @Test
    void runnerKeepsOutputCountsPointsAndNamesAFailure() throws IOException {
        Path raw = dir.resolve("raw");
        Step good = new Step("good", "good", List.of("sh", "-c", "echo '# head'; echo 'P 1'; echo 'P 2'"), Map.of(), 1, 2,
                l -> l.startsWith("P ") ? l : null);
        Progress p = new Progress(System.err, false, List.of(good));
        String out = new Runner(dir, raw, p).run(good);
        assertEquals("# head\nP 1\nP 2\n", out);
        assertEquals(out, Files.readString(raw.resolve("good.txt")));
        assertEquals(2, p.pointsSeen(), "two point lines");
        Step bad = new Step("bad", "bad", List.of("sh", "-c", "echo out; echo 'the reason' >&2; exit 3"), Map.of("X", "1"),
                1, 0, l -> null);
        Runner.StepFailed e = assertThrows(Runner.StepFailed.class, () -> new Runner(dir, raw, p).run(bad));
        assertTrue(e.getMessage().contains("exit code 3") && e.getMessage().contains("the reason"), e.getMessage());
        assertEquals("out\n", Files.readString(raw.resolve("bad.txt")), "a failed step's output is kept too");
    }

    @Test
    void aFitWithoutSlopeIsShownNotDrawn() throws IOException {
        // seen in a loaded run: every size took the same wake-up time, and the fit printed r_inf "inf"
        Context c = new Context(Path.of("..").toAbsolutePath().normalize(), dir, true, new Machine("h", 2, "c", "j", "x"));
        String comms1 = resource("comms1.txt").replaceAll("comms1 \\(jmpi\\)\\s+\\S+\\s+\\S+", "comms1 (jmpi)          inf            -");
        c.outputs.put("comms1", comms1);
        c.outputs.put("comms2", resource("comms1.txt").replace("comms1", "comms2"));
        ReportMain.write(c, List.of(new CommsSection()), "test", List.of());
        assertEquals(Map.of(), c.failures);
        String html = Files.readString(dir.resolve("index.html"));
        assertTrue(html.contains("comms1: the fit has no finite positive r_inf"), "said so");
        assertTrue(html.contains("<td>comms1 (jmpi, here)</td><td>inf</td><td>-</td>"), "shown as printed");
        String csv = Files.readString(dir.resolve("comms-time.csv"));
        assertFalse(csv.contains("comms1 fit"), "no comms1 fit line");
        assertTrue(csv.contains("comms2 fit"), "comms2's fit still drawn");
        assertEquals(List.of(), ReportCheck.check(dir));
    }
}
