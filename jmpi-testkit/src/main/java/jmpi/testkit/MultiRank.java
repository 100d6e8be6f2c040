package jmpi.testkit;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ThreadsJob;

/**
 * Runs a multi-rank body inside the test's JVM, every rank a thread with its own copy of the classes,
 * under a hard timeout. The body is a class with a {@code public static void main(String[])} (often a
 * static nested class of the test); it is loaded again for every rank, so its statics are per rank.
 * Rank bodies must not live in the shared runtime's packages ({@code jmpi.core}, {@code jmpi.spi}, ...).
 */
public final class MultiRank {
    /** Timeout used when a test gives none. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private MultiRank() {
    }

    /** Runs {@code body} on {@code np} ranks and reports how the job ended (never throws for rank failures). */
    public static JobResult run(int np, Class<?> body, Duration timeout, String... args) {
        JobSpec spec = new JobSpec(np, testClassPath(), body.getName(), List.of(args), false, timeout,
                Duration.ofSeconds(5));
        return new ThreadsJob(spec).run();
    }

    /** Runs {@code body} on {@code np} ranks with the default timeout; fails the test unless every rank ended well. */
    public static void runOk(int np, Class<?> body, String... args) {
        runOk(np, body, DEFAULT_TIMEOUT, args);
    }

    /** Runs {@code body} on {@code np} ranks; fails the test (with the first rank's exception as cause) unless all ended well. */
    public static void runOk(int np, Class<?> body, Duration timeout, String... args) {
        JobResult r = run(np, body, timeout, args);
        if (!r.ok()) {
            AssertionError e = new AssertionError(body.getSimpleName() + " on " + np + " ranks failed:\n" + r.describe());
            for (JobResult.Failure f : r.failures()) {
                if (f.cause() != null) {
                    e.initCause(f.cause());
                    break;
                }
            }
            throw e;
        }
    }

    /** The class path of the running test JVM, as URLs. */
    public static List<URL> testClassPath() {
        List<URL> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            try {
                urls.add(Path.of(entry).toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalStateException("bad class path entry " + entry, e);
            }
        }
        return urls;
    }
}
