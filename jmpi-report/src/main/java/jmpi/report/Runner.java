package jmpi.report;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs the steps of a report, each a process in jmpi's checkout: its standard output is kept in
 * raw/NAME.txt (and returned), its standard error in raw/NAME.err; the point lines of either move the
 * progress bar.
 * A step that exits non-zero or outlives its limit is a {@link StepFailed} naming the command and the end of
 * its standard error.
 */
final class Runner {
    /** A step that did not end well. */
    static final class StepFailed extends IOException {
        StepFailed(String message) {
            super(message);
        }
    }

    private final Path home;
    private final Path raw;
    private final Progress progress;

    Runner(Path home, Path raw, Progress progress) {
        this.home = home;
        this.raw = raw;
        this.progress = progress;
    }

    /** The time a step may take before it is stopped: generous, the estimates are for this machine's kind. */
    static long limitSeconds(Step s) {
        return (long) Math.max(600, 20 * s.estimateSeconds());
    }

    String run(Step s) throws IOException {
        Files.createDirectories(raw);
        Path err = raw.resolve(s.name() + ".err");
        ProcessBuilder pb = new ProcessBuilder(s.command()).directory(home.toFile());
        pb.environment().putAll(s.env());
        // standard error: kept in raw/NAME.err as it comes; scripts say there which part they are at
        BufferedWriter errWriter = Files.newBufferedWriter(err, StandardCharsets.UTF_8);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            errWriter.close();
            throw e;
        }
        progress.begin(s);
        p.getOutputStream().close();
        StringBuilder out = new StringBuilder();
        Thread reader = pump(p.getInputStream(), s, line -> {
            synchronized (out) {
                out.append(line).append('\n');
            }
        }, e -> {
            synchronized (out) {
                out.append("# report: reading the output failed: ").append(e).append('\n');
            }
        });
        Thread errors = pump(p.getErrorStream(), s, line -> {
            errWriter.write(line);
            errWriter.newLine();
            errWriter.flush();
        }, e -> System.err.println("jmpibench report: keeping the standard error of " + s.label() + " failed: " + e));
        boolean ended;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds(s));
            do {
                ended = p.waitFor(500, TimeUnit.MILLISECONDS);
                progress.tick();
            } while (!ended && System.nanoTime() < deadline);
            if (!ended) {
                kill(p);
                p.waitFor(30, TimeUnit.SECONDS);
            }
            reader.join(TimeUnit.SECONDS.toMillis(30));
            errors.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new StepFailed(s.label() + ": interrupted");
        } finally {
            errWriter.close();
            progress.end();
        }
        String text;
        synchronized (out) {
            text = out.toString();
        }
        Files.writeString(raw.resolve(s.name() + ".txt"), text);
        if (!ended) {
            throw new StepFailed(s.label() + ": stopped after " + limitSeconds(s) + " s: " + s.shown());
        }
        if (p.exitValue() != 0) {
            throw new StepFailed(s.label() + ": exit code " + p.exitValue() + " from " + s.shown() + "\n" + tail(err));
        }
        return text;
    }

    /** What a pump does with each line it reads. */
    private interface LineSink {
        void accept(String line) throws IOException;
    }

    /**
     * A daemon thread that reads {@code in} line by line, hands each line to {@code sink} and moves the progress
     * bar on the step's point lines; a failure to read or keep goes to {@code failed}.
     */
    private Thread pump(InputStream in, Step s, LineSink sink, Consumer<IOException> failed) {
        return Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    sink.accept(line);
                    String pt = s.point().apply(line);
                    if (pt != null) {
                        progress.point(pt);
                    }
                }
            } catch (IOException e) {
                failed.accept(e);
            }
        });
    }

    /** Stops the step's process and everything it started. */
    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
    }

    private static String tail(Path file) {
        try {
            var lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(standard error unreadable: " + e.getMessage() + ")";
        }
    }
}
