package jmpi.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code jmpirun --transport native}: the command line of the system's MPI launcher that runs a program on
 * the native transport, one {@link NativeRank} JVM per rank, and running it. Which launcher: the one named
 * (a path or a name on the PATH), else {@code srun} inside a Slurm allocation, else the first of
 * {@code mpirun.openmpi}, {@code mpirun.mpich}, {@code mpirun}, {@code mpiexec} on the PATH. Its
 * {@link Kind} comes from its name or the names its symbolic links lead through
 * ({@code mpirun -> /etc/alternatives/mpirun -> mpirun.openmpi}), else from its {@code --version} output,
 * and decides the options (docs/LAUNCH.md, "native"). IllegalArgumentException for what the user got wrong.
 *
 * <p>Concurrency: stateless; {@link #run} blocks the calling thread until the job ends.
 */
final class NativeCommand {
    /** The default launchers, in the order they are looked for on the PATH (outside Slurm). */
    static final List<String> DEFAULTS = List.of("mpirun.openmpi", "mpirun.mpich", "mpirun", "mpiexec");

    /** A family of launchers with one command-line syntax. */
    enum Kind {
        /** Open MPI's mpirun (ORTE or PRRTE): binds by default, refuses root and oversubscription. */
        OPEN_MPI,
        /** MPICH's or Intel MPI's Hydra mpiexec. */
        HYDRA,
        /** Slurm's srun. */
        SLURM,
        /** Any other mpiexec: only the standard's {@code -n N}. */
        MPIEXEC;

        static Kind parse(String name) {
            return switch (name.strip().toLowerCase(Locale.ROOT)) {
                case "openmpi", "open_mpi", "ompi" -> OPEN_MPI;
                case "hydra", "mpich", "intel" -> HYDRA;
                case "slurm", "srun" -> SLURM;
                case "mpiexec" -> MPIEXEC;
                default -> throw new IllegalArgumentException("--native-kind " + name
                        + " is not one of openmpi, hydra (MPICH, Intel MPI), slurm, mpiexec");
            };
        }
    }

    /** A launcher found: where, and which kind. */
    record Launcher(Path path, Kind kind) {
    }

    /** What the ranks run and how: everything but the launcher. */
    record Job(int np, String java, List<String> jvmOptions, String classPath, String mainClass, List<String> args,
               boolean tagOutput, List<String> launcherArgs) {
    }

    private NativeCommand() {
    }

    /**
     * The launcher to run: {@code requested} (a path, or a name looked up on {@code pathVar}) when not null,
     * empty or {@code auto}; else srun when {@code env} has {@code SLURM_JOB_ID} and srun is on the PATH; else
     * the first of {@link #DEFAULTS}. {@code kind}, when not null, overrides the detected kind.
     */
    static Launcher choose(String requested, String kind, Map<String, String> env) {
        String pathVar = env.getOrDefault("PATH", "");
        Path path;
        if (requested != null && !requested.isBlank() && !requested.strip().equals("auto")) {
            path = find(requested.strip(), pathVar);
            if (path == null) {
                throw new IllegalArgumentException("MPI launcher " + requested + " is not "
                        + (requested.contains("/") ? "an executable file" : "on the PATH (" + pathVar + ")"));
            }
        } else {
            path = env.containsKey("SLURM_JOB_ID") ? find("srun", pathVar) : null;
            for (int i = 0; path == null && i < DEFAULTS.size(); i++) {
                path = find(DEFAULTS.get(i), pathVar);
            }
            if (path == null) {
                throw new IllegalArgumentException("no MPI launcher on the PATH (looked for " + String.join(", ", DEFAULTS)
                        + (env.containsKey("SLURM_JOB_ID") ? ", srun" : "") + "): install Open MPI or MPICH, or name"
                        + " the launcher with --native-launcher PATH");
            }
        }
        return new Launcher(path, kind != null ? Kind.parse(kind) : kind(path));
    }

    /** The launcher's kind from its name (and its links' names), else from its {@code --version} output. */
    static Kind kind(Path launcher) {
        Path p = launcher;
        for (int hops = 0; hops < 10 && p != null; hops++) {
            Kind k = kindOfName(p.getFileName().toString());
            if (k != null) {
                return k;
            }
            if (!Files.isSymbolicLink(p)) {
                break;
            }
            try {
                Path target = Files.readSymbolicLink(p);
                p = p.resolveSibling(target);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot follow the link " + p, e);
            }
        }
        String version = version(launcher);
        if (version.contains("Open MPI") || version.contains("OpenRTE") || version.contains("PRRTE")) {
            return Kind.OPEN_MPI;
        }
        if (version.contains("HYDRA") || version.contains("Intel(R) MPI")) {
            return Kind.HYDRA;
        }
        if (version.toLowerCase(Locale.ROOT).contains("slurm")) {
            return Kind.SLURM;
        }
        return Kind.MPIEXEC;
    }

    static Kind kindOfName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.contains("openmpi") || n.contains("orterun") || n.contains("prterun") || n.contains("ompi")) {
            return Kind.OPEN_MPI;
        }
        if (n.contains("mpich") || n.contains("hydra")) {
            return Kind.HYDRA;
        }
        if (n.equals("srun")) {
            return Kind.SLURM;
        }
        return null;
    }

    /** What {@code launcher --version} prints (both streams), within 10 s. */
    private static String version(Path launcher) {
        try {
            Process p = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalArgumentException(launcher + " --version did not end within 10 s: name the launcher's"
                        + " kind with --native-kind");
            }
            return new String(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + launcher + " --version", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while asking " + launcher + " for its version", e);
        }
    }

    /** {@code name} as a path (when it has a '/') or the first executable of that name on {@code pathVar}; else null. */
    static Path find(String name, String pathVar) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            return Files.isRegularFile(p) && Files.isExecutable(p) ? p.toAbsolutePath() : null;
        }
        for (String dir : pathVar.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, name);
                if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                    return p;
                }
            }
        }
        return null;
    }

    /** The hosts as {@code kind}'s host file lists them. */
    static List<String> hostfileLines(Kind kind, List<Hostfile.Host> hosts) {
        List<String> lines = new ArrayList<>();
        for (Hostfile.Host h : hosts) {
            lines.add(switch (kind) {
                case OPEN_MPI -> h.name() + " slots=" + h.slots();
                case HYDRA -> h.name() + ":" + h.slots();
                case SLURM -> throw new IllegalArgumentException("--hostfile with srun: the Slurm allocation places"
                        + " the ranks (choose nodes with srun's own options, e.g. --native-arg=--nodelist=a,b)");
                case MPIEXEC -> throw new IllegalArgumentException("--hostfile with a launcher of unknown kind: name"
                        + " its kind with --native-kind openmpi|hydra, or pass its own option with --native-arg");
            });
        }
        return lines;
    }

    /**
     * The whole command: the launcher with its options, then each rank's JVM running {@link NativeRank}.
     *
     * @param hostfile the host file in the launcher's format, or null
     * @param root     whether this process runs as root (Open MPI refuses it unless told)
     * @param cpus     this machine's CPUs (Open MPI refuses more ranks than cores unless told)
     */
    static List<String> command(Launcher launcher, Job job, Path hostfile, boolean root, int cpus) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launcher.path().toString());
        switch (launcher.kind()) {
            case OPEN_MPI -> {
                cmd.addAll(List.of("-np", Integer.toString(job.np()), "--bind-to", "none"));
                if (root) {
                    cmd.add("--allow-run-as-root");
                }
                if (hostfile == null && job.np() > cpus) {
                    cmd.add("--oversubscribe");
                }
                if (hostfile != null) {
                    cmd.addAll(List.of("--hostfile", hostfile.toString()));
                }
                if (job.tagOutput()) {
                    cmd.add("--tag-output");
                }
            }
            case HYDRA -> {
                cmd.addAll(List.of("-n", Integer.toString(job.np())));
                if (hostfile != null) {
                    cmd.addAll(List.of("-f", hostfile.toString()));
                }
                if (job.tagOutput()) {
                    cmd.add("-prepend-rank");
                }
            }
            case SLURM -> {
                cmd.addAll(List.of("-n", Integer.toString(job.np()), "--cpu-bind=none", "--kill-on-bad-exit=1"));
                if (job.tagOutput()) {
                    cmd.add("--label");
                }
            }
            case MPIEXEC -> {
                cmd.addAll(List.of("-n", Integer.toString(job.np())));
                if (job.tagOutput()) {
                    throw new IllegalArgumentException("--tag-output with a launcher of unknown kind: name its kind"
                            + " with --native-kind, or pass its own option with --native-arg");
                }
            }
        }
        cmd.addAll(job.launcherArgs());
        cmd.add(job.java());
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(job.jvmOptions());
        cmd.addAll(List.of("-cp", job.classPath(), NativeRank.class.getName(), job.mainClass()));
        cmd.addAll(job.args());
        return cmd;
    }

    /**
     * Runs {@code cmd} with this process's standard streams and returns its exit code (saying so on standard
     * error when it is not 0); after {@code timeout}
     * (null: none) it stops the launcher (SIGTERM, which it passes to the ranks; 5 s later SIGKILL to it and
     * everything it started) and returns 124. A signal that ends jmpirun stops the launcher too.
     */
    static int run(List<String> cmd, Duration timeout) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).inheritIO().start();
        // left registered after the job: it does nothing once the launcher has ended
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmpirun-native-stop").unstarted(() -> stop(p)));
        if (timeout == null ? waitFor(p) : p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            int code = p.exitValue();
            if (code != 0) {
                System.err.println("jmpirun: job failed: " + cmd.get(0) + " exited with code " + code);
            }
            return code;
        }
        System.err.println("jmpirun: job timed out after " + timeout.toSeconds() + " s; stopping " + cmd.get(0));
        stop(p);
        return 124;
    }

    private static boolean waitFor(Process p) throws InterruptedException {
        p.waitFor();
        return true;
    }

    private static void stop(Process p) {
        if (!p.isAlive()) {
            return;
        }
        List<ProcessHandle> started = p.descendants().toList();
        p.destroy();
        try {
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                started.forEach(ProcessHandle::destroyForcibly);
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            started.forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
