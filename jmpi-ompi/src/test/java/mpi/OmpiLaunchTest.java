package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Programs of the Open MPI Java API started by jmpirun on every transport of one machine: ranks as threads
 * (per-rank loaders over jmpi-ompi) and as processes over shm and tcp (each rank JVM takes the launcher's
 * class path, where jmpi-ompi is the mpi API). A rank that throws ends the job non-zero, naming it.
 */
class OmpiLaunchTest {
    record Run(int exit, String output) {
    }

    /** jmpirun with this test's class path (jmpi-ompi's, without jmpi-api) in a JVM of its own. */
    private static Run jmpirun(String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("jmpi.launcher.Jmpirun");
        cmd.add("-cp"); // the program's class path: its classes load per rank (as the programs' own do)
        cmd.add(System.getProperty("java.class.path"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("ompi-launch", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            p.getOutputStream().close();
            if (!p.waitFor(90, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("jmpirun " + String.join(" ", args) + " did not end within 90 s");
            }
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Rank 1 throws after Init. */
    public static class Throws {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            if (MPI.COMM_WORLD.getRank() == 1) {
                throw new IllegalStateException("rank one gives up");
            }
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"threads", "shm", "tcp"})
    @Timeout(240)
    void ringAndCollectivesRunOnEveryTransport(String transport) throws Exception {
        for (String body : List.of("Hello", "Ring", "PointToPoint", "Collectives")) {
            Run r = jmpirun("-np", "3", "--transport", transport, OmpiApiTest.class.getName() + "$" + body);
            assertEquals(0, r.exit(), body + " on " + transport + ":\n" + r.output());
        }
        Run hello = jmpirun("-np", "3", "--transport", transport, OmpiApiTest.Hello.class.getName());
        for (int i = 0; i < 3; i++) {
            assertTrue(hello.output().contains("Hello, world, I am " + i + " of 3"), hello.output());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"threads", "shm"})
    @Timeout(120)
    void aRankThatThrowsEndsTheJobNamingIt(String transport) throws Exception {
        Run r = jmpirun("-np", "3", "--transport", transport, Throws.class.getName());
        assertNotEquals(0, r.exit(), r.output());
        assertTrue(r.output().contains("rank 1") && r.output().contains("rank one gives up"), r.output());
    }
}
