package jmpi.transport.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bindings against the real libraries, each under its own launcher (Debian's packages; CI installs both):
 * {@link NativeSmoke} on 3 ranks must print one PASS line per rank and exit 0. Skipped, with the reason, where
 * a launcher is not installed. Also the profile detection from a launcher's environment. Single-threaded.
 */
class NativeSmokeTest {
    @Test
    @Timeout(120)
    void openMpiRunsTheSmokeProgram() throws Exception {
        run("mpirun.openmpi", List.of("--allow-run-as-root", "--oversubscribe", "--bind-to", "none"), "libmpi.so.40");
    }

    @Test
    @Timeout(120)
    void mpichRunsTheSmokeProgram() throws Exception {
        run("mpirun.mpich", List.of(), "libmpich.so.12");
    }

    @Test
    void theProfileComesFromTheLauncherOrTheProperty() {
        assertEquals(Profile.OPEN_MPI, Profile.detect(Map.of("OMPI_COMM_WORLD_RANK", "0"), null));
        assertEquals(Profile.MPICH, Profile.detect(Map.of("PMI_RANK", "1"), ""));
        assertEquals(Profile.MPICH, Profile.detect(Map.of("OMPI_COMM_WORLD_RANK", "0"), "MPICH"));
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Profile.detect(Map.of(), null));
        assertTrue(none.getMessage().contains("jmpi.native.library"), none.getMessage());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> Profile.detect(Map.of(), "lam"));
        assertTrue(bad.getMessage().contains("lam"), bad.getMessage());
    }

    private static void run(String launcher, List<String> options, String library) throws Exception {
        assumeTrue(onPath(launcher), launcher + " is not installed (apt-get install openmpi-bin libopenmpi-dev mpich"
                + " libmpich-dev)");
        List<String> cmd = new ArrayList<>();
        cmd.add(launcher);
        cmd.addAll(options);
        cmd.addAll(List.of("-np", "3", Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                NativeSmoke.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out;
        try {
            boolean done = p.waitFor(100, TimeUnit.SECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(done, launcher + " did not finish in 100 s:\n" + out);
        } catch (IOException e) {
            throw new AssertionError(launcher + " output unreadable", e);
        }
        assertEquals(0, p.exitValue(), launcher + " failed:\n" + out);
        for (int r = 0; r < 3; r++) {
            assertTrue(out.contains("PASS native " + library + " rank " + r + " of 3"), "rank " + r + " did not pass:\n"
                    + out);
        }
    }

    private static boolean onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (new File(dir, name).canExecute()) {
                return true;
            }
        }
        return false;
    }
}
