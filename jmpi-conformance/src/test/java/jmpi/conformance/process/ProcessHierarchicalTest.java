package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.Hostfile;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;

/**
 * The hierarchical collectives with real processes, their nodes found by the transports (no
 * {@code jmpi.coll.nodes}): JVMs of one host (two ranks per JVM), and hosts (two host names, each of
 * whose ranks are started through a remote-start template that runs them here, so that the launcher,
 * the transports and the collectives see two hosts). {@code CollectivesTest.Body} checks every result:
 * every root, counts 0 to 30011, a non-commutative operation.
 */
@Timeout(600)
class ProcessHierarchicalTest {
    static final String[] COLLECTIVES = {"barrier", "bcast", "reduce", "allreduce", "gather", "allgather"};
    static final String BODY = "jmpi.conformance.CollectivesTest$Body";

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static String run(ProcessJob job, int np, String what) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobResult r = job.output(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run();
        String errors = err.toString(StandardCharsets.UTF_8);
        assertEquals(0, r.exitCode(), what + " on " + np + " ranks:\n" + r.describe() + errors);
        return errors;
    }

    private static JobSpec spec(int np) {
        return new JobSpec(np, List.of(), BODY, List.of(), true, Duration.ofSeconds(150), Duration.ofSeconds(5));
    }

    private static List<String> options(boolean forced) {
        List<String> o = new ArrayList<>(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djmpi.coll.stats=true"));
        if (forced) {
            for (String c : COLLECTIVES) {
                o.add("-Djmpi.coll." + c + "=hierarchical");
            }
        }
        return o;
    }

    /**
     * Five ranks, two per JVM (JVMs {0, 1}, {2, 3}, {4}), threads inside a JVM and shm between JVMs: the
     * locality is host, the nodes are the JVMs; every hierarchical algorithm forced (a forced algorithm
     * that cannot run fails the job, so the job ending well means they ran).
     */
    @Test
    void nodesAreTheJvmsOfOneHost() {
        String err = run(new ProcessJob(spec(5), "auto").ranksPerJvm(2).jvmOptions(options(true)), 5,
                "hierarchical forced, 2 ranks per JVM, auto");
        for (String c : COLLECTIVES) {
            assertTrue(err.contains(c + ".hierarchical="), c + ".hierarchical not counted:\n" + err);
        }
    }

    /** The same over tcp between the JVMs: tcp knows the host names from the launcher. */
    @Test
    void nodesAreTheJvmsOfOneHostOverTcp() {
        run(new ProcessJob(spec(5), "tcp").ranksPerJvm(2).jvmOptions(options(true)), 5,
                "hierarchical forced, 2 ranks per JVM, tcp");
    }

    /**
     * Six ranks on two hosts of three (JVMs of up to two ranks: {0, 1}, {2} on one, {3, 4}, {5} on the
     * other), shm inside a host and tcp between them: the locality is hosts, and the built-in table
     * (nothing forced) chooses the hierarchical barrier, bcast, reduce and allreduce, whose steps inside
     * a host choose again.
     */
    @Test
    void nodesAreTheHostsAndTheTableChoosesHierarchical() {
        ProcessJob job = new ProcessJob(spec(6), "auto").ranksPerJvm(2)
                .hosts(List.of(new Hostfile.Host("jmpi-test-host-a", 3), new Hostfile.Host("jmpi-test-host-b", 3)))
                .remoteStart("env JMPI_TEST_HOST={host}")
                .jvmOptions(options(false));
        String err = run(job, 6, "the table on two hosts");
        for (String c : new String[] {"barrier", "bcast", "reduce", "allreduce"}) {
            assertTrue(err.contains(c + ".hierarchical="), c + ".hierarchical not chosen by the table:\n" + err);
        }
    }
}
