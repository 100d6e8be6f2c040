package jmpi.programs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jmpi.report.ReportCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bin/jmpibench report --quick} as a user runs it, on the built jars: it ends well within its limit, and
 * the page, every figure and every data file it wrote are whole ({@link ReportCheck}: the page and the SVGs parse,
 * axes and series are named, the data have every series and no NaN), with the figures of every section.
 */
class ReportIT {
    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void quickReportIsWrittenWhole() throws Exception {
        Path home = Paths.get(System.getProperty("jmpi.home", "..")).toAbsolutePath().normalize();
        Path out = home.resolve("jmpi-programs/target/report-it");
        Path log = home.resolve("jmpi-programs/target/report-it.log");
        Files.createDirectories(out.getParent());
        Process p = new ProcessBuilder("bin/jmpibench", "report", "--quick", "--no-progress", "--out", out.toString())
                .directory(home.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(14, TimeUnit.MINUTES)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("report --quick still running after 14 minutes; log: " + log);
        }
        String said = Files.readString(log);
        assertEquals(0, p.exitValue(), "report --quick failed:\n" + said + failures(out));
        assertEquals(List.of(), ReportCheck.check(out));
        List<String> ids = new ArrayList<>();
        List<String> lines = Files.readAllLines(out.resolve("figures.tsv"));
        for (String line : lines.subList(1, lines.size())) {
            ids.add(line.split("\t")[0]);
        }
        for (String id : List.of("comms-time", "comms-rate", "noncontig-byte", "noncontig-double", "coll-bcast-np2",
                "coll-allreduce-np4", "ft-times", "ft-phases")) {
            assertTrue(ids.contains(id), id + " missing from " + ids);
        }
        boolean openmpi = Files.isExecutable(Path.of("/usr/bin/mpirun.openmpi"));
        assertEquals(openmpi, ids.contains("native-latency"), "the comparison with Open MPI runs exactly when it is installed");
    }

    private static String failures(Path out) throws IOException {
        Path page = out.resolve("index.html");
        return Files.exists(page) ? "\n(the page lists the failed steps; raw outputs in " + out.resolve("raw") + ")" : "";
    }
}
