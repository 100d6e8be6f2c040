package jmpi.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

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
        progress.begin(s);
        Process p = pb.start();
        p.getOutputStream().close();
        StringBuilder out = new StringBuilder();
        Thread reader = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (out) {
                        out.append(line).append('\n');
                    }
                    String pt = s.point().apply(line);
                    if (pt != null) {
                        progress.point(pt);
                    }
                }
            } catch (IOException e) {
                synchronized (out) {
                    out.append("# report: reading the output failed: ").append(e).append('\n');
                }
            }
        });
        // standard error: kept in raw/NAME.err as it comes; scripts say there which part they are at
        Thread errors = Thread.ofPlatform().daemon().start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
                 var w = Files.newBufferedWriter(err, StandardCharsets.UTF_8)) {
                for (String line; (line = r.readLine()) != null; ) {
                    w.write(line);
                    w.newLine();
                    w.flush();
                    String pt = s.point().apply(line);
                    if (pt != null) {
                        progress.point(pt);
                    }
                }
            } catch (IOException e) {
                System.err.println("jmpibench report: keeping the standard error of " + s.label() + " failed: " + e);
            }
        });
        boolean ended;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitSeconds(s));
            do {
                ended = p.waitFor(500, TimeUnit.MILLISECONDS);
                progress.tick();
            } while (!ended && System.nanoTime() < deadline);
            if (!ended) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(30, TimeUnit.SECONDS);
            }
            reader.join(TimeUnit.SECONDS.toMillis(30));
            errors.join(TimeUnit.SECONDS.toMillis(30));
        } catch (InterruptedException e) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new StepFailed(s.label() + ": interrupted");
        } finally {
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

    private static String tail(Path file) {
        try {
            var lines = Files.readAllLines(file);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()));
        } catch (IOException e) {
            return "(standard error unreadable: " + e.getMessage() + ")";
        }
    }
}
