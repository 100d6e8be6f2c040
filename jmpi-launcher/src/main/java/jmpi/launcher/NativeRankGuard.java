package jmpi.launcher;

import java.util.Optional;

import jmpi.spi.Endpoint;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;
import jmpi.transport.nativempi.NativeRankEnvProvider;

/**
 * The rank environment of a process that {@link NativeRank} started: the native transport's own
 * ({@link NativeRankEnvProvider}), with its job control watched, so that NativeRank knows whether the
 * program called {@code MPI.Init} and {@code MPI.Finalize} and can fail the job (through the library's
 * {@code MPI_Abort}) when the program ends without Finalize. Priority 6: above the native provider (5),
 * below jmpirun's own processes (10); it answers only in a process that NativeRank started
 * ({@link #enable}).
 *
 * <p>Concurrency: the state is a few volatile fields; {@link #state()} and {@link #fail} may be called by
 * any thread (the main thread, a shutdown hook).
 */
public final class NativeRankGuard implements RankEnvProvider {
    /** Where the program is in its MPI life. */
    enum State { NOT_STARTED, RUNNING, FINALIZED, FAILED }

    private static volatile boolean enabled;
    private static volatile String mainClass;
    private static volatile RankEnv env;
    private static volatile boolean finalized;
    private static volatile boolean failed;

    /** Called by NativeRank before it runs {@code programMainClass}: from now on MPI.Init goes through this provider. */
    static void enable(String programMainClass) {
        mainClass = programMainClass;
        enabled = true;
    }

    @Override
    public int priority() {
        return 6;
    }

    @Override
    public Optional<RankEnv> find(String[] args, ClassLoader loader) {
        if (!enabled) {
            return Optional.empty();
        }
        Optional<RankEnv> found = new NativeRankEnvProvider().find(args, loader);
        if (found.isEmpty()) { // NativeRank checked the launcher before it ran the program
            throw new IllegalStateException("jmpi.launcher.NativeRank started this process but the native transport"
                    + " finds no MPI launcher in its environment");
        }
        RankEnv inner = found.get();
        Profiling.startInRank(inner.rank()); // jmpirun --profile: before the engine starts (its jmpi.Rank event)
        Watched watched = new Watched(inner.rank(), inner.size(), inner.endpoint(), new WatchedJob(inner.job()),
                inner.localRanks(), inner.args(), mainClass);
        env = watched;
        return Optional.of(watched);
    }

    static State state() {
        RankEnv e = env;
        if (e == null) {
            return State.NOT_STARTED;
        }
        if (failed || e.job().aborted()) {
            return State.FAILED;
        }
        return finalized ? State.FINALIZED : State.RUNNING;
    }

    /** The rank's number in the library's world, or -1 before MPI.Init. */
    static int rank() {
        RankEnv e = env;
        return e == null ? -1 : e.rank();
    }

    /** Fails the running job: prints {@code why} naming the rank and calls MPI_Abort with {@code exitCode}. */
    static void fail(int exitCode, String why) {
        RankEnv e = env;
        if (e == null) {
            throw new IllegalStateException("MPI.Init was not called: there is no job to fail (" + why + ")");
        }
        e.job().fail(e.rank(), exitCode, why, null);
    }

    /** The native job control, with Finalize and failures noted. */
    private record WatchedJob(JobControl inner) implements JobControl {
        @Override
        public boolean aborted() {
            return inner.aborted();
        }

        @Override
        public String abortReason() {
            return inner.abortReason();
        }

        @Override
        public void fail(int rank, int exitCode, String why, Throwable cause) {
            failed = true;
            inner.fail(rank, exitCode, why, cause);
        }

        @Override
        public void finalized(int rank) {
            finalized = true;
            inner.finalized(rank);
        }
    }

    private record Watched(int rank, int size, Endpoint endpoint, JobControl job, int localRanks, String[] args,
                           String mainClass) implements RankEnv {
    }
}
