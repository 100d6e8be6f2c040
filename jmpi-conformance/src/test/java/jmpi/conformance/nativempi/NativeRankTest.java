package jmpi.conformance.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jmpi.conformance.nativempi.NativeLaunch.Library;
import mpi.MPI;

/**
 * {@code jmpi.launcher.NativeRank} under each library's own launcher (skipped where it is not installed): every
 * way a rank can end badly ends the whole job within seconds, with a non-zero exit code and a line naming the
 * rank, while the other ranks wait in MPI; and NativeRank refuses to run outside a launcher.
 */
@Timeout(300)
class NativeRankTest {
    /** A failed job ends well within this; a hanging one is killed at {@link #LIMIT}. */
    private static final long PROMPT_MILLIS = 20_000;
    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** The world rank the launcher gives this process, before MPI.Init. */
    static int launcherRank() {
        for (String name : new String[] {"OMPI_COMM_WORLD_RANK", "PMI_RANK"}) {
            String v = System.getenv(name);
            if (v != null) {
                return Integer.parseInt(v);
            }
        }
        throw new IllegalStateException("no rank in the environment");
    }

    /** Rank 1 throws; the others wait for a message from it that never comes. */
    public static class Throws {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                throw new IllegalStateException("boom in rank one");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }
    }

    /** Rank 1 throws before MPI.Init; the others wait in MPI.Init for it. */
    public static class ThrowsBeforeInit {
        public static void main(String[] args) {
            if (launcherRank() == 1) {
                throw new IllegalStateException("no input file for rank one");
            }
            MPI.Init(args);
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Rank 1 aborts with 7; the others wait in a barrier. */
    public static class Aborts {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                MPI.COMM_WORLD.Abort(7);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Rank 2 returns from main without MPI.Finalize; the others wait in a barrier. */
    public static class NeverFinalizes {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 2) {
                return;
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Rank 1 calls System.exit(3) after MPI.Init; the others wait in a barrier. */
    public static class Exits {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                System.exit(3);
            }
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    /** Every rank says hello and finalizes: the arguments after the main class reach it. */
    public static class Fine {
        public static void main(String[] args) {
            MPI.Init(args);
            System.out.println("fine " + MPI.COMM_WORLD.Rank() + " of " + MPI.COMM_WORLD.Size() + " " + String.join(",", args));
            MPI.Finalize();
        }
    }

    private static NativeLaunch.Result rank(Library lib, Class<?> main, String... args) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        List<String> all = new ArrayList<>(List.of(main.getName()));
        all.addAll(List.of(args));
        long start = System.nanoTime();
        NativeLaunch.Result r = NativeLaunch.run(lib, 3, "jmpi.launcher.NativeRank", List.of(), all, LIMIT);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertFalse(r.timedOut(), lib + ": " + main.getSimpleName() + " did not end: " + r.describe());
        assertTrue(millis < PROMPT_MILLIS, lib + ": took " + millis + " ms: " + r.describe());
        return r;
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void aRankThatThrowsEndsTheJobNamingIt(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, Throws.class);
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.output().contains("jmpi: rank 1 failed: threw java.lang.IllegalStateException: boom in rank one"),
                r.describe());
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void aRankThatThrowsBeforeInitEndsTheJob(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, ThrowsBeforeInit.class);
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.output().contains("jmpi: rank 1 failed before MPI.Init: threw java.lang.IllegalStateException: no"
                + " input file for rank one"), r.describe());
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void abortEndsTheJobWithItsCode(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, Aborts.class);
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.output().contains("jmpi: rank 1 failed: MPI_Abort(7)"), r.describe());
        assertEquals(7, r.exitCode(), "both libraries' launchers exit with the abort's code: " + r.describe());
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void aRankThatNeverFinalizesFailsTheJob(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, NeverFinalizes.class);
        assertNotEquals(0, r.exitCode(), r.describe());
        assertTrue(r.output().contains("jmpi: rank 2 failed: main returned without calling MPI.Finalize"), r.describe());
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void systemExitAfterInitEndsTheJobWithItsCode(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, Exits.class);
        assertEquals(3, r.exitCode(), r.describe());
        assertTrue(r.output().contains("jmpi: rank 1 failed: called System.exit(3) without calling MPI.Finalize"),
                r.describe());
    }

    @ParameterizedTest
    @EnumSource(Library.class)
    void aGoodProgramRunsWithItsArguments(Library lib) throws Exception {
        NativeLaunch.Result r = rank(lib, Fine.class, "a", "b c");
        assertEquals(0, r.exitCode(), r.describe());
        for (int i = 0; i < 3; i++) {
            assertTrue(r.output().contains("fine " + i + " of 3 a,b c"), r.describe());
        }
        assertFalse(r.output().contains("jmpi:"), r.describe());
    }

    @Test
    void refusesToRunOutsideALauncher() throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "jmpi.launcher.NativeRank", Fine.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        for (String v : List.of("OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMI_SIZE", "PMIX_RANK",
                "HYDRA_CONTROL_FD", "SLURM_PROCID", "SLURM_STEP_ID")) {
            pb.environment().remove(v);
        }
        Process p = pb.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "NativeRank did not end");
        assertEquals(2, p.exitValue(), out);
        assertTrue(out.contains("not started by an MPI launcher"), out);
        assertTrue(out.contains("mpirun -np N java --enable-native-access=ALL-UNNAMED -cp JARS jmpi.launcher.NativeRank"),
                out);
        assertTrue(out.contains("srun --mpi=pmix"), out);
        assertTrue(out.contains("jmpirun --transport native"), out);
        assertFalse(out.contains("fine 0"), out);
    }
}
