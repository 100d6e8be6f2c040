package jmpi.launcher;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;

import jmpi.spi.JobAbortedError;
import jmpi.spi.Bootstrap;
import jmpi.spi.Endpoint;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;
import jmpi.spi.Setting;
import jmpi.spi.TransportContext;
import jmpi.spi.TransportFactory;

/**
 * The rank environment of a program started as one process of a multi-process job (by jmpirun with
 * {@code --transport shm|tcp}, or by Slurm's {@code srun}): connects to the launcher's bootstrap
 * service, opens the endpoint of the named transport, and reports to the launcher through the
 * bootstrap connection. Recognizes its process by {@code JMPI_BOOT} in the environment (see
 * {@link ProcessLaunchInfo}); priority 10, above the singleton provider.
 *
 * <p>Finalize: {@code MPI.Finalize} closes the endpoint and calls {@link JobControl#finalized}, which
 * tells the launcher; a JVM shutdown hook closes what is left (endpoint, bootstrap connection) on any
 * exit. See docs/LAUNCH.md.
 *
 * <p>Concurrency: stateless; {@link #open} is called by each rank's thread of the process (the ranks
 * of one JVM concurrently, since the transports fence), the process hooks are installed once per rank.
 */
public final class ProcessRankEnvProvider implements RankEnvProvider {
    private static final Logger LOG = System.getLogger(ProcessRankEnvProvider.class.getName());

    private final Function<String, String> env;

    public ProcessRankEnvProvider() {
        this(System::getenv);
    }

    ProcessRankEnvProvider(Function<String, String> env) {
        this.env = env;
    }

    @Override
    public int priority() {
        return 10;
    }

    /** {@link #prepareThread} ran in this JVM (and bound the thread, or failed to: {@link #bindFailure}). */
    private static volatile boolean prepared;
    /** Why {@link #prepareThread} could not bind under {@code --bind-to core}: thrown by {@link #find} (MPI.Init). */
    private static volatile IllegalStateException bindFailure;

    /**
     * A rank process of {@code jmpirun --bind-to core|auto} binds the thread that first uses {@code mpi.MPI} (the
     * program's main thread, as a rule) to its share of the host's CPUs ({@link CpuBinding#bindRank}), before the
     * class computes {@code MPI.NUM_OF_PROCESSORS}: so it and {@code Runtime.availableProcessors()} agree, as they do
     * for a threads job, whose rank threads are bound before the program starts. A failure waits for {@link #find}.
     */
    @Override
    public void prepareThread() {
        if (prepared || !ProcessLaunchInfo.present(env)) {
            return;
        }
        ProcessLaunchInfo info;
        try {
            info = ProcessLaunchInfo.placement(env);
        } catch (IllegalStateException e) {
            return; // MPI.Init (find) reports what is wrong with the launch variables
        }
        if (info.ranks() != 1) {
            return; // RankHost binds each of its rank threads
        }
        prepared = true;
        try {
            CpuBinding.bindRank(info, info.rank());
        } catch (IllegalStateException e) {
            bindFailure = e;
        }
    }

    @Override
    public Optional<RankEnv> find(String[] args, ClassLoader loader) {
        if (!ProcessLaunchInfo.present(env)) {
            return Optional.empty();
        }
        ProcessLaunchInfo info = ProcessLaunchInfo.fromEnvironment(env);
        Profiling.startInRank(info.rank()); // jmpirun --profile: before the engine starts (its jmpi.Rank event)
        if (info.ranks() != 1) {
            throw new IllegalStateException(ProcessLaunchInfo.RANKS + "=" + info.ranks() + ": a process that runs several"
                    + " ranks must be started through " + RankHost.class.getName() + " (jmpirun --ranks-per-jvm)");
        }
        if (!prepared) {
            CpuBinding.bindRank(info, info.rank()); // the thread of MPI.Init: the rank's own; before the transport starts any
        } else if (bindFailure != null) {
            throw bindFailure;
        }
        Opened rank = open(info, info.rank(), null, loader);
        installProcessHooks(info.rank(), rank.client(), rank.endpoint(), true);
        return Optional.of(new ProcessRankEnv(info.rank(), info.size(), rank.endpoint(), rank.job(), rank.ranksOnMachine(),
                args == null ? new String[0] : args.clone(), mainClass()));
    }

