package jmpi.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import jmpi.core.jfr.JmpiEvents;

/**
 * {@code jmpirun --profile FILE}: JDK Flight Recorder recordings of a job, with jmpi's events
 * ({@code jmpi.core.jfr}) enabled with stack traces on top of the JDK's "default" settings (about 1 % overhead:
 * method samples, GC, locks). The threads transport records this JVM into FILE ({@link #startHere}); a rank JVM
 * of a process transport starts its own recording through a JVM option ({@link #jvmOption}) into
 * {@link #perJvm FILE with .rank&lt;N&gt; before its extension}; the native transport's ranks, whose ranks the MPI
 * launcher places, into FILE with {@code .pid<PID>} (JFR's {@code %p}). Each event names its rank, so the files
 * are read together ({@code bin/jmpiprof}).
 *
 * <p>Threads: used by jmpirun's main thread.
 */
final class Profiling {
    private Profiling() {
    }

    /** {@code file} with {@code .tag} before its extension: {@code prof.jfr} -> {@code prof.rank3.jfr}. */
    static Path perJvm(Path file, String tag) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String renamed = dot > 0 ? name.substring(0, dot) + "." + tag + name.substring(dot) : name + "." + tag;
        return file.resolveSibling(renamed);
    }

    /**
     * The {@code -XX:StartFlightRecording} option that records a JVM into {@code file}: JDK defaults plus jmpi's
     * events, written when the JVM exits (also on SIGTERM, which the launcher sends to the ranks of a failed or
     * timed-out job before it kills them).
     */
    static String jvmOption(Path file) {
        String file0 = file.toAbsolutePath().toString();
        if (file0.contains(",") || file0.contains("=")) {
            throw new IllegalArgumentException("--profile " + file + ": the file name must not contain ',' or '='"
                    + " (it goes into -XX:StartFlightRecording)");
        }
        // Each event's settings as name#key=value; thresholds need no setting (jmpi's events have none).
        String events = JmpiEvents.settings().entrySet().stream()
                .filter(e -> !e.getKey().endsWith("#threshold"))
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
        return "-XX:StartFlightRecording=filename=" + file0 + ",settings=default,dumponexit=true," + events;
    }

    /** Starts a recording of this JVM (the threads transport: every rank); {@link #stop} writes it to {@code file}. */
    static Recording startHere(Path file) {
        Map<String, String> settings;
        try {
            settings = new HashMap<>(Configuration.getConfiguration("default").getSettings());
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("cannot read the JDK's default JFR settings", e);
        }
        settings.putAll(JmpiEvents.settings());
        Recording r = new Recording(settings);
        r.setName("jmpirun --profile");
        try {
            r.setDestination(file.toAbsolutePath()); // written at stop, or at exit (a signal) if it never stops
        } catch (IOException e) {
            r.close();
            throw new UncheckedIOException("--profile " + file + ": cannot write there", e);
        }
        r.setDumpOnExit(true);
        r.start();
        return r;
    }

    /** Stops {@code r}, which writes it to its destination, and says where on standard error. */
    static void stop(Recording r) {
        Path where = r.getDestination();
        r.stop();
        r.close();
        System.err.println("jmpirun: profile written to " + where + " (summary: bin/jmpiprof " + where + ")");
    }
}
