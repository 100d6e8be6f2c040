package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A job across three "hosts": network namespaces joined by a bridge (as root: {@code ip netns add},
 * veth pairs), jmpirun started in the root namespace with {@code --hostfile} and
 * {@code --remote-start "ip netns exec {host}"} ({@link NetworkNamespaces} makes the hosts, {@link AllPairs}
 * is the program). Ranks listen on their namespace's own address ({@code jmpi.tcp.address=auto}), so a
 * tcp connection that works crosses the bridge. Skipped, saying why, where namespaces cannot be made (not
 * root, no {@code ip}, no permission).
 */
@Timeout(180)
class MultiHostTest {
    private static NetworkNamespaces hosts;

    @BeforeAll
    static void makeHosts() throws Exception {
        hosts = NetworkNamespaces.create(3);
    }

    @AfterAll
    static void removeHosts() throws Exception {
        if (hosts != null) {
            hosts.close();
        }
    }

    /** Six ranks: two JVMs of two ranks on host 1 (threads inside, shm between), one JVM of two on hosts 2 and 3 (tcp). */
    @Test
    void threadsShmAndTcpInOneJob() throws Exception {
        Path hostfile = Files.createTempFile("jmpi-hosts", ".txt");
        try {
            Files.writeString(hostfile, "# three namespaces as hosts\n" + hosts.name(1) + " slots=4\n"
                    + hosts.name(2) + " slots=2\n" + hosts.name(3) + " slots=2\n");
            Commands.Result r = jmpirun("-np", "8", "--hostfile", hostfile.toString(), "--ranks-per-jvm", "2",
                    "--remote-start", "ip netns exec {host}", "--bootstrap-address", hosts.bridgeAddress(), "--timeout", "120",
                    "-cp", "", AllPairs.class.getName());
            assertEquals(0, r.exit(), r.out() + r.err());
            for (int rank = 0; rank < 8; rank++) {
                String host = hosts.name(rank < 4 ? 1 : rank < 6 ? 2 : 3);
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
            Files.writeString(hostfile, hosts.name(1) + "\n" + hosts.name(2) + "\n" + hosts.name(3) + "\n");
            long start = System.nanoTime();
            Commands.Result r = jmpirun("-np", "3", "--hostfile", hostfile.toString(), "--transport", "tcp",
                    "--remote-start", "ip netns exec {host}", "--bootstrap-address", hosts.bridgeAddress(), "--timeout", "120",
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
}
