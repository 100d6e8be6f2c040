package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

    public static class Prints {
        public static void main(String[] args) {
            MPI.Init(args);
            System.out.println("I am " + MPI.COMM_WORLD.Rank() + " of " + MPI.COMM_WORLD.Size() + " args " + String.join(",", args));
            MPI.Finalize();
        }
    }

    record Run(int exit, String out, String err, long millis) {
    }

    private static Run jmpirun(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("jmpi.launcher.Jmpirun");
        cmd.addAll(List.of(args));
        long start = System.nanoTime();
        Process p = new ProcessBuilder(cmd).start();
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
}
