package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.launcher.BootstrapServer;
import jmpi.launcher.BootstrapService;
import picocli.CommandLine;

/**
 * Ranks started by something other than jmpirun (as srun would: SLURM_PROCID / SLURM_NTASKS, with
 * the bootstrap's variables from {@link BootstrapService}'s env file), and a rank whose launcher
 * vanishes.
 */
@Timeout(60)
class ProcessSlurmTest {
    private static Process rank(Map<String, String> vars, String mainClass, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("JMPI_") || k.startsWith("SLURM_"));
        pb.environment().putAll(vars);
        Process p = pb.start();
        p.getOutputStream().close();
        return p;
    }

    @Test
    void ranksStartedAsUnderSrunJoinThroughTheStandaloneService(@TempDir Path dir) throws Exception {
        Path envFile = dir.resolve("boot.env");
        CompletableFuture<Integer> service = CompletableFuture.supplyAsync(() -> new CommandLine(new BootstrapService())
                .execute("-np", "2", "--address", "127.0.0.1", "--transport", "tcp", "--timeout", "40",
                        "--env-file", envFile.toString()));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(envFile) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(envFile)));
        Map<String, String> vars = new HashMap<>();
        for (String line : Files.readAllLines(envFile)) {
            String kv = line.substring("export ".length());
            vars.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        assertEquals(List.of("JMPI_BOOT", "JMPI_JOB_ID", "JMPI_SECRET", "JMPI_TRANSPORT"), vars.keySet().stream().sorted().toList());
        List<Process> ranks = new ArrayList<>();
        try {
            for (int r = 0; r < 2; r++) {
                Map<String, String> env = new HashMap<>(vars);
                env.putAll(Map.of("SLURM_PROCID", Integer.toString(r), "SLURM_NTASKS", "2", "SLURM_TASKS_PER_NODE", "2",
                        "SLURM_NODEID", "0", "SLURM_JOB_ID", "4242", "SLURM_STEP_ID", "0"));
                ranks.add(rank(env, ProcessPrograms.Hello.class.getName()));
            }
            for (int r = 0; r < 2; r++) {
                String out = new String(ranks.get(r).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(ranks.get(r).waitFor(30, TimeUnit.SECONDS));
                assertEquals(0, ranks.get(r).exitValue(), out);
                assertTrue(out.contains("I am " + r + " of 2"), out);
            }
            assertEquals(0, service.get(30, TimeUnit.SECONDS), "the service ends well once every rank finalized");
            assertFalse(Files.exists(envFile), "the env file (it holds the secret) is removed at the end");
        } finally {
            ranks.forEach(Process::destroyForcibly);
        }
    }

    /** Starts the standalone service for {@code np} ranks over tcp; returns its env file's variables. */
    private static Map<String, String> service(Path dir, int np, CompletableFuture<Integer>[] exit) throws Exception {
        Path envFile = dir.resolve("boot.env");
        exit[0] = CompletableFuture.supplyAsync(() -> new CommandLine(new BootstrapService())
                .execute("-np", Integer.toString(np), "--address", "127.0.0.1", "--transport", "tcp", "--timeout", "50",
                        "--env-file", envFile.toString()));
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(envFile) && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        Map<String, String> vars = new HashMap<>();
        for (String line : Files.readAllLines(envFile)) {
            String kv = line.substring("export ".length());
            vars.put(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
        }
        return vars;
    }

    /** Rank {@code r} of {@code np} as srun starts it on node {@code node}, in cluster {@code cluster} set by the user. */
    private static Map<String, String> srunRank(Map<String, String> vars, int r, int np, String node, String cluster) {
        Map<String, String> env = new HashMap<>(vars);
        env.putAll(Map.of("SLURM_PROCID", Integer.toString(r), "SLURM_NTASKS", Integer.toString(np),
                "SLURM_TASKS_PER_NODE", "2(x" + np / 2 + ")", "SLURM_NODEID", Integer.toString(r / 2),
                "SLURM_JOB_ID", "4243", "SLURM_STEP_ID", "0", "SLURMD_NODENAME", node, "JMPI_CLUSTER", cluster));
        return env;
    }

    /**
     * Under srun the user names the clusters ({@code JMPI_CLUSTER}): four ranks on nodes n1, n1, n2, n2 in clusters
     * a, a, b, b see them through {@code sharesClusterWith}, and the collectives cross the clusters first
     * ({@code ClustersTest.Body}).
     */
    @Test
    @Timeout(120)
    void clustersSetByTheUserUnderSrun(@TempDir Path dir) throws Exception {
        @SuppressWarnings("unchecked")
        CompletableFuture<Integer>[] service = new CompletableFuture[1];
        Map<String, String> vars = service(dir, 4, service);
        String[] nodes = {"n1", "n1", "n2", "n2"};
        String[] clusters = {"a", "a", "b", "b"};
        List<Process> ranks = new ArrayList<>();
        try {
            for (int r = 0; r < 4; r++) {
                ranks.add(rank(srunRank(vars, r, 4, nodes[r], clusters[r]), "jmpi.conformance.ClustersTest$Body",
                        "a,a,b,b", "n1,n1,n2,n2", "process"));
            }
            for (int r = 0; r < 4; r++) {
                String out = new String(ranks.get(r).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(ranks.get(r).waitFor(60, TimeUnit.SECONDS));
                assertEquals(0, ranks.get(r).exitValue(), "rank " + r + ": " + out);
            }
            assertEquals(0, service[0].get(30, TimeUnit.SECONDS));
        } finally {
            ranks.forEach(Process::destroyForcibly);
        }
    }

    /** Two ranks of one node in different clusters: every rank fails at start, naming both. */
    @Test
    @Timeout(120)
    void aNodeInTwoClustersFailsTheStart(@TempDir Path dir) throws Exception {
        @SuppressWarnings("unchecked")
        CompletableFuture<Integer>[] service = new CompletableFuture[1];
        Map<String, String> vars = service(dir, 2, service);
        List<Process> ranks = new ArrayList<>();
        try {
            for (int r = 0; r < 2; r++) {
                ranks.add(rank(srunRank(vars, r, 2, "n1", r == 0 ? "a" : "b"), ProcessPrograms.Hello.class.getName()));
            }
            boolean named = false;
            for (int r = 0; r < 2; r++) {
                String out = new String(ranks.get(r).getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(ranks.get(r).waitFor(30, TimeUnit.SECONDS));
                assertTrue(ranks.get(r).exitValue() != 0, "rank " + r + " should fail: " + out);
                named |= out.contains("ranks 0 and 1 are both on host n1 but in cluster a and cluster b");
            }
            assertTrue(named, "no rank named the two ranks");
            assertTrue(service[0].get(30, TimeUnit.SECONDS) != 0, "the service reports the failure");
        } finally {
            ranks.forEach(Process::destroyForcibly);
        }
    }

    @Test
    void aRankWhoseLauncherVanishesEndsItself() throws Exception {
        byte[] secret = new byte[32];
        secret[5] = 9;
        Process p = null;
        try (BootstrapServer server = BootstrapServer.start(InetAddress.getLoopbackAddress(), 1, secret, null)) {
            p = rank(Map.of("JMPI_BOOT", server.address(), "JMPI_SECRET", HexFormat.of().formatHex(secret),
                    "JMPI_RANK", "0", "JMPI_SIZE", "1", "JMPI_JOB_ID", "orphan-test", "JMPI_TRANSPORT", "tcp"),
                    ProcessPrograms.ComputesForever.class.getName());
            BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready 0", in.readLine());
            server.close();
            long start = System.nanoTime();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the orphan did not end");
            long took = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertEquals(1, p.exitValue());
            assertTrue(took < 6_000, "took " + took + " ms");
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }
}
