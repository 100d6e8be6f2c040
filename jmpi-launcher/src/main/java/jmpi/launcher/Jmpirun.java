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
 * {@code jmpirun -np N [-cp CLASSPATH] [--transport threads] MainClass [args]}: runs an MPI program.
 * The exit code is 0 when every rank ended well, else the first failing rank's code, with each
 * failure (rank, why, stack) printed on standard error.
 */
@Command(name = "jmpirun", mixinStandardHelpOptions = true, version = "jmpi 0.1.0",
        description = "Runs an MPI (mpiJava / MPJ API) program on N ranks.",
        footer = {"", "Example: jmpirun -np 4 -cp classes Hello arg1"})
public final class Jmpirun implements Callable<Integer> {
    @Option(names = {"-np", "-n"}, required = true, description = "number of ranks")
    int np;

    @Option(names = {"-cp", "-classpath", "--class-path"}, description = "class path of the program (default: .)")
    String classPath = ".";

    @Option(names = "--transport", description = "how ranks talk: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE})")
    Transport transport = Transport.threads;

    @Option(names = {"--tag-output", "-tag-output"}, description = "prefix each output line with [rank]")
    boolean tagOutput;

    @Option(names = "--timeout", description = "fail the job after this many seconds (0: no limit)")
    long timeoutSeconds;

    @Parameters(index = "0", paramLabel = "MainClass", description = "the program's main class")
    String mainClass;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "the program's arguments")
    List<String> args = new ArrayList<>();

    /** The transports jmpirun knows; only the embedded one is available so far. */
    enum Transport { threads, shm, tcp }

    @Override
    public Integer call() {
        if (transport != Transport.threads) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--transport " + transport + " is not available yet: use threads");
        }
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
        JobResult result = new ThreadsJob(spec).run();
        report(result);
        return result.exitCode();
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
