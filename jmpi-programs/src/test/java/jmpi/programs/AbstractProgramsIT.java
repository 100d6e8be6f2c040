package jmpi.programs;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

/**
 * One corpus of self-checking programs (a directory of {@code Name.java} files in the default package): compiles them
 * all with one {@code bin/jmpijavac --api API} run and runs each with {@code bin/jmpirun --api API} on every transport
 * of the corpus — threads with the largest rank count its {@code // np:} line lists, the others (each rank a JVM) with
 * the smallest of at least 2 — at most {@code jmpi.programs.parallel} (2) jobs at a time, each under a hard timeout.
 * A run passes when jmpirun exits with 0 and printed the line {@code PASS <Name>}.
 * {@code -Djmpi.programs=Name1,Name2} runs only those programs (of whichever corpus holds them; a name no corpus
 * holds fails). Subclasses name the corpus: {@link ProgramsIT} (mpiJava / MPJ Express API), {@link OmpiProgramsIT}
 * (the Open MPI Java API).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AbstractProgramsIT {

    /** The corpora under jmpi-programs/, so that a filter name of another corpus is not reported as unknown. */
    private static final List<String> CORPORA = List.of("programs", "ompi-programs");

    /** The directory of the corpus under jmpi-programs/ (overridable with the system property {@code dirProperty()}). */
    abstract String corpus();

    /** The system property naming the corpus directory (set by the pom). */
    abstract String dirProperty();

    /** The {@code --api} of jmpijavac and jmpirun. */
    abstract String api();

    /** The transports every program runs on. */
    abstract String[] transports();

    /** The least number of programs the corpus must hold (without a filter). */
    abstract int minimumPrograms();

    private static final Pattern NP = Pattern.compile("^//\\s*np:\\s*([0-9 ,]+)\\s*$");
    private static final Pattern INIT = Pattern.compile("MPI\\.(Init|Init_thread|initThread|InitThread)\\(");
    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern ERROR_FILE = Pattern.compile("^(.*?\\.java):\\d+: error:", Pattern.MULTILINE);
    private static final long HARD_TIMEOUT_SECONDS = 120;

    record Program(String name, String mainClass, Path source, int[] np) {
        int ranks(String transport) {
            if (transport.equals("threads")) return Arrays.stream(np).max().orElseThrow();
            return Arrays.stream(np).filter(n -> n >= 2).min().orElse(Arrays.stream(np).min().orElseThrow());
        }
    }

    record Run(Program program, String transport, int ranks, int exitCode, String output, double seconds) {
        boolean passed() {
            return exitCode == 0 && output.lines().anyMatch(l -> l.strip().equals("PASS " + program.name()));
        }

        String describe() {
            return program.name() + " on " + transport + " with " + ranks + " ranks: exit " + exitCode
                    + String.format(" after %.1f s", seconds) + "\n" + indent(output);
        }
    }

    private Path home;
    private Path programsDir;
    private Path classes;
    private List<Program> programs;
    private final Map<String, String> compileErrors = new LinkedHashMap<>();
    private final ConcurrentLinkedQueue<Run> failures = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Run> finished = new ConcurrentLinkedQueue<>();
    private ExecutorService pool;
    private long started;
    private double compileSeconds;

    @BeforeAll
    void compileAll() throws Exception {
        started = System.nanoTime();
        home = Paths.get(System.getProperty("jmpi.home", "..")).toAbsolutePath().normalize();
        programsDir = Paths.get(System.getProperty(dirProperty(), home.resolve("jmpi-programs/" + corpus()).toString()));
        assertTrue(Files.isRegularFile(home.resolve("jmpi-dist/target/lib/jmpi-launcher.jar")),
                "jmpi-dist/target/lib is empty: run the package phase (bin/build) first");
        programs = discover();
        classes = Files.createTempDirectory("jmpi-" + corpus());
        compile();
        compileSeconds = (System.nanoTime() - started) / 1e9;
        pool = Executors.newFixedThreadPool(Integer.getInteger("jmpi.programs.parallel", 2));
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (pool != null) pool.shutdownNow();
        System.out.printf("%s: %d programs x %d transports in %.1f s (compile %.1f s)%n", getClass().getSimpleName(),
                programs == null ? 0 : programs.size(), transports().length, (System.nanoTime() - started) / 1e9, compileSeconds);
        finished.stream().sorted(Comparator.comparingDouble(Run::seconds).reversed()).limit(5).forEach(r ->
                System.out.printf("  slowest: %s on %s with %d ranks, %.1f s%n", r.program().name(), r.transport(), r.ranks(), r.seconds()));
        if (classes != null) {
            try (Stream<Path> walk = Files.walk(classes)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Every program declares its rank count, prints its pass line, and (without a filter) there are at least 100. */
    @Test
    void programsAreWellFormed() throws IOException {
        if (System.getProperty("jmpi.programs", "").isBlank()) {
            assertTrue(programs.size() >= minimumPrograms(), "only " + programs.size() + " programs");
        }
        for (Program p : programs) {
            String text = Files.readString(p.source());
            assertTrue(text.contains("\"PASS " + p.name() + "\""), p.name() + " never prints PASS " + p.name());
            assertTrue(INIT.matcher(text).find() && text.contains("MPI.Finalize()"), p.name() + " lacks MPI.Init/Finalize");
            for (int n : p.np()) assertTrue(n >= 1 && n <= 8, p.name() + ": np " + n);
        }
    }

    @TestFactory
    Stream<DynamicTest> programs() {
        Map<String, Future<Run>> runs = new LinkedHashMap<>();
        for (Program p : programs) {
            if (compileErrors.containsKey(p.name())) continue;
            for (String transport : transports()) {
                runs.put(p.name() + " [" + transport + "]", pool.submit(() -> run(p, transport)));
            }
        }
        List<DynamicTest> tests = new ArrayList<>();
        for (Program p : programs) {
            String error = compileErrors.get(p.name());
            if (error != null) {
                tests.add(DynamicTest.dynamicTest(p.name() + " [javac]", () -> fail(p.name() + " does not compile:\n" + error)));
                continue;
            }
            for (String transport : transports()) {
                Future<Run> future = runs.get(p.name() + " [" + transport + "]");
                tests.add(DynamicTest.dynamicTest(p.name() + " [" + transport + "]", () -> {
                    Run r = future.get();
                    if (!r.passed()) fail(r.describe());
                }));
            }
        }
        tests.add(DynamicTest.dynamicTest("all programs", () -> {
            StringBuilder report = new StringBuilder();
            compileErrors.forEach((name, error) -> report.append(name).append(" does not compile:\n").append(error).append('\n'));
            for (Run r : failures) report.append(r.describe()).append('\n');
            int failed = compileErrors.size() + failures.size();
            if (failed > 0) fail(failed + " of " + (programs.size() * transports().length) + " program runs failed:\n" + report);
        }));
        return tests.stream();
    }

    private List<Program> discover() throws IOException {
        Set<String> only = new LinkedHashSet<>();
        for (String s : System.getProperty("jmpi.programs", "").split(",")) if (!s.isBlank()) only.add(s.strip());
        List<Program> found = new ArrayList<>();
        try (Stream<Path> files = Files.list(programsDir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = f.getFileName().toString().replaceFirst("\\.java$", "");
                if (!only.isEmpty() && !only.contains(name)) continue;
                String text = Files.readString(f);
                Matcher np = NP.matcher(text.lines().findFirst().orElse(""));
                assertTrue(np.matches(), f + ": the first line must be // np: N");
                int[] counts = Arrays.stream(np.group(1).split("[ ,]+")).filter(s -> !s.isEmpty()).mapToInt(Integer::parseInt).toArray();
                Matcher pkg = PACKAGE.matcher(text);
                String main = pkg.find() ? pkg.group(1) + "." + name : name;
                found.add(new Program(name, main, f, counts));
            }
        }
        only.removeAll(found.stream().map(Program::name).toList());
        Path root = programsDir.getParent();
        only.removeIf(name -> CORPORA.stream().anyMatch(other -> Files.isRegularFile(root.resolve(other).resolve(name + ".java"))));
        assertTrue(only.isEmpty(), "no such programs: " + only);
        return found;
    }

    /** One javac run over every program; if some do not compile, they are reported and the others compiled again. */
    private void compile() throws Exception {
        List<Program> left = new ArrayList<>(programs);
        while (!left.isEmpty()) {
            List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/jmpijavac").toString(), "--api", api(), "-nowarn", "-Xmaxerrs", "100000", "-encoding", "UTF-8",
                    "-d", classes.toString()));
            for (Program p : left) cmd.add(p.source().toString());
            Result r = exec(cmd, 600);
            if (r.exitCode == 0) return;
            Set<Path> broken = new LinkedHashSet<>();
            Matcher m = ERROR_FILE.matcher(r.output);
            while (m.find()) broken.add(Paths.get(m.group(1)).toAbsolutePath().normalize());
            List<Program> still = new ArrayList<>();
            for (Program p : left) {
                if (broken.contains(p.source().toAbsolutePath().normalize())) compileErrors.put(p.name(), errorsOf(r.output, p));
                else still.add(p);
            }
            if (still.size() == left.size()) {
                for (Program p : left) compileErrors.put(p.name(), r.output);
                return;
            }
            left = still;
        }
    }

    private static String errorsOf(String javacOutput, Program p) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : javacOutput.split("\n")) {
            if (line.matches("^.*\\.java:\\d+: (error|warning):.*")) in = line.contains(p.source().getFileName().toString() + ":");
            if (in) b.append(line).append('\n');
        }
        return indent(b.toString());
    }

    private Run run(Program p, String transport) throws Exception {
        int ranks = p.ranks(transport);
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/jmpirun").toString(), "--api", api(), "-np", Integer.toString(ranks),
                "--timeout", "60"));
        if (!transport.equals("threads")) cmd.addAll(List.of("--transport", transport));
        cmd.addAll(List.of("-cp", classes.toString(), p.mainClass()));
        long t0 = System.nanoTime();
        Result r = exec(cmd, HARD_TIMEOUT_SECONDS);
        Run run = new Run(p, transport, ranks, r.exitCode, r.output, (System.nanoTime() - t0) / 1e9);
        if (!run.passed()) failures.add(run);
        finished.add(run);
        return run;
    }

    record Result(int exitCode, String output) {}

    /** Runs a command (stderr into stdout), killing it and its children after {@code seconds}. */
    private Result exec(List<String> cmd, long seconds) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(home.toFile());
        Process proc = pb.start();
        byte[][] out = new byte[1][];
        Thread reader = Thread.ofVirtual().start(() -> {
            try (InputStream in = proc.getInputStream()) {
                out[0] = in.readAllBytes();
            } catch (IOException e) {
                out[0] = ("(output lost: " + e + ")").getBytes(StandardCharsets.UTF_8);
            }
        });
        if (!proc.waitFor(seconds, TimeUnit.SECONDS)) {
            proc.descendants().forEach(ProcessHandle::destroyForcibly);
            proc.destroyForcibly();
            proc.waitFor(10, TimeUnit.SECONDS);
            reader.join(10_000);
            return new Result(-1, "(killed after " + seconds + " s)\n" + text(out[0]));
        }
        reader.join(30_000);
        return new Result(proc.exitValue(), text(out[0]));
    }

    private static String text(byte[] bytes) {
        if (bytes == null) return "";
        String s = new String(bytes, StandardCharsets.UTF_8);
        return s.length() > 20_000 ? s.substring(0, 10_000) + "\n...\n" + s.substring(s.length() - 10_000) : s;
    }

    private static String indent(String s) {
        return s.lines().map(l -> "    | " + l).reduce((a, b) -> a + "\n" + b).orElse("    | (no output)");
    }
}
