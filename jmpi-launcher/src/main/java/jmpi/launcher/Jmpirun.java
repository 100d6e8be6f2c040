package jmpi.launcher;

import java.io.File;
import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code jmpirun -np N [-cp CLASSPATH] [--transport threads|auto|shm|tcp] [--hostfile F] [--ranks-per-jvm K]
 * MainClass [args]}: runs an MPI program, its ranks as threads of this JVM ({@link ThreadsJob}) or in
 * JVMs of their own, on this host or several ({@link ProcessJob}, docs/LAUNCH.md). The exit code is 0 when every rank ended well, else the first
 * failing rank's code, with each failure (rank, why, stack) printed on standard error.
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
            + " tcp across hosts; the default with them); shm or tcp (that transport between every two JVMs), or the name"
            + " of any transport found on the class path")
    String transport;

    @Option(names = {"--hostfile", "-hostfile", "--machinefile"}, paramLabel = "FILE",
            description = "hosts to place the ranks on, one per line: name [slots=N]; filled in order")
    java.nio.file.Path hostfile;

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

    @Option(names = {"--tag-output", "-tag-output"}, description = "prefix each output line with [rank]")
    boolean tagOutput;

    @Option(names = "--timeout", description = "fail the job after this many seconds (0: no limit)")
    long timeoutSeconds;

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
        JobResult result;
        if (kind.equals("threads")) {
            if (processes) {
                throw usage("--transport threads runs every rank in this JVM: --hostfile and --ranks-per-jvm need"
                        + " a process transport (auto, shm, tcp)");
            }
            result = new ThreadsJob(spec).run();
        } else {
            checkTransport(urls, kind);
            ProcessJob job = new ProcessJob(spec, kind).inheritStdin(true).ranksPerJvm(ranksPerJvm);
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
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
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
