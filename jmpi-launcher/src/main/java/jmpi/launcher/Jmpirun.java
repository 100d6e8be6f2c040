package jmpi.launcher;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jmpirun -np N [-cp CLASSPATH] [--transport threads|auto|shm|tcp|native] [--hostfile F] [--ranks-per-jvm K]
 * MainClass [args]}: runs an MPI program, its ranks as threads of this JVM ({@link ThreadsJob}) or in
 * JVMs of their own, on this host or several ({@link ProcessJob}, docs/LAUNCH.md). The exit code is 0 when every rank ended well, else the first
 * failing rank's code, with each failure (rank, why, stack) printed on standard error. With
 * {@code --transport native} it runs the system's MPI launcher instead ({@link NativeCommand}) and exits
 * with its code.
 *
 * <p>Concurrency: one instance per command line, used by the main thread.
 */
@Command(name = "jmpirun", mixinStandardHelpOptions = true, version = "jmpi 0.1.0",
        description = "Runs an MPI (mpiJava / MPJ API) program on N ranks.",
        footer = {"", "Example: jmpirun -np 4 -cp classes Hello arg1"})
public final class Jmpirun implements Callable<Integer> {
    @Option(names = {"-np", "-n"}, required = true, description = "number of ranks")
    int np;

    @Option(names = {"-cp", "-classpath", "--class-path"}, description = "class path of the program (default: .)")
    String classPath = ".";

    @Option(names = "--transport", description = "how ranks talk: threads (every rank a thread of this JVM; the default"
            + " without --hostfile and --ranks-per-jvm); auto (ranks are JVMs: threads inside a JVM, shm within a host,"
            + " tcp across hosts; the default with them); shm or tcp (that transport between every two JVMs); native (the"
            + " system's MPI library, started by its own launcher: mpirun, mpiexec or srun), or the name of any transport"
            + " found on the class path")
    String transport;

    @Option(names = "--native-launcher", paramLabel = "PATH", description = "with --transport native: the MPI launcher"
            + " to run, a path or a name on the PATH (default: property jmpi.jmpirun.nativeLauncher, else srun inside a"
            + " Slurm allocation, else the first of mpirun.openmpi, mpirun.mpich, mpirun, mpiexec)")
    String nativeLauncher;

    @Option(names = "--native-kind", paramLabel = "KIND", description = "with --transport native: the launcher's"
            + " command-line family, openmpi, hydra (MPICH, Intel MPI), slurm or mpiexec (default: from its name or its"
            + " --version)")
    String nativeKind;

    @Option(names = "--native-arg", paramLabel = "ARG", description = "with --transport native: an option passed to"
            + " the launcher as it is, after jmpirun's own (repeatable; e.g. --native-arg=--mpi=pmix)")
    List<String> nativeArgs = new ArrayList<>();