    /** One rank of this process, joined to the job: its bootstrap connection, endpoint and job control. */
    /** {@code ranksOnMachine}: the job's ranks on this machine (its cores are theirs to share: the idle policy's "local ranks"). */
    record Opened(int rank, BootstrapClient client, Endpoint endpoint, ProcessJobControl job, int ranksOnMachine) {
    }

    /**
     * Joins world rank {@code rank} to the job: connects it to the bootstrap and opens its endpoint,
     * each peer reached by the best transport ({@link TransportPlan}). Collective over the job (the
     * transports fence): the ranks of one process must be opened concurrently.
     *
     * @param fabric the threads fabric of this process's ranks, or null when it runs one rank
     */
    static Opened open(ProcessLaunchInfo info, int rank, jmpi.transport.threads.ThreadsFabric fabric, ClassLoader loader) {
        Duration connectTimeout = Duration.ofMillis(LauncherSetting.CONNECT_TIMEOUT_MILLIS.longValue(30_000));
        BootstrapClient client;
        try {
            client = BootstrapClient.connect(info.boot(), rank, info.secret(), connectTimeout);
        } catch (IOException e) {
            throw new IllegalStateException("rank " + rank + ": cannot join the job through the bootstrap at "
                    + info.boot() + ": " + e.getMessage(), e);
        }
        if (client.size() != info.size()) {
            client.abort(1, "rank " + rank + " was started for a job of " + info.size()
                    + " ranks but the bootstrap serves " + client.size());
            client.close();
            throw new IllegalStateException("job size mismatch: " + info.size() + " here, " + client.size() + " at the bootstrap");
        }
        TransportPlan.OpenedEndpoint plan;
        try {
            plan = TransportPlan.open(info, rank, client, fabric, loader);
        } catch (IOException | RuntimeException e) {
            client.abort(1, "cannot open transport " + info.transport() + ": " + e);
            client.close();
            throw new IllegalStateException("rank " + rank + ": cannot open transport " + info.transport(), e);
        }
        Endpoint endpoint = plan.endpoint();
        client.onAbort(endpoint::wake);
        return new Opened(rank, client, endpoint, new ProcessJobControl(client), plan.ranksOnMachine());
    }

