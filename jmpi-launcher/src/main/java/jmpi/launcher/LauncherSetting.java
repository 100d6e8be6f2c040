package jmpi.launcher;

import jmpi.spi.Setting;

/**
 * Every tunable of the launcher (a {@link Setting}): read from system properties, by the launcher
 * ({@code jmpi.threads.*}, {@code jmpi.jmpirun.*}) or by each rank process ({@code jmpi.boot.*},
 * {@code jmpi.rankHost.*}, {@code jmpi.nativeRank.*}), and validated where read (a bad value fails with
 * an {@link IllegalArgumentException} naming the property). docs/CONFIGURATION.md lists the same entries (a test keeps the two in step).
 *
 * <p>Concurrency: an enum of constants, read by any thread.
 */
public enum LauncherSetting implements Setting {
    CONNECT_TIMEOUT_MILLIS("jmpi.boot.connectTimeoutMillis", "30000",
            "How long a rank process tries to join the bootstrap service before it fails naming the address (ms)."),
    ORPHAN_GRACE_MILLIS("jmpi.boot.orphanGraceMillis", "3000",
            "How long a rank process that lost its launcher's bootstrap connection lives on before it ends itself (ms); negative: never."),
    NATIVE_LAUNCHER("jmpi.jmpirun.nativeLauncher", "auto",
            "The system's MPI launcher jmpirun --transport native runs (a path or a name on the PATH; --native-launcher wins); auto: srun inside a Slurm allocation, else the first of mpirun.openmpi, mpirun.mpich, mpirun, mpiexec."),
    NATIVE_RANK_WARN("jmpi.nativeRank.warn", "true",
            "jmpi.launcher.NativeRank prints one line per host when the MPI launcher bound the JVM to one CPU or native access is not enabled."),
    RANK_HOST_GRACE_MILLIS("jmpi.rankHost.graceMillis", "3000",
            "How long a JVM of several ranks (--ranks-per-jvm) waits for its other ranks after one fails (ms)."),
    THREADS_ENCODE("jmpi.threads.encode", "false",
            "Run the threads transport as a byte transport: no shared arrays, every frame encoded and decoded (for testing the shm/tcp protocols in one JVM)."),
    THREADS_PARENT_FIRST("jmpi.threads.parentFirst", "",
            "Extra comma-separated class name prefixes that ranks load from the shared parent loader instead of per rank (libraries with no per-rank state)."),
    PROFILE("jmpi.profile", "",
            "Set by jmpirun --profile FILE for the rank JVMs of a process or native job: each records itself with JDK Flight Recorder (jmpi's events with stack traces plus the JDK's default settings) into FILE with .rank<N> before its extension (N: the JVM's first rank), written when the JVM exits.");

    private final Spec spec;

    LauncherSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
