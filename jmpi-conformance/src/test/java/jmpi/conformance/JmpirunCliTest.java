package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import jmpi.conformance.nativempi.NativeLaunch;

import mpi.MPI;

/** jmpirun as a separate JVM, as a user runs it: exit codes, failure reports, usage errors, output tags. */
@Timeout(120)
class JmpirunCliTest {
    /** Rank 2 throws; the others wait for a message that never comes. */
    public static class Throws {
        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 2) {
                throw new IllegalStateException("boom in rank two");
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 2, 0);
            MPI.Finalize();
        }
    }

    /** Rank 1 exits with 7 while rank 0 computes forever, never calling MPI again. */
    public static class ExitsWhileOtherComputes {
        static volatile double sink;

        public static void main(String[] args) {
            MPI.Init(args);
            if (MPI.COMM_WORLD.Rank() == 1) {
                System.exit(7);
            }
            double x = 0;
            while (true) {
                x += Math.sqrt(x + 1);
                sink = x;
            }
        }
    }

    /** Every rank waits for a message that never comes. */
    public static class Hangs {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.ANY_SOURCE, 0);
            MPI.Finalize();
        }
    }

    public static class Prints {
        public static void main(String[] args) {
            MPI.Init(args);
            System.out.println("I am " + MPI.COMM_WORLD.Rank() + " of " + MPI.COMM_WORLD.Size() + " args " + String.join(",", args));
            MPI.Finalize();
        }
    }

    /**
     * Prints the CPUs its rank thread may run on, as the kernel says ({@code Cpus_allowed_list}), and those of a
     * thread the rank starts after its binding.
     */
    public static class PrintsCpus {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            Path self = Path.of("/proc/thread-self/status");
            List<Integer> cpus = jmpi.launcher.CpuBinding.allowedCpus(self);
            List<List<Integer>> child = new ArrayList<>();
            Thread t = new Thread(() -> {
                try {
                    child.add(jmpi.launcher.CpuBinding.allowedCpus(self));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            t.start();
            t.join();
            System.out.println("rank " + MPI.COMM_WORLD.Rank() + " cpus " + cpus + " child " + child);
            System.out.println("rank " + MPI.COMM_WORLD.Rank() + " processors " + MPI.NUM_OF_PROCESSORS + " available "
                    + Runtime.getRuntime().availableProcessors());
            MPI.Finalize();
        }
    }

    record Run(int exit, String out, String err, long millis) {
    }

    private static Run jmpirun(String... args) throws IOException, InterruptedException {
        return jmpirun(java.util.Map.of(), args);
    }

    private static Run jmpirun(java.util.Map<String, String> env, String... args) throws IOException, InterruptedException {
        return jmpirun(env, List.of(), args);
    }

    private static Run jmpirun(java.util.Map<String, String> env, List<String> jvmOptions, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("jmpi.launcher.Jmpirun");
        cmd.addAll(List.of(args));
        long start = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        Process p = pb.start();
        p.getOutputStream().close();
        var out = p.getInputStream().readAllBytes();
        var err = p.getErrorStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("jmpirun did not end within 60 s");
        }
        return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8),
                (System.nanoTime() - start) / 1_000_000);
    }

    private static String cp() {
        return System.getProperty("java.class.path");
    }

    @Test
    void aRankThatThrowsFailsTheJobNamingIt() throws Exception {
        Run r = jmpirun("-np", "4", "-cp", cp(), Throws.class.getName());
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().contains("rank 2 failed"), r.err());
        assertTrue(r.err().contains("boom in rank two"), r.err());
    }

    @Test
    void exitCodeOfARankEndsTheJobEvenIfAnotherNeverCallsMpi() throws Exception {
        Run r = jmpirun("-np", "2", "-cp", cp(), ExitsWhileOtherComputes.class.getName());
        assertEquals(7, r.exit(), r.err());
        assertTrue(r.err().contains("rank 1 failed"), r.err());
        assertTrue(r.millis() < 30_000, "took " + r.millis() + " ms");
    }

    @Test
    void outputCanBeTaggedAndArgumentsReachTheProgram() throws Exception {
        Run r = jmpirun("-np", "3", "--tag-output", "-cp", cp(), Prints.class.getName(), "a", "b");
        assertEquals(0, r.exit(), r.err());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.out().contains("[" + rank + "] I am " + rank + " of 3 args a,b"), r.out());
        }
    }

    /** A host named in two clusters is a usage error naming the hostfile's line, before any rank starts. */
    @Test
    void aHostInTwoClustersIsAUsageError(@TempDir Path dir) throws Exception {
        Path hosts = Files.writeString(dir.resolve("hosts"), "localhost slots=2 cluster=a\nlocalhost slots=2 cluster=b\n");
        Run r = jmpirun("--hostfile", hosts.toString(), "-np", "2", "-cp", cp(), Prints.class.getName());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("line 2") && r.err().contains("cluster b") && r.err().contains("cluster a on line 1"),
                r.err());
    }

    /** The jmpi events of a JFR file, by type name: how many of each. */
    private static java.util.Map<String, Long> jmpiEvents(Path file) throws IOException {
        assertTrue(java.nio.file.Files.isRegularFile(file), file + " was not written");
        return jdk.jfr.consumer.RecordingFile.readAllEvents(file).stream().map(e -> e.getEventType().getName())
                .filter(n -> n.startsWith("jmpi.")).collect(java.util.stream.Collectors.groupingBy(n -> n,
                        java.util.stream.Collectors.counting()));
    }

    @Test
    void profileOfAThreadsJobIsWrittenWhetherItEndsWellFailsOrTimesOut(@TempDir Path dir) throws Exception {
        Run ok = jmpirun("-np", "2", "--profile", dir.resolve("ok.jfr").toString(), "-cp", cp(), Prints.class.getName());
        assertEquals(0, ok.exit(), ok.err());
        assertTrue(ok.err().contains("profile written to " + dir.resolve("ok.jfr")), ok.err());
        assertEquals(java.util.Map.of("jmpi.Rank", 2L), jmpiEvents(dir.resolve("ok.jfr")),
                "each rank's life from Init to Finalize (whose barrier is the engine's own, not a collective call)");
        Run failed = jmpirun("-np", "3", "--profile", dir.resolve("failed.jfr").toString(), "-cp", cp(),
                Throws.class.getName());
        assertEquals(1, failed.exit(), failed.err());
        jmpiEvents(dir.resolve("failed.jfr"));
        Run late = jmpirun("-np", "2", "--timeout", "3", "--profile", dir.resolve("late.jfr").toString(), "-cp", cp(),
                Hangs.class.getName());
        assertEquals(124, late.exit(), late.err());
        jmpiEvents(dir.resolve("late.jfr"));
    }

    private static final List<String> NATIVE_ACCESS = List.of("--enable-native-access=ALL-UNNAMED");

    /** The CPUs this process may run on; the test is skipped off Linux or with fewer than 2. */
    private static List<Integer> cpusToBind() throws IOException {
        assumeTrue(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).startsWith("linux"), "Linux only");
        List<Integer> allowed = jmpi.launcher.CpuBinding.allowedCpus();
        assumeTrue(allowed.size() >= 2, "needs 2 CPUs");
        return allowed;
    }

    /** What 2 bound ranks get: consecutive shares of {@code allowed}, the first one larger when their number is odd. */
    private static List<List<Integer>> twoShares(List<Integer> allowed) {
        int first = (allowed.size() + 1) / 2;
        return List.of(allowed.subList(0, first), allowed.subList(first, allowed.size()));
    }

    /**
     * {@code --bind-to core} restricts rank r's thread, and a thread it starts, to the r-th share of the CPUs the
     * launcher may run on (one CPU each on a 2-CPU machine; all of them for a single rank); with
     * {@code --bind-to none} (the control) every rank may run on all of them.
     */
    @Test
    void bindToCoreRestrictsEachRankThreadToItsOwnCpu() throws Exception {
        List<Integer> allowed = cpusToBind();
        List<List<Integer>> shares = twoShares(allowed);
        Run bound = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", "2", "--bind-to", "core", "-cp", cp(),
                PrintsCpus.class.getName());
        assertEachRankOn(bound, shares, "threads, core");
        // 1 rank: all of them, for the rank and for the threads it starts (its task workers, say)
        Run alone = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", "1", "--bind-to", "core", "-cp", cp(),
                PrintsCpus.class.getName());
        assertEachRankOn(alone, List.of(allowed), "threads, 1 rank, core");
        Run free = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", "2", "--bind-to", "none", "-cp", cp(),
                PrintsCpus.class.getName());
        assertEachRankOn(free, List.of(allowed, allowed), "threads, none");
    }

    /**
     * Each rank r of {@code run} (of {@link PrintsCpus}) printed {@code cpus.get(r)} for its own thread and for a thread
     * it started, and that many processors both as {@code MPI.NUM_OF_PROCESSORS} and as
     * {@code Runtime.availableProcessors()} (the rank was placed before {@code mpi.MPI} computed its constants).
     */
    private static void assertEachRankOn(Run run, List<List<Integer>> cpus, Object how) {
        assertEquals(0, run.exit(), how + ": " + run.err());
        for (int rank = 0; rank < cpus.size(); rank++) {
            List<Integer> mine = cpus.get(rank);
            String want = "rank " + rank + " cpus " + mine + " child " + List.of(mine) + "\n";
            assertTrue(run.out().contains(want), how + ": " + want + " in " + run.out());
            String processors = "rank " + rank + " processors " + mine.size() + " available " + mine.size() + "\n";
            assertTrue(run.out().contains(processors), how + ": " + processors + " in " + run.out());
        }
    }

    /**
     * Without --bind-to (auto): bound as core where binding can be had (here: native access, 2 ranks), unbound
     * without a word where it cannot (no native access; more ranks than CPUs).
     */
    @Test
    void bindToAutoBindsWhereItCanAndQuietlyNotElsewhere() throws Exception {
        List<Integer> allowed = cpusToBind();
        List<List<Integer>> shares = twoShares(allowed);
        Run auto = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", "2", "-cp", cp(), PrintsCpus.class.getName());
        assertEquals(0, auto.exit(), auto.err());
        for (int rank = 0; rank < 2; rank++) {
            assertTrue(auto.out().contains("rank " + rank + " cpus " + shares.get(rank) + " "), auto.out());
        }
        Run noAccess = jmpirun("-np", "2", "-cp", cp(), PrintsCpus.class.getName());
        assertEquals(0, noAccess.exit(), noAccess.err());
        assertTrue(noAccess.out().contains("rank 1 cpus " + allowed + " "), noAccess.out());
        assertFalse(noAccess.err().contains("bind"), noAccess.err());
        int np = allowed.size() + 1;
        Run many = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", String.valueOf(np), "-cp", cp(),
                PrintsCpus.class.getName());
        assertEquals(0, many.exit(), many.err());
        assertTrue(many.out().contains("rank " + (np - 1) + " cpus " + allowed + " "), many.out());
    }

    /**
     * With a process transport each rank JVM binds its rank's thread at MPI.Init to the rank's share of the host's CPUs
     * (one JVM per rank, and several ranks per JVM); the launcher needs no native access for it (the rank JVMs get it).
     * auto binds so too; none does not.
     */
    @Test
    void bindToCoreBindsTheRanksOfProcessTransports() throws Exception {
        List<Integer> allowed = cpusToBind();
        List<List<Integer>> shares = twoShares(allowed);
        for (List<String> how : List.of(List.of("--transport", "shm", "--bind-to", "core"),
                List.of("--transport", "tcp", "--bind-to", "core"), List.of("--transport", "shm"),
                List.of("--transport", "shm", "--ranks-per-jvm", "2", "--bind-to", "core"))) {
            List<String> args = new ArrayList<>(List.of("-np", "2", "--timeout", "60"));
            args.addAll(how);
            args.addAll(List.of("-cp", cp(), PrintsCpus.class.getName()));
            assertEachRankOn(jmpirun(args.toArray(String[]::new)), shares, how);
        }
        Run free = jmpirun("-np", "2", "--timeout", "60", "--transport", "shm", "--bind-to", "none", "-cp", cp(),
                PrintsCpus.class.getName());
        assertEachRankOn(free, List.of(allowed, allowed), "shm, none");
    }

    /**
     * A process job with more ranks on this host than CPUs: core fails the job within seconds, the rank naming why;
     * auto runs it unbound without a word.
     */
    @Test
    void bindToCoreWithMoreRanksThanCpusFailsTheProcessJobAndAutoDoesNotBind() throws Exception {
        List<Integer> allowed = cpusToBind();
        int np = allowed.size() + 1;
        Run tooMany = jmpirun("-np", String.valueOf(np), "--timeout", "60", "--transport", "tcp", "--bind-to", "core",
                "-cp", cp(), Prints.class.getName());
        assertNotEquals(0, tooMany.exit(), tooMany.err());
        assertTrue(tooMany.err().contains("--bind-to core: " + np + " ranks on host "), tooMany.err());
        assertTrue(tooMany.err().contains("but this process may run on only " + allowed.size() + " CPUs"), tooMany.err());
        assertTrue(tooMany.millis() < 30_000, "took " + tooMany.millis() + " ms");
        Run auto = jmpirun("-np", String.valueOf(np), "--timeout", "60", "--transport", "tcp", "-cp", cp(),
                PrintsCpus.class.getName());
        assertEquals(0, auto.exit(), auto.err());
        assertTrue(auto.out().contains("rank " + (np - 1) + " cpus " + allowed + " "), auto.out());
        assertFalse(auto.err().contains("bind"), auto.err());
    }

    /** What --bind-to cannot do is a usage error that says why, before any rank starts. */
    @Test
    void bindToProblemsAreUsageErrors() throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).startsWith("linux"), "Linux only");
        Run socket = jmpirun("-np", "2", "--bind-to", "socket", "-cp", cp(), Prints.class.getName());
        assertEquals(2, socket.exit(), socket.err());
        assertTrue(socket.err().contains("--bind-to must be auto, none or core, not socket"), socket.err());
        Run nat = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", "2", "--transport", "native", "--bind-to", "core",
                "-cp", cp(), Prints.class.getName());
        assertEquals(2, nat.exit(), nat.err());
        assertTrue(nat.err().contains("--bind-to core does not go with --transport native"), nat.err());
        Run noAccess = jmpirun("-np", "2", "--bind-to", "core", "-cp", cp(), Prints.class.getName());
        assertEquals(2, noAccess.exit(), noAccess.err());
        assertTrue(noAccess.err().contains("--enable-native-access=ALL-UNNAMED"), noAccess.err());
        int cpus = jmpi.launcher.CpuBinding.allowedCpus().size();
        Run tooMany = jmpirun(java.util.Map.of(), NATIVE_ACCESS, "-np", String.valueOf(cpus + 1), "--bind-to", "core",
                "-cp", cp(), Prints.class.getName());
        assertEquals(2, tooMany.exit(), tooMany.err());
        assertTrue(tooMany.err().contains((cpus + 1) + " ranks but this process may run on only " + cpus + " CPUs"),
                tooMany.err());
    }

    @Test
    void profileIntoAMissingDirectoryIsAUsageError() throws Exception {
        Run r = jmpirun("-np", "2", "--profile", "/nonexistent-jmpi-dir/p.jfr", "-cp", cp(), Prints.class.getName());
        assertEquals(2, r.exit(), r.err());
        assertTrue(r.err().contains("--profile /nonexistent-jmpi-dir/p.jfr: /nonexistent-jmpi-dir is not a writable"
                + " directory"), r.err());
    }

    @Test
    void badOptionsGiveUsage() throws Exception {
        Run r = jmpirun("-np", "zero", Prints.class.getName());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("Usage: jmpirun"), r.err());
        Run missing = jmpirun("-cp", cp());
        assertEquals(2, missing.exit());
        assertTrue(missing.err().contains("Missing required"), missing.err());
        Run noClass = jmpirun("-np", "2", "-cp", cp(), "no.such.Main");
        assertEquals(1, noClass.exit());
        assertTrue(noClass.err().contains("no.such.Main"), noClass.err());
    }

    // ---------------------------------------------------------------- --transport native

    /** A stand-in launcher named {@code name} in {@code dir} that prints {@code version} for --version. */
    private static Path fakeLauncher(Path dir, String name, String version) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, "#!/bin/sh\necho '" + version + "'\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static String dryRun(java.util.Map<String, String> env, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("--transport", "native", "--dry-run"));
        all.addAll(List.of(args));
        Run r = jmpirun(env, all.toArray(new String[0]));
        assertEquals(0, r.exit(), r.err());
        return r.out().strip();
    }

    /** The JVM part every native command ends with. */
    private static void assertRanksRunNativeRank(String cmd, String main) {
        assertTrue(cmd.contains("/bin/java --enable-native-access=ALL-UNNAMED "), cmd);
        assertTrue(cmd.contains(" jmpi.launcher.NativeRank '" + main + "' x 'y z'"), "(shell-quoted: $) " + cmd);
    }

    @Test
    void nativeCommandForOpenMpi() throws Exception {
        assumeTrue(NativeLaunch.Library.OPEN_MPI.installed(), NativeLaunch.Library.OPEN_MPI.missing());
        String cmd = dryRun(java.util.Map.of(), "--native-launcher", "mpirun.openmpi", "-np", "64", "-Djmpi.x=1",
                "--native-arg=--mca", "--native-arg=btl_tcp_if_include", "--native-arg=lo", "-cp", "/p/q.jar",
                Prints.class.getName(), "x", "y z");
        boolean root = "root".equals(System.getProperty("user.name"));
        assertTrue(cmd.startsWith("/usr/bin/mpirun.openmpi -np 64 --bind-to none " + (root ? "--allow-run-as-root " : "")
                + "--oversubscribe --mca btl_tcp_if_include lo "), cmd);
        assertTrue(cmd.contains(" -Djmpi.x=1 -cp "), cmd);
        assertTrue(cmd.contains(":/p/q.jar jmpi.launcher.NativeRank"), cmd);
        assertRanksRunNativeRank(cmd, Prints.class.getName());
    }

    @Test
    void nativeCommandForMpichWithAHostfileInHydrasFormat(@TempDir Path dir) throws Exception {
        assumeTrue(NativeLaunch.Library.MPICH.installed(), NativeLaunch.Library.MPICH.missing());
        Path hosts = Files.writeString(dir.resolve("hosts"), "# two hosts\nnode1 slots=4\nnode2:2\n");
        String cmd = dryRun(java.util.Map.of(), "--native-launcher", "mpirun.mpich", "--hostfile", hosts.toString(),
                "-np", "6", "--tag-output", Prints.class.getName(), "x", "y z");
        assertTrue(cmd.startsWith("/usr/bin/mpirun.mpich -n 6 -f /"), cmd);
        assertTrue(cmd.contains(" -prepend-rank /"), cmd);
        assertFalse(cmd.contains("bind-to"), cmd);
        String converted = cmd.split(" ")[4];
        assertEquals(List.of("node1:4", "node2:2"), Files.readAllLines(Path.of(converted)));
        Files.delete(Path.of(converted));
        assertRanksRunNativeRank(cmd, Prints.class.getName());
        Path clusters = Files.writeString(dir.resolve("clusters"), "node1 slots=4 cluster=a\nnode2:2 cluster=b\n");
        Run refused = jmpirun("--transport", "native", "--dry-run", "--native-launcher", "mpirun.mpich", "--hostfile",
                clusters.toString(), "-np", "6", Prints.class.getName());
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("cluster= in the hostfile does not go with --transport native"), refused.err());
    }

    @Test
    void nativeCommandForOpenMpiFoundThroughItsLinksOrVersion(@TempDir Path dir) throws Exception {
        Path real = fakeLauncher(dir, "orterun", "unused");
        Files.createSymbolicLink(dir.resolve("mpirun"), real);
        String viaLink = dryRun(java.util.Map.of("PATH", dir.toString()), "-np", "2", Prints.class.getName(), "x", "y z");
        assertTrue(viaLink.startsWith(dir.resolve("mpirun") + " -np 2 --bind-to none "), viaLink);
        Path other = Files.createDirectory(dir.resolve("other"));
        fakeLauncher(other, "mpiexec", "mpiexec (OpenRTE) 5.0.1");
        Path hosts = Files.writeString(dir.resolve("hosts"), "a:2\nb\n");
        String viaVersion = dryRun(java.util.Map.of("PATH", other.toString()), "--hostfile", hosts.toString(), "-np", "3",
                Prints.class.getName(), "x", "y z");
        assertTrue(viaVersion.startsWith(other.resolve("mpiexec") + " -np 3 --bind-to none "), viaVersion);
        assertFalse(viaVersion.contains("--oversubscribe"), "a hostfile's slots decide: " + viaVersion);
        String converted = viaVersion.split(" --hostfile ")[1].split(" ")[0];
        assertEquals(List.of("a slots=2", "b slots=1"), Files.readAllLines(Path.of(converted)));
        Files.delete(Path.of(converted));
    }

    @Test
    void nativeCommandForSrunInsideAnAllocation(@TempDir Path dir) throws Exception {
        fakeLauncher(dir, "srun", "slurm 23.02.7");
        fakeLauncher(dir, "mpirun.openmpi", "mpirun.openmpi (OpenRTE) 4.1.4");
        java.util.Map<String, String> env = java.util.Map.of("PATH", dir.toString(), "SLURM_JOB_ID", "42");
        String cmd = dryRun(env, "-np", "8", "--native-arg=--mpi=pmix", Prints.class.getName(), "x", "y z");
        assertTrue(cmd.startsWith(dir.resolve("srun") + " -n 8 --cpu-bind=none --kill-on-bad-exit=1 --mpi=pmix /"), cmd);
        assertRanksRunNativeRank(cmd, Prints.class.getName());
        String outside = dryRun(java.util.Map.of("PATH", dir.toString()), "-np", "8", Prints.class.getName(), "x", "y z");
        assertTrue(outside.startsWith(dir.resolve("mpirun.openmpi") + " -np 8 "), "outside Slurm, mpirun: " + outside);
        Path hosts = Files.writeString(dir.resolve("hosts"), "a\n");
        Run refused = jmpirun(env, "--transport", "native", "--dry-run", "--hostfile", hosts.toString(), "-np", "1",
                Prints.class.getName());
        assertEquals(2, refused.exit(), refused.err());
        assertTrue(refused.err().contains("--hostfile with srun"), refused.err());
    }

    @Test
    void nativeLauncherProblemsAreUsageErrors(@TempDir Path dir) throws Exception {
        Run missing = jmpirun(java.util.Map.of("PATH", dir.toString()), "--transport", "native", "-np", "2",
                Prints.class.getName());
        assertEquals(2, missing.exit(), missing.err());
        assertTrue(missing.err().contains("no MPI launcher on the PATH (looked for mpirun.openmpi, mpirun.mpich, mpirun,"
                + " mpiexec)"), missing.err());
        Run named = jmpirun("--transport", "native", "--native-launcher", "no-such-mpirun", "-np", "2",
                Prints.class.getName());
        assertEquals(2, named.exit(), named.err());
        assertTrue(named.err().contains("MPI launcher no-such-mpirun is not on the PATH"), named.err());
        Run kind = jmpirun("--transport", "native", "--native-kind", "lam", "-np", "2", Prints.class.getName());
        assertEquals(2, kind.exit(), kind.err());
        assertTrue(kind.err().contains("--native-kind lam is not one of"), kind.err());
        Run stray = jmpirun("--dry-run", "-np", "2", Prints.class.getName());
        assertEquals(2, stray.exit(), stray.err());
        assertTrue(stray.err().contains("go with --transport native"), stray.err());
    }

    @ParameterizedTest
    @EnumSource(NativeLaunch.Library.class)
    void nativeRunsHelloOnTheLibrary(NativeLaunch.Library lib) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        Run r = jmpirun("--transport", "native", "--native-launcher", lib.launcher(), "--timeout", "50", "-np", "3",
                "-cp", cp(), Prints.class.getName(), "a", "b");
        assertEquals(0, r.exit(), r.err());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.out().contains("I am " + rank + " of 3 args a,b"), r.out() + r.err());
        }
        Run hello = jmpirun("--transport", "native", "--native-launcher", lib.launcher(), "--timeout", "50", "-np", "3",
                "jmpi.examples.Hello");
        assertEquals(0, hello.exit(), hello.err());
        assertTrue(hello.out().contains("hello from rank 2 of 3"), hello.out() + hello.err());
    }

    @ParameterizedTest
    @EnumSource(NativeLaunch.Library.class)
    void nativeForwardsTheJobsExitCode(NativeLaunch.Library lib) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        Run r = jmpirun("--transport", "native", "--native-launcher", lib.launcher(), "--timeout", "50", "-np", "2",
                "-cp", cp(), ExitsWhileOtherComputes.class.getName());
        assertEquals(7, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("jmpi: rank 1 failed: called System.exit(7) without calling MPI.Finalize"), r.err());
        assertTrue(r.err().contains("jmpirun: job failed: /usr/bin/" + lib.launcher() + " exited with code 7"), r.err());
    }

    @Test
    void nativeTimeoutStopsTheJob() throws Exception {
        NativeLaunch.Library lib = NativeLaunch.Library.OPEN_MPI.installed() ? NativeLaunch.Library.OPEN_MPI
                : NativeLaunch.Library.MPICH;
        assumeTrue(lib.installed(), lib.missing());
        Run r = jmpirun("--transport", "native", "--native-launcher", lib.launcher(), "--timeout", "4", "-np", "2",
                "-cp", cp(), Hangs.class.getName());
        assertEquals(124, r.exit(), r.out() + r.err());
        assertTrue(r.err().contains("jmpirun: job timed out after 4 s"), r.err());
        assertTrue(r.millis() < 30_000, "took " + r.millis() + " ms");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (rankProcesses(Hangs.class.getName()) > 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertEquals(0, rankProcesses(Hangs.class.getName()), "ranks left running after the timeout");
    }

    private static long rankProcesses(String mainClass) {
        return ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                .map(a -> List.of(a).contains(mainClass) && List.of(a).contains("jmpi.launcher.NativeRank"))
                .orElse(false)).count();
    }
}
