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
 * {@code jmpirun -np N [-cp CLASSPATH] [--transport threads|shm|tcp] MainClass [args]}: runs an MPI
 * program, its ranks as threads of this JVM ({@link ThreadsJob}) or as JVMs of their own
 * ({@link ProcessJob}, docs/LAUNCH.md). The exit code is 0 when every rank ended well, else the first
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

    @Option(names = "--transport", description = "how ranks talk: threads (ranks are threads of one JVM), or shm, tcp"
            + " (ranks are JVMs of their own on this host; any transport found on the class path) (default: threads)")
    String transport = "threads";

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
        JobResult result;
        if (transport.equals("threads")) {
            result = new ThreadsJob(spec).run();
        } else {
            checkTransport(urls);
            ProcessJob job = new ProcessJob(spec, transport).inheritStdin(true);
            if (bootstrapAddress != null) {
                try {
                    job.bootstrapAddress(java.net.InetAddress.getByName(bootstrapAddress));
                } catch (java.net.UnknownHostException e) {
                    throw new CommandLine.ParameterException(new CommandLine(this),
                            "--bootstrap-address " + bootstrapAddress + " is not a known address");
                }
            }
            result = job.run();
        }
        report(result);
        return result.exitCode();
    }

    /** Rejects a transport that no factory on the launcher's or the program's class path provides. */
    private void checkTransport(List<URL> programPath) {
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(programPath.toArray(new URL[0]),
                Jmpirun.class.getClassLoader())) {
            ProcessRankEnvProvider.transport(transport, loader);
        } catch (IllegalStateException e) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--transport " + transport
                    + " is not available: " + e.getMessage() + "; threads is always available");
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
