package jmpi.conformance.process;

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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import mpi.MPI;
import mpi.Status;

/**
 * A job across three "hosts": network namespaces joined by a bridge (as root: {@code ip netns add},
 * veth pairs), jmpirun started in the root namespace with {@code --hostfile} and
 * {@code --remote-start "ip netns exec {host}"}. Ranks listen on their namespace's own address
 * ({@code jmpi.tcp.address=auto}), so a tcp connection that works crosses the bridge. Skipped, saying
 * why, where namespaces cannot be made (not root, no {@code ip}, no permission).
 */
@Timeout(180)
class MultiHostTest {
    private static final String SUFFIX = HexFormat.of().formatHex(new byte[] {(byte) ThreadLocalRandom.current().nextInt(),
            (byte) ThreadLocalRandom.current().nextInt()});
    private static final String BRIDGE = "jb" + SUFFIX;
    private static final int HOSTS = 3;
    private static String subnet;
    private static final List<String> namespaces = new ArrayList<>();

    /** Every rank exchanges messages of several sizes with every other rank and checks them; prints where it ran. */
    public static class AllPairs {
        public static void main(String[] args) {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int size = MPI.COMM_WORLD.Size();
            int[] sizes = {0, 8, 1000, 100_000, 1 << 20};
            for (int n : sizes) {
                for (int peer = 0; peer < size; peer++) {
                    if (peer == rank) {
                        continue;
                    }
                    byte[] out = new byte[n];
                    for (int i = 0; i < n; i++) {
                        out[i] = (byte) (rank * 31 + peer * 7 + i);
                    }
                    byte[] in = new byte[n];
                    Status st = MPI.COMM_WORLD.Sendrecv(out, 0, n, MPI.BYTE, peer, n % 1000, in, 0, n, MPI.BYTE, peer,
                            n % 1000);
                    if (st.Get_count(MPI.BYTE) != n) {
                        throw new AssertionError("rank " + rank + " got " + st.Get_count(MPI.BYTE) + " of " + n + " bytes");
                    }
                    for (int i = 0; i < n; i++) {
                        if (in[i] != (byte) (peer * 31 + rank * 7 + i)) {
                            throw new AssertionError("rank " + rank + ": byte " + i + " of " + n + " from " + peer + " is wrong");
                        }
                    }
                }
            }
            MPI.COMM_WORLD.Barrier();
            System.out.println("rank " + rank + " on " + System.getenv("JMPI_HOST") + " pid "
                    + ProcessHandle.current().pid() + " ok");
            MPI.Finalize();
        }
    }

    @BeforeAll
    static void makeHosts() throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "network namespaces need Linux");
        Assumptions.assumeTrue(run("ip", "-V").exit() == 0, "no 'ip' command (iproute2)");
        int a = ThreadLocalRandom.current().nextInt(100, 250);
        int b = ThreadLocalRandom.current().nextInt(1, 250);
        subnet = "10." + a + "." + b;
        Commands.Result made = run("ip", "link", "add", BRIDGE, "type", "bridge");
        Assumptions.assumeTrue(made.exit() == 0, "cannot create network devices here (not root?): " + made.err().strip());
        must("ip", "addr", "add", subnet + ".1/24", "dev", BRIDGE);
        must("ip", "link", "set", BRIDGE, "up");
        for (int h = 1; h <= HOSTS; h++) {
            String ns = "jmpi-" + SUFFIX + "-h" + h;
            Commands.Result ok = run("ip", "netns", "add", ns);
            Assumptions.assumeTrue(ok.exit() == 0, "cannot create network namespaces here: " + ok.err().strip());
            namespaces.add(ns);
            String veth = "jv" + SUFFIX + h;
            must("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
            must("ip", "link", "set", veth, "master", BRIDGE);
            must("ip", "link", "set", veth, "up");
            must("ip", "netns", "exec", ns, "ip", "addr", "add", subnet + "." + (10 + h) + "/24", "dev", "eth0");
            must("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up");
            must("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
        }
    }

    @AfterAll
    static void removeHosts() throws Exception {
        for (String ns : namespaces) {
            run("ip", "netns", "del", ns);
        }
        if (subnet != null) {
            run("ip", "link", "del", BRIDGE);
        }
    }

    /** Six ranks: two JVMs of two ranks on host 1 (threads inside, shm between), one JVM of two on hosts 2 and 3 (tcp). */
    @Test
    void threadsShmAndTcpInOneJob() throws Exception {
        Path hostfile = Files.createTempFile("jmpi-hosts", ".txt");
        try {
            Files.writeString(hostfile, "# three namespaces as hosts\n" + namespaces.get(0) + " slots=4\n"
                    + namespaces.get(1) + " slots=2\n" + namespaces.get(2) + " slots=2\n");
            Commands.Result r = jmpirun("-np", "8", "--hostfile", hostfile.toString(), "--ranks-per-jvm", "2",
                    "--remote-start", "ip netns exec {host}", "--bootstrap-address", subnet + ".1", "--timeout", "120",
                    "-cp", "", AllPairs.class.getName());
            assertEquals(0, r.exit(), r.out() + r.err());
            for (int rank = 0; rank < 8; rank++) {
                String host = namespaces.get(rank < 4 ? 0 : rank < 6 ? 1 : 2);
                assertTrue(r.out().contains("rank " + rank + " on " + host + " pid"), r.out());
            }
        } finally {
            Files.deleteIfExists(hostfile);
        }
    }

    /** A rank killed on another host ends the whole job within seconds, naming it. */
    @Test
    void aRankKilledOnAnotherHostEndsTheJob() throws Exception {
        Path hostfile = Files.createTempFile("jmpi-hosts", ".txt");
        try {
            Files.writeString(hostfile, namespaces.get(0) + "\n" + namespaces.get(1) + "\n" + namespaces.get(2) + "\n");
            long start = System.nanoTime();
            Commands.Result r = jmpirun("-np", "3", "--hostfile", hostfile.toString(), "--transport", "tcp",
                    "--remote-start", "ip netns exec {host}", "--bootstrap-address", subnet + ".1", "--timeout", "120",
                    "-cp", "", ProcessPrograms.FailingRank.class.getName(), "kill");
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertEquals(137, r.exit(), r.out() + r.err());
            assertTrue(r.err().contains("rank 1 failed") && r.err().contains("SIGKILL"), r.err());
            assertTrue(millis < 60_000, "took " + millis + " ms");
        } finally {
            Files.deleteIfExists(hostfile);
        }
    }

    private static Commands.Result jmpirun(String... args) throws IOException, InterruptedException {
        return Commands.jmpirun(150, args);
    }

    private static void must(String... cmd) throws IOException, InterruptedException {
        Commands.Result r = run(cmd);
        if (r.exit() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (" + r.exit() + "): " + r.err());
        }
    }

    private static Commands.Result run(String... cmd) throws IOException, InterruptedException {
        return Commands.run(30, cmd);
    }
}
