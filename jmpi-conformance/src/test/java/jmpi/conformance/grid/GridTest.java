package jmpi.conformance.grid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.conformance.ConformanceBodies;
import jmpi.wan.Topology;

/**
 * Jobs across two emulated clusters of four hosts each, joined by "1 Gbit/s + 1 ms" ({@link Topology}: network
 * namespaces, a TUN relay that delays and rate-limits every packet between the clusters). jmpirun runs in the
 * first host, as on a cluster's head node, with a hostfile naming each host's cluster ({@code cluster=}) and
 * {@code --remote-start "ip netns exec {host}"}; one rank per host, tcp between them. The point-to-point
 * conformance bodies run with the hosts of the two clusters alternating (rank 0 and rank 1 are a slow link
 * apart), the collective bodies with the clusters in blocks and alternating, and a rank killed in the far
 * cluster must end the job within seconds naming it. The relay's counters show that the traffic crossed the
 * link. Skipped, saying why, where namespaces or TUN devices cannot be made.
 */
@Timeout(900)
class GridTest {
    private static final int CLUSTERS = 2;
    private static final int PER_CLUSTER = 4;
    private static Topology.Spec spec;
    private static Path alternating;
    private static Path blocks;

    @BeforeAll
    static void up() throws Exception {
        String why = Topology.unavailableReason();
        Assumptions.assumeTrue(why == null, why);
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        String name = "jg" + HexFormat.of().formatHex(new byte[] {(byte) rnd.nextInt(), (byte) rnd.nextInt()});
        spec = new Topology.Spec(name, CLUSTERS, PER_CLUSTER, "1gbit", "1ms", null, 0, 9000, rnd.nextInt(100, 250));
        Topology.up(spec, java(), System.getProperty("java.class.path"));
        StringBuilder alt = new StringBuilder();
        StringBuilder blk = new StringBuilder();
        for (int j = 0; j < PER_CLUSTER; j++) {
            for (int k = 0; k < CLUSTERS; k++) {
                alt.append(spec.host(k, j)).append(" slots=1 cluster=c").append(k).append('\n');
            }
        }
        for (int k = 0; k < CLUSTERS; k++) {
            for (int j = 0; j < PER_CLUSTER; j++) {
                blk.append(spec.host(k, j)).append(" slots=1 cluster=c").append(k).append('\n');
            }
        }
        alternating = Files.createTempFile("jmpi-grid-alternating", ".hosts");
        blocks = Files.createTempFile("jmpi-grid-blocks", ".hosts");
        Files.writeString(alternating, alt);
        Files.writeString(blocks, blk);
    }

    @AfterAll
    static void down() throws Exception {
        if (spec != null) {
            System.out.println("relay of the grid tests:\n" + Topology.relayStatistics(spec.name()));
            Topology.down(spec.name());
        }
        for (Path p : new Path[] {alternating, blocks}) {
            if (p != null) {
                Files.deleteIfExists(p);
            }
        }
    }

    static Stream<ConformanceBodies.Body> pointToPoint() {
        return ConformanceBodies.POINT_TO_POINT.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pointToPoint")
    void pointToPointAcrossTheSlowLink(ConformanceBodies.Body b) throws Exception {
        Result r = jmpirun(alternating, b.np(), List.of(), b.body().getName());
        assertEquals(0, r.exit, b + " across the clusters:\n" + r.out + r.err);
    }

    /** Every collective's default (hierarchical across the clusters, then by host) on 8, 6 and 3 ranks. */
    @Test
    void collectivesInClusterBlocks() throws Exception {
        for (int np : new int[] {8, 6, 3}) {
            Result r = jmpirun(blocks, np, List.of(), "jmpi.conformance.CollectivesTest$Body");
            assertEquals(0, r.exit, "CollectivesTest.Body on " + np + " ranks:\n" + r.out + r.err);
        }
    }

    /** The clusters from the hostfile reach every rank, and the hierarchical algorithms run across them, in blocks and alternating. */
    @Test
    void clustersReachTheRanksAndTheHierarchicalCollectives() throws Exception {
        for (Path hosts : new Path[] {blocks, alternating}) {
            List<String> lines = Files.readAllLines(hosts);
            List<String> clusters = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (String line : lines) {
                Matcher m = Pattern.compile("(\\S+) slots=1 cluster=(\\S+)").matcher(line);
                assertTrue(m.matches(), line);
                names.add(m.group(1));
                clusters.add(m.group(2));
            }
            Result r = jmpirun(hosts, lines.size(), List.of("-Djmpi.coll.stats=true"), "jmpi.conformance.ClustersTest$Body",
                    String.join(",", clusters), String.join(",", names), "process");
            assertEquals(0, r.exit, "ClustersTest.Body with " + hosts.getFileName() + ":\n" + r.out + r.err);
        }
        String stats = Topology.relayStatistics(spec.name());
        Matcher crossed = Pattern.compile("0->1 +([0-9]+)").matcher(stats);
        assertTrue(crossed.find() && Long.parseLong(crossed.group(1)) > 100, "no traffic crossed the link:\n" + stats);
    }

    /** A rank killed in the far cluster (rank 1, alternating hosts) ends the job within seconds, naming it. */
    @Test
    void aRankKilledInTheFarClusterEndsTheJob() throws Exception {
        long start = System.nanoTime();
        Result r = jmpirun(alternating, 4, List.of(), "jmpi.conformance.process.ProcessPrograms$FailingRank", "kill");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(137, r.exit, r.out + r.err);
        assertTrue(r.err.contains("rank 1 failed") && r.err.contains("SIGKILL"), r.err);
        assertTrue(millis < 60_000, "took " + millis + " ms");
    }

    private record Result(int exit, String out, String err) {
    }

    /** jmpirun in the first host of cluster 0, as a user on the head node runs it, the ranks on the hostfile's hosts. */
    private static Result jmpirun(Path hostfile, int np, List<String> rankOptions, String main, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", spec.host(0, 0), java(), "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), "jmpi.launcher.Jmpirun", "-np", Integer.toString(np), "--hostfile",
                hostfile.toString(), "--remote-start", "ip netns exec {host}", "--bootstrap-address", spec.address(0, 0),
                "--timeout", "150"));
        for (String o : rankOptions) {
            cmd.add(o);
        }
        cmd.addAll(List.of("-cp", "", main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("JMPI_JAVA_OPTS", "-Xshare:auto -XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        Process p = pb.start();
        try {
            p.getOutputStream().close();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(200, TimeUnit.SECONDS), "jmpirun did not end");
            return new Result(p.exitValue(), out, err.join());
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
