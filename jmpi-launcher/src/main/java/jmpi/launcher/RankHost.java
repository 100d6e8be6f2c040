package jmpi.launcher;

import java.net.URL;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import jmpi.launcher.ProcessRankEnvProvider.Opened;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;
import jmpi.transport.threads.ThreadsFabric;

/**
 * The main class of a JVM that runs several ranks of a multi-process job as threads
 * ({@code jmpirun --ranks-per-jvm K}): {@code java jmpi.launcher.RankHost MainClass [args]} with the
 * launch variables of {@link ProcessLaunchInfo} ({@code JMPI_RANK} the first rank, {@code JMPI_RANKS}
 * how many). Each rank joins the job on its own bootstrap connection and gets its own class loader
 * (per-rank statics, as in a threads job); the ranks of this JVM reach each other through one
 * {@link ThreadsFabric}, the other ranks through the job's byte transports ({@link TransportPlan}).
 *
 * <p>The JVM ends when its ranks have: with 0 when every rank finalized, else with the first failing
 * rank's exit code (the launcher already heard of the failure through that rank's bootstrap
 * connection). After a failure, ranks still running are abandoned after the grace period.
 */
public final class RankHost {
    /** Set to 1 by jmpirun --tag-output: prefix every line with the rank of the thread that printed it. */
    static final String TAG_OUTPUT = "JMPI_TAG_OUTPUT";

    private RankHost() {
    }

    public static void main(String[] argv) {
        if (argv.length < 1) {
            System.err.println("usage: RankHost MainClass [args] (started by jmpirun --ranks-per-jvm)");
            System.exit(2);
        }
        ProcessLaunchInfo info = ProcessLaunchInfo.fromEnvironment(System::getenv);
        Profiling.startInRank(info.rank()); // jmpirun --profile: one recording for this JVM's ranks
        String mainClass = argv[0];
        List<String> args = List.of(Arrays.copyOfRange(argv, 1, argv.length));
        int first = info.rank();
        int k = info.ranks();
        ThreadsFabric fabric = ThreadsFabric.forRanks(info.size(), first, k);
        Opened[] opened = openAll(info, fabric, first, k);
        for (Opened o : opened) {
            ProcessRankEnvProvider.installProcessHooks(o.rank(), o.client(), o.endpoint(), false);
        }
        JobSpec spec = new JobSpec(info.size(), List.of(), mainClass, args, false, null,
                Duration.ofMillis(LauncherSetting.RANK_HOST_GRACE_MILLIS.longValue(3_000)));
        URL[] classPath = ThreadsJob.rankClassPath(urlsOf(System.getProperty("java.class.path", "")));
        List<String> extraParentFirst = ThreadsJob.parentFirstFromProperty();
        Thread[] threads = new Thread[k];
        for (int i = 0; i < k; i++) {
            Opened o = opened[i];
            RankEnv env = new ProcessRankEnvProvider.ProcessRankEnv(o.rank(), info.size(), o.endpoint(), o.job(),
                    o.ranksOnMachine(), args.toArray(new String[0]), mainClass);
            RankClassLoader loader = new RankClassLoader(o.rank(), classPath, RankHost.class.getClassLoader(), env,
                    extraParentFirst);
            threads[i] = Thread.ofPlatform().name("jmpi-rank-" + o.rank()).daemon(true).unstarted(() -> {
                try {
                    CpuBinding.bindRank(info, o.rank());
                } catch (IllegalStateException e) {
                    o.job().fail(o.rank(), 1, e.getMessage(), e);
                    return;
                }
                ThreadsJob.runRank(spec, o.rank(), loader, o.job());
            });
            threads[i].setContextClassLoader(loader);
        }
        if ("1".equals(System.getenv(TAG_OUTPUT))) {
            System.setOut(new java.io.PrintStream(new RankOutput(System.out), true));
            System.setErr(new java.io.PrintStream(new RankOutput(System.err), true));
        }
        for (Thread t : threads) {
            t.start();
        }
        JobControl any = new AnyAborted(opened);
        ThreadsJob.waitForRanks(spec, threads, any);
        int code = 0;
        for (Opened o : opened) {
            if (o.client().aborted()) {
                code = 1;
            }
        }
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** Joins every rank of this JVM at once: opening is collective over the job. */
    private static Opened[] openAll(ProcessLaunchInfo info, ThreadsFabric fabric, int first, int k) {
        Opened[] opened = new Opened[k];
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Opened>> futures = new ArrayList<>();
            for (int i = 0; i < k; i++) {
                int rank = first + i;
                futures.add(pool.submit(() -> ProcessRankEnvProvider.open(info, rank, fabric,
                        RankHost.class.getClassLoader())));
            }
            for (int i = 0; i < k; i++) {
                try {
                    opened[i] = futures.get(i).get();
                } catch (ExecutionException e) {
                    System.err.println("jmpi: rank " + (first + i) + " cannot join the job: " + e.getCause().getMessage());
                    e.getCause().printStackTrace(System.err);
                    System.exit(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    System.exit(130);
                }
            }
        }
        return opened;
    }

    private static List<URL> urlsOf(String classPath) {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(RankClassLoader.toUrl(entry));
            }
        }
        return urls;
    }

    /** The job as this JVM's waiter sees it: aborted when any of its ranks heard so. Fails nothing itself. */
    private record AnyAborted(Opened[] opened) implements JobControl {
        @Override
        public boolean aborted() {
            for (Opened o : opened) {
                if (o.client().aborted()) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String abortReason() {
            for (Opened o : opened) {
                if (o.client().aborted()) {
                    return o.client().abortReason();
                }
            }
            return null;
        }

        @Override
        public void fail(int rank, int exitCode, String why, Throwable cause) {
            opened[0].job().fail(rank, exitCode, why, cause);
        }

        @Override
        public void finalized(int rank) {
            throw new UnsupportedOperationException("ranks report their own Finalize");
        }
    }
}
