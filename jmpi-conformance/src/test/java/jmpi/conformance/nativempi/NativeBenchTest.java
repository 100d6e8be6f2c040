package jmpi.conformance.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jmpi.conformance.nativempi.NativeLaunch.Library;

/**
 * The jmpi side of {@code bench/compare-openmpi.sh --transport native} and {@code bench/compare-coll.sh --transport
 * native}: the drivers those scripts start under the library's launcher ({@code jmpi.bench.Latency},
 * {@code Bandwidth}, {@code CollSweep}) run to the end on the native transport, Open MPI and MPICH in turn, on tiny
 * sizes and few iterations, and print a positive value for every size the scripts' tables join on. Measures
 * nothing. Skipped per library where its launcher is not installed. Stateless.
 */
@Timeout(600)
class NativeBenchTest {
    private static final Duration LIMIT = Duration.ofSeconds(150);
    /** A data row of Latency / Bandwidth: bytes, iterations, value. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\s*(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s*$");
    /** A row of CollSweep: SWEEP collective ranks bytes algorithm avg min max iters. */
    private static final Pattern SWEEP = Pattern.compile("(?m)^SWEEP (\\w+) (\\d+) (\\d+) (\\S+) ([0-9.]+) ");

    @ParameterizedTest(name = "{0}")
    @EnumSource(Library.class)
    void pointToPointDrivers(Library lib) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        // --warmup 0 also skips the drivers' JIT warm-up pass (20000 messages and more per size)
        List<String> tiny = List.of("--min", "8", "--max", "128K", "--iters", "20", "--warmup", "0",
                "--transport", "native", "--command", "NativeBenchTest");
        List<Long> sizes = List.of(8L, 16L, 32L, 64L, 128L, 256L, 512L, 1024L, 2048L, 4096L, 8192L, 16384L, 32768L,
                65536L, 131072L);
        for (String driver : List.of("jmpi.bench.Latency", "jmpi.bench.Bandwidth")) {
            NativeLaunch.Result r = NativeLaunch.run(lib, 2, driver, List.of(), tiny, LIMIT);
            assertEquals(0, r.exitCode(), driver + " over " + lib + ": " + r.describe());
            assertTrue(r.output().contains("# transport: native, ranks: 2"), driver + " header: " + r.describe());
            List<Long> seen = new ArrayList<>();
            Matcher m = ROW.matcher(r.output());
            while (m.find()) {
                seen.add(Long.parseLong(m.group(1)));
                assertTrue(Double.parseDouble(m.group(3)) > 0, driver + " row " + m.group() + ": " + r.describe());
            }
            assertEquals(sizes, seen, driver + " over " + lib + ": the sizes of its table; " + r.describe());
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Library.class)
    void collectiveSweep(Library lib) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        List<String> args = List.of("--repeat", "1", "--collectives", "bcast,allreduce", "--sizes", "800,8000,80000",
                "--iters", "10", "--warmup", "2", "--warmup-seconds", "0", "--point-warmup-calls", "3",
                "--mem-cap", "200M", "--transport", "native", "--command",
                "NativeBenchTest");
        // the counters at Finalize say which algorithms ran: the sweep's "default:NAME" must be one of them
        NativeLaunch.Result r = NativeLaunch.run(lib, 3, "jmpi.bench.CollSweep", List.of("-Djmpi.coll.stats=true"),
                args, LIMIT);
        assertEquals(0, r.exitCode(), "CollSweep over " + lib + ": " + r.describe());
        List<String> seen = new ArrayList<>();
        Matcher m = SWEEP.matcher(r.output());
        while (m.find()) {
            seen.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
            assertTrue(m.group(4).startsWith("default:"), "nothing forced: " + m.group() + "; " + r.describe());
            String ran = m.group(1) + "." + m.group(4).substring("default:".length()) + "=";
            assertTrue(r.output().contains(ran), "the engine ran " + ran + " (the sweep's column): " + r.describe());
            assertTrue(Double.parseDouble(m.group(5)) > 0, m.group() + "; " + r.describe());
        }
        assertEquals(List.of("bcast 3 800", "bcast 3 8000", "bcast 3 80000", "allreduce 3 800", "allreduce 3 8000",
                "allreduce 3 80000"), seen, "CollSweep over " + lib + ": its points; " + r.describe());
    }
}
