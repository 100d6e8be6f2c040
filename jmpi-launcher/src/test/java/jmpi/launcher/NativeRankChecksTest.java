package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** NativeRank's checks of its environment, and how it finds a program's main; NativeCommand's command lines. */
class NativeRankChecksTest {
    private static final Map<String, String> OMPI = Map.of("OMPI_COMM_WORLD_SIZE", "2", "OMPI_COMM_WORLD_RANK", "1",
            "OMPI_COMM_WORLD_LOCAL_RANK", "1");
    private static final Map<String, String> HYDRA = Map.of("PMI_RANK", "3", "PMI_SIZE", "4", "PMI_FD", "6");
    private static final Map<String, String> SRUN = Map.of("SLURM_PROCID", "5", "SLURM_STEP_ID", "0", "PMIX_RANK", "5",
            "SLURM_LOCALID", "0");

    @Test
    void recognisesEachLauncherAndItsRank() {
        assertEquals("Open MPI's mpirun", NativeRankChecks.launcher(OMPI));
        assertEquals("mpiexec (Hydra: MPICH or Intel MPI)", NativeRankChecks.launcher(HYDRA));
        assertEquals("srun", NativeRankChecks.launcher(SRUN));
        assertNull(NativeRankChecks.launcher(Map.of("SLURM_PROCID", "0")));
        assertEquals(1, NativeRankChecks.rank(OMPI));
        assertEquals(3, NativeRankChecks.rank(HYDRA));
        assertEquals(5, NativeRankChecks.rank(SRUN));
        assertEquals(-1, NativeRankChecks.rank(Map.of()));
        assertFalse(NativeRankChecks.firstOnHost(OMPI));
        assertTrue(NativeRankChecks.firstOnHost(SRUN));
        assertTrue(NativeRankChecks.firstOnHost(HYDRA), "unknown: print");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> NativeRankChecks.rank(Map.of("PMI_RANK", "x")));
        assertTrue(e.getMessage().contains("PMI_RANK=x"), e.getMessage());
    }

    @Test
    void withoutALauncherSaysHowToStart() {
        assertNull(NativeRankChecks.notLaunched(OMPI, null));
        assertNull(NativeRankChecks.notLaunched(Map.of(), "mpich"), "a named library: a singleton job");
        String none = NativeRankChecks.notLaunched(Map.of(), "auto");
        assertTrue(none.contains("not started by an MPI launcher") && none.contains("mpiexec -n N")
                && none.contains("srun --mpi=pmix") && none.contains("jmpirun --transport native"), none);
        String srun = NativeRankChecks.notLaunched(Map.of("SLURM_PROCID", "0", "SLURM_STEP_ID", "1"), null);
        assertTrue(srun.contains("srun started this process without an MPI plugin") && srun.contains("--mpi=pmix"), srun);
    }

    @Test
    void aLibraryOfTheOtherFamilyIsRefused() {
        assertNull(NativeRankChecks.libraryMismatch(OMPI, "openmpi"));
        assertNull(NativeRankChecks.libraryMismatch(OMPI, "auto"));
        assertNull(NativeRankChecks.libraryMismatch(HYDRA, "mpich"));
        assertNull(NativeRankChecks.libraryMismatch(Map.of("PMI_RANK", "0", "SLURM_STEP_ID", "0"), "openmpi"),
                "srun's PMI serves either library");
        String m = NativeRankChecks.libraryMismatch(OMPI, "mpich");
        assertTrue(m.contains("jmpi.native.library=mpich but Open MPI's mpirun") && m.contains("a world of one"), m);
        m = NativeRankChecks.libraryMismatch(HYDRA, "OpenMPI");
        assertTrue(m.contains("Open MPI's mpirun"), m);
    }

    @Test
    void oneCpuOfSeveralIsReportedWithTheLaunchersOption() {
        String o = NativeRankChecks.boundToOneCpu(OMPI, 1, 1, 8, 0);
        assertTrue(o.startsWith("jmpi: rank 0: Open MPI's mpirun bound this JVM to 1 CPU of the machine's 8"), o);
        assertTrue(o.contains("--bind-to none"), o);
        assertTrue(NativeRankChecks.boundToOneCpu(SRUN, 1, 1, 8, 5).contains("--cpu-bind=none"));
        assertTrue(NativeRankChecks.boundToOneCpu(HYDRA, 1, 1, 8, 3).contains("-bind-to none"));
        assertNull(NativeRankChecks.boundToOneCpu(OMPI, 2, 2, 8, 0), "two CPUs: a choice");
        assertNull(NativeRankChecks.boundToOneCpu(OMPI, 1, 8, 8, 0), "a CPU quota, not a binding");
        assertNull(NativeRankChecks.boundToOneCpu(OMPI, 1, 1, 1, 0), "a machine of one CPU");
    }

    @Test
    void nativeAccessNamesTheOption() {
        assertNull(NativeRankChecks.nativeAccess(true, null));
        assertTrue(NativeRankChecks.nativeAccess(false, null).contains("add --enable-native-access=ALL-UNNAMED to the java"));
        assertTrue(NativeRankChecks.nativeAccess(false, "jmpi.nativempi").contains("--enable-native-access=jmpi.nativempi"));
    }

    @Test
    void countsCpuLists() {
        assertEquals(2, NativeRankChecks.countCpuList("0-1\n"));
        assertEquals(7, NativeRankChecks.countCpuList("0-3,8,10-11"));
        assertEquals(1, NativeRankChecks.countCpuList("\t5"));
        assertThrows(IllegalArgumentException.class, () -> NativeRankChecks.countCpuList("0-x"));
        assertThrows(IllegalArgumentException.class, () -> NativeRankChecks.countCpuList("3-1"));
    }

    public static class StaticMain {
        static String[] seen;

        public static void main(String[] args) {
            seen = args;
        }
    }

    static class InstanceMain {
        static boolean ran;

        void main() {
            ran = true;
        }
    }

    public static class Throwing {
        public static void main(String[] args) {
            throw new IllegalStateException("from main");
        }
    }

    @Test
    void findsEachFormOfMain() {
        NativeRank.program(StaticMain.class.getName(), new String[] {"a"}).run();
        assertEquals(List.of("a"), List.of(StaticMain.seen));
        NativeRank.program(InstanceMain.class.getName(), new String[0]).run();
        assertTrue(InstanceMain.ran);
        RuntimeException thrown = assertThrows(RuntimeException.class,
                () -> NativeRank.program(Throwing.class.getName(), new String[0]).run());
        assertEquals("from main", thrown.getCause().getMessage());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> NativeRank.program(NativeRankChecksTest.class.getName(), new String[0]));
        assertTrue(none.getMessage().contains("has no main method"), none.getMessage());
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> NativeRank.program("no.such.Main", new String[0]));
        assertTrue(missing.getMessage().contains("main class no.such.Main cannot be loaded"), missing.getMessage());
    }

    private static NativeCommand.Job job(int np, boolean tag) {
        return new NativeCommand.Job(np, "/j/bin/java", List.of("-Xmx1g"), "/lib/a.jar:/app", "app.Main", List.of("x"),
                tag, List.of("--extra"));
    }

    @Test
    void commandOfEachKind() {
        List<String> jvm = List.of("/j/bin/java", "--enable-native-access=ALL-UNNAMED", "-Xmx1g", "-cp", "/lib/a.jar:/app",
                "jmpi.launcher.NativeRank", "app.Main", "x");
        List<String> o = NativeCommand.command(new NativeCommand.Launcher(Path.of("/m/mpirun"), NativeCommand.Kind.OPEN_MPI),
                job(4, true), null, false, 8);
        assertEquals(List.of("/m/mpirun", "-np", "4", "--bind-to", "none", "--tag-output", "--extra"), o.subList(0, 7));
        assertEquals(jvm, o.subList(7, o.size()));
        List<String> oRoot = NativeCommand.command(new NativeCommand.Launcher(Path.of("/m/mpirun"),
                NativeCommand.Kind.OPEN_MPI), job(4, false), Path.of("/h"), true, 2);
        assertEquals(List.of("/m/mpirun", "-np", "4", "--bind-to", "none", "--allow-run-as-root", "--hostfile", "/h",
                "--extra"), oRoot.subList(0, 9));
        List<String> h = NativeCommand.command(new NativeCommand.Launcher(Path.of("/m/mpiexec"), NativeCommand.Kind.HYDRA),
                job(4, true), Path.of("/h"), true, 2);
        assertEquals(List.of("/m/mpiexec", "-n", "4", "-f", "/h", "-prepend-rank", "--extra"), h.subList(0, 7));
        List<String> s = NativeCommand.command(new NativeCommand.Launcher(Path.of("/s/srun"), NativeCommand.Kind.SLURM),
                job(4, false), null, true, 2);
        assertEquals(List.of("/s/srun", "-n", "4", "--cpu-bind=none", "--kill-on-bad-exit=1", "--extra"), s.subList(0, 6));
        List<String> g = NativeCommand.command(new NativeCommand.Launcher(Path.of("/x/mpiexec"), NativeCommand.Kind.MPIEXEC),
                job(4, false), null, true, 2);
        assertEquals(List.of("/x/mpiexec", "-n", "4", "--extra"), g.subList(0, 4));
        assertThrows(IllegalArgumentException.class, () -> NativeCommand.command(new NativeCommand.Launcher(
                Path.of("/x/mpiexec"), NativeCommand.Kind.MPIEXEC), job(4, true), null, true, 2));
    }

    @Test
    void kindsByNameAndHostfiles() {
        assertEquals(NativeCommand.Kind.OPEN_MPI, NativeCommand.kindOfName("mpirun.openmpi"));
        assertEquals(NativeCommand.Kind.OPEN_MPI, NativeCommand.kindOfName("orterun"));
        assertEquals(NativeCommand.Kind.HYDRA, NativeCommand.kindOfName("mpiexec.hydra"));
        assertEquals(NativeCommand.Kind.HYDRA, NativeCommand.kindOfName("mpirun.mpich"));
        assertEquals(NativeCommand.Kind.SLURM, NativeCommand.kindOfName("srun"));
        assertNull(NativeCommand.kindOfName("mpirun"));
        assertEquals(NativeCommand.Kind.HYDRA, NativeCommand.Kind.parse("Intel"));
        List<Hostfile.Host> hosts = List.of(new Hostfile.Host("a", 2), new Hostfile.Host("b", 1));
        assertEquals(List.of("a slots=2", "b slots=1"), NativeCommand.hostfileLines(NativeCommand.Kind.OPEN_MPI, hosts));
        assertEquals(List.of("a:2", "b:1"), NativeCommand.hostfileLines(NativeCommand.Kind.HYDRA, hosts));
        assertThrows(IllegalArgumentException.class, () -> NativeCommand.hostfileLines(NativeCommand.Kind.SLURM, hosts));
        assertThrows(IllegalArgumentException.class, () -> NativeCommand.hostfileLines(NativeCommand.Kind.MPIEXEC, hosts));
    }
}