    /**
     * What a rank process needs once: end itself when the launcher is lost, report an exception that
     * escapes the thread that called {@code MPI.Init} (when {@code uncaughtHandler}), and release the
     * endpoint and hang up at JVM exit.
     */
    static void installProcessHooks(int rank, BootstrapClient client, Endpoint endpoint, boolean uncaughtHandler) {
        long orphanGrace = LauncherSetting.ORPHAN_GRACE_MILLIS.longValue(Setting.SYSTEM_PROPERTIES, Long.MIN_VALUE, Long.MAX_VALUE, 3_000);
        if (orphanGrace >= 0) {
            client.onLost(() -> haltLater(rank, orphanGrace));
        }
        if (uncaughtHandler && Thread.getDefaultUncaughtExceptionHandler() == null) {
            Thread.setDefaultUncaughtExceptionHandler(new RankUncaughtHandler(Thread.currentThread(), rank, client));
        }
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmpi-rank-exit-" + rank).unstarted(
                () -> atExit(endpoint, client)));
    }

    /**
     * A rank whose launcher is gone can report to nobody and would run on unseen (its waits end with
     * the abort, but a computing rank never waits): it ends itself after {@code graceMillis}, leaving
     * its shutdown hooks a chance to run first. Exit code 1.
     */
    private static void haltLater(int rank, long graceMillis) {
        Thread.ofPlatform().name("jmpi-orphan-exit").daemon(true).start(() -> {
            try {
                Thread.sleep(graceMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            LOG.log(Level.ERROR, "rank {0}: lost the launcher; ending this process", rank);
            System.exit(1);
        });
    }

    /** Looks up the transport named {@code name} among the factories {@code loader} can see. */
    static TransportFactory transport(String name, ClassLoader loader) {
        List<String> known = new ArrayList<>();
        for (TransportFactory f : ServiceLoader.load(TransportFactory.class, loader)) {
            if (f.name().equals(name)) {
                return f;
            }
            known.add(f.name());
        }
        throw new IllegalStateException("no transport named '" + name + "' on the class path (found: "
                + (known.isEmpty() ? "none" : String.join(", ", known)) + ")");
    }

    /**
     * At JVM exit: release the endpoint (already closed by MPI.Finalize when the rank finalized;
     * closing is idempotent) and hang up. The launcher learned of Finalize from
     * {@link ProcessJobControl#finalized}; hanging up without it counts as a failure there.
     */
    private static void atExit(Endpoint endpoint, BootstrapClient client) {
        try {
            endpoint.close();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "closing the endpoint at exit", e);
        }
        client.close();
    }

    private static String mainClass() {
        String cmd = System.getProperty("sun.java.command", "");
        int space = cmd.indexOf(' ');
        return cmd.isEmpty() ? null : space < 0 ? cmd : cmd.substring(0, space);
    }

    /**
     * What a transport sees of rank {@code rank} of the job; {@code reach} says which peers it carries,
     * {@code hosts} is every rank's host name, {@code clusters} every rank's cluster name (null entries: none).
     */
    record Context(ProcessLaunchInfo info, int rank, BootstrapClient client, java.util.function.IntPredicate reach,
                   String[] hosts, String[] clusters) implements TransportContext {
        @Override
        public boolean reaches(int peer) {
            return reach.test(peer);
        }

        @Override
        public String host(int peer) {
            return hosts[peer];
        }

        @Override
        public String cluster(int peer) {
            return clusters[peer];
        }

        @Override
        public int size() {
            return info.size();
        }

        @Override
        public String jobId() {
            return info.jobId();
        }

        @Override
        public byte[] secret() {
            return info.secret().clone();
        }

        @Override
        public Bootstrap bootstrap() {
            return client;
        }

        @Override
        public java.net.InetAddress localAddress() {
            return client.localAddress();
        }
    }

    /**
     * The job seen from a rank process: aborted when the launcher says so (or is lost); failing tells the
     * launcher, which decides the job's exit code and stops the other ranks. Prints nothing.
     */
    static final class ProcessJobControl implements JobControl {
        private final BootstrapClient client;

        ProcessJobControl(BootstrapClient client) {
            this.client = client;
        }

        @Override
        public boolean aborted() {
            return client.aborted();
        }

        @Override
        public String abortReason() {
            return client.abortReason();
        }

        @Override
        public void fail(int rank, int exitCode, String why, Throwable cause) {
            String reason = why;
            if (cause != null && (why == null || !why.contains(String.valueOf(cause.getMessage())))) {
                reason = why + " (" + cause + ")";
            }
            client.abort(exitCode == 0 ? 1 : exitCode, reason);
        }

        @Override
        public void finalized(int rank) {
            if (!client.aborted()) {
                client.finalized();
            }
        }
    }

    /**
     * Installed when the program has no default handler of its own: an exception escaping the thread
     * that called {@code MPI.Init} fails the job naming it (so the launcher's report says what was
     * thrown, not only "exited with code 1"); a {@link JobAbortedError} thrown because another rank
     * failed is the expected way for this rank to stop and is not reported again. Every other case is
     * shown as the JVM's own handler would show it (this replaces that handler, so it must).
     */
    private record RankUncaughtHandler(Thread initThread, int rank, BootstrapClient client)
            implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            if (e instanceof JobAbortedError && client.aborted()) {
                return;
            }
            if (t == initThread) {
                client.abort(1, "threw " + e);
            }
            System.err.print("Exception in thread \"" + t.getName() + "\" ");
            e.printStackTrace(System.err);
        }
    }

    record ProcessRankEnv(int rank, int size, Endpoint endpoint, JobControl job, int localRanks, String[] args,
                          String mainClass) implements RankEnv {
    }
}
