package jmpi.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.HashMap;
import java.util.Map;

import jdk.jfr.Configuration;
import jdk.jfr.Recording;

import jmpi.core.jfr.JmpiEvents;

/**
 * {@code jmpirun --profile FILE}: JDK Flight Recorder recordings of a job, with jmpi's events
 * ({@code jmpi.core.jfr}) enabled with stack traces on top of the JDK's "default" settings (about 1 % overhead:
 * method samples, GC, locks). The threads transport records this JVM into FILE ({@link #startHere}); each rank
 * JVM of a process or native job gets {@code -Djmpi.profile=FILE} and starts its own recording at its first
 * rank's MPI.Init ({@link #startInRank}) into {@link #perJvm FILE with .rank&lt;N&gt; before its extension}. (Not
 * {@code -XX:StartFlightRecording}: its event settings apply only to event types known when the JVM starts, and
 * jmpi's are loaded later.) Each event names its rank, so the files are read together ({@code bin/jmpiprof}).
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

    /** Whether this JVM's rank recording was started ({@link #startInRank}). */
    private static final java.util.concurrent.atomic.AtomicBoolean RANK_RECORDING = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * In a rank JVM of a process or native job, before its first rank's MPI.Init builds the engine: when
     * {@code jmpi.profile} names a file (jmpirun --profile), starts this JVM's recording into it with
     * {@code .rank<N>} before its extension (once per JVM, {@code firstRank}: the JVM's first rank). Never stopped:
     * JFR writes it when the JVM exits, also on SIGTERM (which the launcher sends to the ranks of a failed or
     * timed-out job before it kills them); a SIGKILL loses it.
     */
    static void startInRank(int firstRank) {
        String file = LauncherSetting.PROFILE.value().trim();
        if (file.isEmpty() || !RANK_RECORDING.compareAndSet(false, true)) {
            return;
        }
        startHere(perJvm(Path.of(file), "rank" + firstRank));
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
