package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code jmpirun --transport ...} as a user runs it: a JVM of its own that spawns the ranks' JVMs. */
@Timeout(60)
class ProcessJmpirunTest {
    record Run(int exit, String out, String err) {
    }

    private static Run jmpirun(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("jmpi.launcher.Jmpirun");
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        try {
            p.getOutputStream().close();
            CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> {
                try {
                    return p.getErrorStream().readAllBytes();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(40, TimeUnit.SECONDS)) {
                throw new AssertionError("jmpirun did not end within 40 s");
            }
            return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(err.join(), StandardCharsets.UTF_8));
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }

    @Test
    void threeRankProcessesPrintTaggedOutputAndEndWell() throws Exception {
        Run r = jmpirun("-np", "3", "--transport", "tcp", "--tag-output", "-cp", "",
                ProcessPrograms.Hello.class.getName(), "a", "b");
        assertEquals(0, r.exit(), r.err());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.out().contains("[" + rank + "] I am " + rank + " of 3 args a,b self " + (rank * 10 + 1)), r.out());
        }
    }

    @Test
    void optionErrorsGiveUsage() throws Exception {
        Run zero = jmpirun("--transport", "tcp", "-np", "0", ProcessPrograms.Hello.class.getName());
        assertEquals(2, zero.exit(), zero.err());
        assertTrue(zero.err().contains("-np must be at least 1") && zero.err().contains("Usage: jmpirun"), zero.err());
        Run unknown = jmpirun("--transport", "carrier-pigeon", "-np", "2", ProcessPrograms.Hello.class.getName());
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("--transport carrier-pigeon is not available")
                && unknown.err().contains("tcp") && unknown.err().contains("Usage: jmpirun"), unknown.err());
    }
}
