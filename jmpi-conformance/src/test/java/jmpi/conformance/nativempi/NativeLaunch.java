package jmpi.conformance.nativempi;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a Java main class as an MPI job of the system's library ({@code mpirun.openmpi} or {@code mpirun.mpich},
 * Debian's packages): every rank a JVM on this test's class path, with {@code --enable-native-access}, so that
 * {@code MPI.Init} finds the native transport. Output (both streams, all ranks) goes to a file, read at the end;
 * a job that outlives its timeout is killed with its process tree. Stateless.
 */
public final class NativeLaunch {
    /** A library and how its launcher is called on this machine (as root, oversubscribed, unbound). */
    public enum Library {
        OPEN_MPI("mpirun.openmpi", List.of("--allow-run-as-root", "--oversubscribe", "--bind-to", "none")),
        MPICH("mpirun.mpich", List.of());

        private final String launcher;
        private final List<String> options;

        Library(String launcher, List<String> options) {
            this.launcher = launcher;
            this.options = options;
        }

        public String launcher() {
            return launcher;
        }

        /** Whether its launcher is on the PATH. */
        public boolean installed() {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (new File(dir, launcher).canExecute()) {
                    return true;
                }
            }
            return false;
        }

        /** Why a test is skipped where it is not installed. */
        public String missing() {
            return launcher + " is not installed (apt-get install openmpi-bin libopenmpi-dev mpich libmpich-dev)";
        }
    }

    /** How a job ended: the launcher's exit code, everything printed, and whether it was killed at its timeout. */
    public record Result(int exitCode, String output, boolean timedOut) {
        public String describe() {
            return (timedOut ? "killed after its timeout" : "exit code " + exitCode) + ", output:\n" + output;
        }
    }

    /** JVM options that start small test ranks fast. */
    public static final List<String> FAST_JVM = List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
            "-Xmx256m");

    private NativeLaunch() {
    }

    /**
     * Runs {@code mainClass} on {@code np} ranks of {@code library}.
     *
     * @param jvmOptions options before the main class (system properties, ...), after {@link #FAST_JVM}
     */
    public static Result run(Library library, int np, String mainClass, List<String> jvmOptions, List<String> args,
                             Duration timeout) throws IOException, InterruptedException {
        return run(library, List.of(), np, mainClass, jvmOptions, args, timeout, Map.of());
    }

    /** As {@link #run(Library, int, String, List, List, Duration)}, with launcher options and environment added. */
    public static Result run(Library library, List<String> launcherOptions, int np, String mainClass,
                             List<String> jvmOptions, List<String> args, Duration timeout, Map<String, String> env)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(library.launcher);
        cmd.addAll(library.options);
        cmd.addAll(launcherOptions);
        cmd.addAll(List.of("-np", Integer.toString(np), Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        cmd.addAll(FAST_JVM);
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        cmd.addAll(args);
        Path out = Files.createTempFile("jmpi-native-job", ".out");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
            pb.environment().putAll(env);
            Process p = pb.start();
            boolean done = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (!done) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            String shown = String.join(" ", cmd).replace(System.getProperty("java.class.path"), "<the test class path>");
            return new Result(done ? p.exitValue() : -1, shown + "\n" + text, !done);
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
