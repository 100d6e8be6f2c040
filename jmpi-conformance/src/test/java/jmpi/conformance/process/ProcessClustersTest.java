package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.Hostfile;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * Clusters named in a hostfile ({@code cluster=NAME}) reach the ranks: four host names in two clusters, each
 * host's ranks started through a remote-start template that runs them here (so that the launcher, the
 * transports and the collectives see four hosts), two ranks per JVM. {@code ClustersTest.Body} checks that every
 * rank's {@code JMPI_CLUSTER}, {@code Endpoint.sharesClusterWith} and {@code sharesHostWith} follow the
 * hostfile, that the world's locality is {@code clusters} with the clusters as nodes (one cluster's communicator:
 * {@code hosts}), that the table runs the hierarchical algorithms across the clusters and again inside a
 * cluster of two hosts, and every result.
 */
@Timeout(600)
class ProcessClustersTest {
    static final String BODY = "jmpi.conformance.ClustersTest$Body";

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /**
     * Seven ranks: hosts a {0, 1} and b {2, 3} in cluster east, c {4, 5} and d {6} in cluster west; threads inside
     * a JVM, shm inside a host (none here: one JVM per host), tcp between hosts.
     */
    @Test
    @Timeout(300)
    void clustersFromTheHostfileReachTheRanksAndTheCollectives() {
        List<Hostfile.Host> hosts = List.of(new Hostfile.Host("jmpi-test-host-a", 2, "east"),
                new Hostfile.Host("jmpi-test-host-b", 2, "east"), new Hostfile.Host("jmpi-test-host-c", 2, "west"),
                new Hostfile.Host("jmpi-test-host-d", 1, "west"));
        String clusters = "east,east,east,east,west,west,west";
        String names = "jmpi-test-host-a,jmpi-test-host-a,jmpi-test-host-b,jmpi-test-host-b,jmpi-test-host-c,"
                + "jmpi-test-host-c,jmpi-test-host-d";
        JobSpec spec = new JobSpec(7, List.of(), BODY, List.of(clusters, names, "process"), true,
                Duration.ofSeconds(240), Duration.ofSeconds(5));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ProcessJob job = new ProcessJob(spec, "auto").ranksPerJvm(2).hosts(hosts)
                .remoteStart("env JMPI_TEST_HOST={host}")
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                        "-Djmpi.coll.stats=true"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        JobResult r = job.run();
        String errors = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.exitCode(), "clusters from the hostfile:\n" + r.describe() + errors);
        assertTrue(errors.contains("bcast.hierarchical="), "no hierarchical bcast counted:\n" + errors);
    }
}
