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
    private static Process rank(Map<String, String> vars, String mainClass) throws IOException {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), mainClass);
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
