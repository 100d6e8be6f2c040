package jmpi.wan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The emulated link against its physics, with plain TCP ({@link Probe}) between two clusters of one host
 * each: 200 Mbit/s and 1 ms one way. A ping-pong's round trip is at least two delays (and not much more
 * when nothing else runs: checked loosely, this machine is shared); a stream never beats the rate and,
 * with the kernel's autotuned window (far above the 50 KB bandwidth-delay product), gets a good share of
 * it; with a receive window of a few KB it is held to about window / round trip. Inside a cluster there
 * is no delay. Skipped, saying why, where namespaces and TUN devices cannot be made (not Linux or not
 * root, no {@code ip}, no {@code /dev/net/tun}).
 */
@Timeout(240)
class WanEmulatorTest {
    private static final String RATE = "200mbit";
    private static final double RATE_BYTES = 25e6;
    private static final long DELAY_NANOS = 1_000_000;
    private static Topology.Spec spec;
    private static Process server;
    private static Process localServer;

    @BeforeAll
    static void up() throws Exception {
        assumeEmulatorCanRun();
        String name = "jt" + HexFormat.of().formatHex(new byte[] {(byte) ThreadLocalRandom.current().nextInt(),
                (byte) ThreadLocalRandom.current().nextInt()});
        spec = new Topology.Spec(name, 2, 2, RATE, "1ms", null, 0, 9000, ThreadLocalRandom.current().nextInt(100, 250));
        Topology.up(spec, java(), System.getProperty("java.class.path"));
        server = inHost(spec.host(1, 0), "serve", "5001").start();
        localServer = inHost(spec.host(0, 1), "serve", "5001").start();
        awaitLine(server, "serving on");
        awaitLine(localServer, "serving on");
    }

    @AfterAll
    static void down() throws Exception {
        for (Process p : new Process[] {server, localServer}) {
            if (p != null) {
                p.descendants().forEach(ProcessHandle::destroy);
                p.destroy();
            }
        }
        if (spec != null) {
            Topology.down(spec.name());
            assertFalse(Topology.listNamespaces().stream().anyMatch(n -> n.startsWith(spec.name() + "-")), "namespaces left behind");
            try (var left = java.nio.file.Files.list(Topology.STATE_DIR)) {
                assertFalse(left.anyMatch(f -> f.getFileName().toString().startsWith(spec.name() + ".")), "files left in " + Topology.STATE_DIR);
            }
        }
    }

    @Test
    void aRoundTripAcrossTheLinkTakesTwoDelays() throws Exception {
        String out = probe(spec.host(0, 0), "pingpong", spec.address(1, 0), "5001", "200", "1");
        double[] rtt = numbers(out, "rtt_us min=([0-9.]+) median=([0-9.]+)");
        assertTrue(rtt[0] * 1e3 >= 2 * DELAY_NANOS, "a round trip under two delays: " + out);
        assertTrue(rtt[1] * 1e3 < 2 * DELAY_NANOS + 3_000_000, "the median round trip is far above two delays: " + out + stats());
    }

    @Test
    void insideAClusterThereIsNoDelay() throws Exception {
        String out = probe(spec.host(0, 0), "pingpong", spec.address(0, 1), "5001", "200", "1");
        double[] rtt = numbers(out, "rtt_us min=([0-9.]+) median=([0-9.]+)");
        assertTrue(rtt[0] * 1e3 < DELAY_NANOS, "a round trip inside a cluster crossed the relay: " + out);
    }

    @Test
    void aStreamIsHeldToTheRate() throws Exception {
        String out = probe(spec.host(0, 0), "stream", spec.address(1, 0), "5001", "2");
        double[] r = numbers(out, "bytes=([0-9]+) seconds=([0-9.]+)");
        double rate = r[0] / r[1];
        assertTrue(rate <= RATE_BYTES * 1.03, "faster than the link: " + out + stats());
        assertTrue(rate >= RATE_BYTES * 0.5, "a single stream got under half the link: " + out + stats());
    }

    @Test
    void aSmallWindowHoldsAStreamToWindowOverRoundTrip() throws Exception {
        // the sender's buffer at 8 KB: the kernel doubles it, and unacknowledged bytes stay in it (give or take
        // the packet being queued: 9000-byte MTU), so at most about 16 KB + 2 packets per 2 ms round trip
        String out = probe(spec.host(0, 0), "stream", spec.address(1, 0), "5001", "2", "8192");
        double[] r = numbers(out, "bytes=([0-9]+) seconds=([0-9.]+)");
        double rate = r[0] / r[1];
        assertTrue(rate <= (2 * 8192 + 2 * 9000) / 2e-3, "more than window / round trip: " + out);
        assertTrue(rate < 0.8 * RATE_BYTES, "a window well under the bandwidth-delay product did not hold the stream back: " + out);
    }

    private static String stats() throws Exception {
        return "\nrelay: " + Topology.relayStatistics(spec.name());
    }

    static void assumeEmulatorCanRun() throws Exception {
        String why = Topology.unavailableReason();
        Assumptions.assumeTrue(why == null, why);
    }

    static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static ProcessBuilder inHost(String host, String... args) {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", host, java(), "-cp", System.getProperty("java.class.path"),
                Probe.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true);
    }

    private static String probe(String host, String... args) throws Exception {
        Process p = inHost(host, args).start();
        String out;
        try (var in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the probe did not end");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static void awaitLine(Process p, String text) throws Exception {
        var r = p.inputReader();
        String line = r.readLine();
        assertTrue(line != null && line.contains(text), "the probe server said " + line);
        Thread.ofVirtual().start(() -> {
            try {
                r.transferTo(java.io.Writer.nullWriter());
            } catch (java.io.IOException e) {
                // the server ends with the test class: nothing more to read
            }
        });
    }

    private static double[] numbers(String out, String regex) {
        Matcher m = Pattern.compile(regex).matcher(out);
        assertTrue(m.find(), "no '" + regex + "' in: " + out);
        double[] v = new double[m.groupCount()];
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.parseDouble(m.group(i + 1));
        }
        return v;
    }
}
