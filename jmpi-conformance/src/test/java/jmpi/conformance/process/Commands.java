package jmpi.conformance.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** Runs commands (jmpirun in a JVM of its own, system tools) for the process tests, killing what they leave. */
final class Commands {
    private Commands() {
    }

    record Result(int exit, String out, String err) {
    }

    /** {@code jmpirun args} as a user runs it, in a JVM of its own (C1 only: these jobs are short). */
    static Result jmpirun(int timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("jmpi.launcher.Jmpirun");
        cmd.addAll(List.of(args));
        return run(timeoutSeconds, cmd.toArray(new String[0]));
    }

    /** Runs {@code cmd} with empty input; a command that cannot start gives exit 127 and the reason. */
    static Result run(int timeoutSeconds, String... cmd) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).start();
        } catch (IOException e) {
            return new Result(127, "", e.getMessage());
        }
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
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new AssertionError(String.join(" ", cmd) + " did not end within " + timeoutSeconds + " s");
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                    new String(err.join(), StandardCharsets.UTF_8));
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
