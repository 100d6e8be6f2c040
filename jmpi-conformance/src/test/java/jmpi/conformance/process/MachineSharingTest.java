package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.core.CoreComm;
import jmpi.launcher.Hostfile;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;
import mpi.MPI;

/**
 * Ranks on several "hosts" of one machine (containers, network namespaces: here host names given through a
 * remote-start template that runs them all on this machine) share its processors: each rank counts every rank
 * of its machine (the kernel's boot id), not only those of its host name, so that its idle policy knows the
 * cores are oversubscribed and does not spin them away from the ranks that have work.
 */
@Timeout(120)
class MachineSharingTest {
    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /** Checks {@code Engine.localRanks()} against {@code args[0]}. */
    public static class Body {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            Method m = mpi.Comm.class.getDeclaredMethod("core");
            m.setAccessible(true);
            CoreComm core = (CoreComm) m.invoke(MPI.COMM_WORLD);
            int want = Integer.parseInt(args[0]);
            if (core.engine().localRanks() != want) {
                throw new AssertionError("rank " + MPI.COMM_WORLD.Rank() + " on host " + System.getenv("JMPI_HOST") + " counts "
                        + core.engine().localRanks() + " ranks on its machine, not " + want);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    @Test
    void ranksOnThreeHostNamesOfOneMachineCountEachOther() {
        List<Hostfile.Host> hosts = List.of(new Hostfile.Host("jmpi-test-host-a", 2),
                new Hostfile.Host("jmpi-test-host-b", 1), new Hostfile.Host("jmpi-test-host-c", 1));
        JobSpec spec = new JobSpec(4, List.of(), Body.class.getName(), List.of("4"), true, Duration.ofSeconds(60),
                Duration.ofSeconds(5));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobResult r = new ProcessJob(spec, "auto").hosts(hosts).remoteStart("env JMPI_TEST_HOST={host}")
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        assertEquals(0, r.exitCode(), r.describe() + err.toString(StandardCharsets.UTF_8));
    }
}