    @Option(names = "-D", paramLabel = "name=value", mapFallbackValue = "", description = "a system property of every"
            + " rank (repeatable; with threads, of this JVM); after the options in JMPI_JAVA_OPTS")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = "--dry-run", description = "with --transport native: print the launcher's command line instead of"
            + " running it")
    boolean dryRun;

    @Option(names = {"--hostfile", "-hostfile", "--machinefile"}, paramLabel = "FILE",
            description = "hosts to place the ranks on, one per line: name [slots=N] [cluster=NAME]; filled in order")
    Path hostfile;

    @Option(names = {"--remote-start", "--launch-agent"}, paramLabel = "TEMPLATE", description = "how a rank JVM is started"
            + " on another host: {host} is replaced, {command} is the command as one shell word, else the command's words"
            + " are appended (default: \"" + ProcessJob.DEFAULT_REMOTE_START + "\"; e.g. \"ip netns exec {host}\")")
    String remoteStart = ProcessJob.DEFAULT_REMOTE_START;

    @Option(names = "--ranks-per-jvm", paramLabel = "K", description = "run up to K ranks of a host as threads of one JVM"
            + " (default 1 with a process transport)")
    int ranksPerJvm = 1;

    @Option(names = "--bootstrap-address", description = "address the bootstrap service of a multi-process job listens on"
            + " (default: the loopback address)")
    String bootstrapAddress;

    @Option(names = {"--bind-to", "-bind-to"}, paramLabel = "auto|none|core", description = "core restricts the thread"
            + " of rank r of a host, and the threads it starts, to the r-th of equal consecutive shares of the CPUs"
            + " there (at most one rank per CPU; Linux; threads: this JVM needs --enable-native-access=ALL-UNNAMED,"
            + " which bin/jmpirun gives it; shm, tcp, auto: each rank JVM binds the thread that first uses mpi.MPI, the"
            + " JVM's own threads stay unbound); none leaves the placement to the operating system; auto (the default)"
            + " is core where core can be had (at most as many ranks as CPUs on this host, Linux, native access) and"
            + " none elsewhere and on other hosts, silently. --transport native: the MPI launcher binds (its options)")
    String bindTo = "auto";

    @Option(names = {"--tag-output", "-tag-output"}, description = "prefix each output line with [rank]")
    boolean tagOutput;

    @Option(names = "--timeout", description = "fail the job after this many seconds (0: no limit)")
    long timeoutSeconds;

    @Option(names = "--profile", paramLabel = "FILE", description = "record the job with JDK Flight Recorder: jmpi's"
            + " events (every point-to-point call, collective with its algorithm, rendezvous, wait; each names its rank)"
            + " with stack traces, plus the JDK's default settings. threads: one recording of this JVM, FILE; shm, tcp,"
            + " auto, native: one file per rank JVM, FILE with .rank<N> before its extension (N: the JVM's first rank)."
            + " Written also when the job fails or times out. Summary: bin/jmpiprof FILE...")
    Path profile;

    @Parameters(index = "0", paramLabel = "MainClass", description = "the program's main class")
    String mainClass;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the program's arguments")
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() {
        if (np < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "-np must be at least 1, not " + np);
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(RankClassLoader.toUrl(entry));
            }
        }
        JobSpec spec = new JobSpec(np, urls, mainClass, args, tagOutput,
                timeoutSeconds > 0 ? Duration.ofSeconds(timeoutSeconds) : null, Duration.ofSeconds(5));
        boolean processes = hostfile != null || ranksPerJvm != 1;
        String kind = transport != null ? transport : processes ? TransportPlan.AUTO : "threads";
        if (ranksPerJvm < 1) {
            throw usage("--ranks-per-jvm must be at least 1, not " + ranksPerJvm);
        }
        if (profile != null && hostfile == null) {
            Path dir = profile.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir) || !Files.isWritable(dir)) {
                throw usage("--profile " + profile + ": " + dir + " is not a writable directory");
            }
        }
        if (!CpuBinding.MODES.contains(bindTo)) {
            throw usage("--bind-to must be auto, none or core, not " + bindTo);
        }
        if (bindTo.equals("core") && kind.equals("native")) {
            throw usage("--bind-to core does not go with --transport native: the MPI launcher places the ranks (pass its"
                    + " binding options with --native-arg)");
        }
        if (kind.equals("native")) {
            return runNative();
        }
        if (dryRun || nativeLauncher != null || nativeKind != null || !nativeArgs.isEmpty()) {
            throw usage("--dry-run, --native-launcher, --native-kind and --native-arg go with --transport native");
        }
        JobResult result;
        if (kind.equals("threads")) {
            if (processes) {
                throw usage("--transport threads runs every rank in this JVM: --hostfile and --ranks-per-jvm need"
                        + " a process transport (auto, shm, tcp)");
            }
            properties.forEach(System::setProperty);
            jdk.jfr.Recording recording = profile == null ? null : Profiling.startHere(profile);
            try {
                int[][] cpus = null;
                if (bindTo.equals("core")) {
                    try {
                        cpus = CpuBinding.plan(np);
                    } catch (IllegalArgumentException | java.io.IOException e) {
                        throw usage(e.getMessage());
                    }
                } else if (bindTo.equals("auto")) {
                    cpus = CpuBinding.planWherePossible(np);
                }
                result = new ThreadsJob(spec).bindTo(cpus).run();
            } finally {
                if (recording != null) {
                    Profiling.stop(recording);
                }
            }
        } else {
            checkTransport(urls, kind);
            ProcessJob job = new ProcessJob(spec, kind).inheritStdin(true).ranksPerJvm(ranksPerJvm).bindTo(bindTo);
            if (!properties.isEmpty() || profile != null) {
                job.jvmOptions(jvmOptions());
            }
            try {
                job.remoteStart(remoteStart);
                if (hostfile != null) {
                    job.hosts(Hostfile.read(hostfile));
                }
                job.plan();
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
            if (bootstrapAddress != null) {
                try {
                    job.bootstrapAddress(java.net.InetAddress.getByName(bootstrapAddress));
                } catch (java.net.UnknownHostException e) {
                    throw usage("--bootstrap-address " + bootstrapAddress + " is not a known address");
                }
            } else if (job.plan().stream().anyMatch(u -> !u.local())) {
                try {
                    java.net.InetAddress here = java.net.InetAddress.getLocalHost();
                    if (here.isLoopbackAddress()) {
                        throw usage("ranks on other hosts must reach the bootstrap service, but this host's name"
                                + " resolves to a loopback address: give --bootstrap-address");
                    }
                    job.bootstrapAddress(here);
                } catch (java.net.UnknownHostException e) {
                    throw usage("cannot resolve this host's name for the bootstrap service: give --bootstrap-address");
                }
            }
            result = job.run();
        }
        report(result);
        return result.exitCode();
    }

    /** JMPI_JAVA_OPTS, then the -D options, then --profile's property (each rank JVM records itself: {@link Profiling}). */
    private List<String> jvmOptions() {
        List<String> options = new ArrayList<>(ProcessJob.splitOptions(System.getenv("JMPI_JAVA_OPTS")));
        properties.forEach((k, v) -> options.add("-D" + k + "=" + v));
        if (profile != null) {
            options.add("-D" + LauncherSetting.PROFILE.property() + "=" + profile.toAbsolutePath());
        }
        return options;
    }

    /** {@code --transport native}: the system's launcher runs the ranks; its exit code is the job's. */
    private int runNative() {
        if (ranksPerJvm != 1) {
            throw usage("--ranks-per-jvm does not go with --transport native: the MPI launcher starts one JVM per rank");
        }
        if (bootstrapAddress != null || !remoteStart.equals(ProcessJob.DEFAULT_REMOTE_START)) {
            throw usage("--bootstrap-address and --remote-start do not go with --transport native: the MPI launcher"
                    + " starts the ranks (pass its own options with --native-arg)");
        }
        String own = System.getProperty("java.class.path", "");
        String cp = own.isEmpty() ? classPath : own + File.pathSeparator + classPath;
        String javaCommand = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        NativeCommand.Job job = new NativeCommand.Job(np, javaCommand, jvmOptions(), cp, mainClass, args, tagOutput, nativeArgs);
        Path converted = null;
        try {
            String requested = nativeLauncher != null ? nativeLauncher : LauncherSetting.NATIVE_LAUNCHER.value();
            NativeCommand.Launcher launcher = NativeCommand.choose(requested, nativeKind, System.getenv());
            if (hostfile != null) {
                List<Hostfile.Host> hosts = Hostfile.read(hostfile);
                if (hosts.stream().anyMatch(h -> h.cluster() != null)) {
                    throw usage("cluster= in the hostfile does not go with --transport native: the native transport"
                            + " sees one cluster (use --transport auto or tcp)");
                }
                List<String> lines = NativeCommand.hostfileLines(launcher.kind(), hosts);
                converted = Files.createTempFile("jmpirun-hosts", ".txt");
                Files.write(converted, lines);
            }
            List<String> cmd = NativeCommand.command(launcher, job, converted,
                    "root".equals(System.getProperty("user.name")), onlineCpus());
            if (dryRun) {
                System.out.println(String.join(" ", cmd.stream().map(RankSpawner::shellQuote).toList()));
                converted = null; // the printed command names it: keep it
                return 0;
            }
            return NativeCommand.run(cmd, timeoutSeconds > 0 ? Duration.ofSeconds(timeoutSeconds) : null);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run the MPI launcher", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the job ran", e);
        } finally {
            if (converted != null) {
                try {
                    Files.deleteIfExists(converted);
                } catch (IOException e) {
                    System.err.println("jmpirun: cannot delete " + converted + ": " + e);
                }
            }
        }
    }

    /** The machine's CPUs (not this JVM's share of them). */
    private static int onlineCpus() {
        Path online = Path.of("/sys/devices/system/cpu/online");
        if (Files.isReadable(online)) {
            try {
                return NativeRankChecks.countCpuList(Files.readString(online));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + online, e);
            }
        }
        return Runtime.getRuntime().availableProcessors();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(new CommandLine(this), message);
    }

    /** Rejects a transport that no factory on the launcher's or the program's class path provides. */
    private void checkTransport(List<URL> programPath, String kind) {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(programPath.toArray(new URL[0]),
                Jmpirun.class.getClassLoader())) {
            for (String name : kind.equals(TransportPlan.AUTO) ? List.of("shm", "tcp") : List.of(kind)) {
                ProcessRankEnvProvider.transport(name, loader);
            }
        } catch (IllegalStateException e) {
            throw usage("--transport " + kind + " is not available: " + e.getMessage() + "; threads is always available");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void report(JobResult result) {
        for (JobResult.Failure f : result.failures()) {
            System.err.println("jmpirun: " + f);
            if (f.cause() != null) {
                f.cause().printStackTrace(System.err);
            }
        }
        if (!result.ok()) {
            System.err.println("jmpirun: job failed with exit code " + result.exitCode());
        }
    }

    public static void main(String[] argv) {
        CommandLine cl = new CommandLine(new Jmpirun());
        cl.setStopAtPositional(true);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        int code = cl.execute(argv);
        System.out.flush();
        System.exit(code);
    }
}
