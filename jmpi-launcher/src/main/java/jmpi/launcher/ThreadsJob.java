package jmpi.launcher;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jmpi.spi.JobAbortedError;
import jmpi.spi.Endpoint;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;
import jmpi.spi.RankExit;
import jmpi.transport.threads.ThreadsFabric;

/**
 * Runs a job with every rank a thread of this JVM (the embedded default): one {@link ThreadsFabric},
 * one {@link RankClassLoader} per rank, one platform thread per rank running the program's
 * {@code main}. A rank that throws, exits non-zero or returns without finalizing fails the job; the
 * other ranks are woken and unwind at their next MPI wait; after the grace period the job is
 * reported whatever the stragglers do (the CLI then ends the JVM).
 */
public final class ThreadsJob {
    private final JobSpec spec;
    /** Each rank's CPUs ({@link #bindTo}), or null: no binding. */
    private int[][] cpus;

    public ThreadsJob(JobSpec spec) {
        this.spec = spec;
    }

    /**
     * Binds rank {@code r}'s thread to the CPUs {@code cpus[r]} before it runs the program ({@link CpuBinding});
     * the threads the rank starts inherit them. null: no binding (the default). A rank whose binding fails fails
     * the job, naming the CPUs.
     *
     * @return this job
     */
    public ThreadsJob bindTo(int[][] cpus) {
        if (cpus != null && cpus.length != spec.np()) {
            throw new IllegalArgumentException(cpus.length + " CPU sets for " + spec.np() + " ranks");
        }
        this.cpus = cpus == null ? null : java.util.Arrays.stream(cpus).map(int[]::clone).toArray(int[][]::new);
        return this;
    }

    /** Runs the job to its end (or failure, or timeout) and reports how it went. */
    public JobResult run() {
        int np = spec.np();
        ThreadsFabric fabric = new ThreadsFabric(np, LauncherSetting.THREADS_ENCODE.booleanValue(false));
        JobState job = new JobState(fabric::wakeAll);
        URL[] classPath = rankClassPath(spec.classPath());
        List<String> extraParentFirst = parentFirstFromProperty();
        Thread[] threads = new Thread[np];
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        if (spec.tagOutput()) {
            System.setOut(new PrintStream(new RankOutput(savedOut), true));
            System.setErr(new PrintStream(new RankOutput(savedErr), true));
        }
        try {
            for (int r = 0; r < np; r++) {
                RankEnv env = new ThreadsRankEnv(r, np, fabric.endpoint(r), job, np, spec.args().toArray(new String[0]),
                        spec.mainClass());
                RankClassLoader loader = new RankClassLoader(r, classPath, ThreadsJob.class.getClassLoader(), env,
                        extraParentFirst);
                int rank = r;
                int[] share = cpus == null ? null : cpus[r];
                threads[r] = Thread.ofPlatform().name("jmpi-rank-" + r).daemon(true).unstarted(() -> {
                    if (share != null) {
                        try {
                            CpuBinding.bindCurrentThread(share);
                        } catch (RuntimeException e) {
                            job.fail(rank, 1, "--bind-to core: " + e.getMessage(), e);
                            return;
                        }
                    }
                    runRank(spec, rank, loader, job);
                });
                threads[r].setContextClassLoader(loader);
            }
            for (Thread t : threads) {
                t.start();
            }
            waitForRanks(spec, threads, job);
        } finally {
            if (spec.tagOutput()) {
                System.out.flush();
                System.err.flush();
                System.setOut(savedOut);
                System.setErr(savedErr);
            }
        }
        return job.result();
    }

    /** Runs the program's {@code main} as rank {@code rank} in {@code loader}; failures go to {@code job}. */
    static void runRank(JobSpec spec, int rank, RankClassLoader loader, JobControl job) {
        RankOutput.RANK.set(rank);
        try {
            Class<?> main = Class.forName(spec.mainClass(), true, loader);
            Method m = main.getMethod("main", String[].class);
            if (!Modifier.isStatic(m.getModifiers())) {
                throw new IllegalArgumentException(spec.mainClass() + ".main(String[]) is not static");
            }
            m.setAccessible(true);
            m.invoke(null, (Object) spec.args().toArray(new String[0]));
            if (loader.initializedButNotFinalized()) {
                job.fail(rank, 1, "returned from main without calling MPI.Finalize", null);
            }
        } catch (InvocationTargetException e) {
            ended(rank, e.getCause(), loader, job);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            job.fail(rank, 1, "cannot start " + spec.mainClass() + ": " + e, e);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            job.fail(rank, 1, "cannot run " + spec.mainClass() + ": " + e, e);
        }
    }

    private static void ended(int rank, Throwable t, RankClassLoader loader, JobControl job) {
        switch (t) {
            case RankExit exit when exit.status() == 0 -> {
                if (loader.initializedButNotFinalized()) {
                    job.fail(rank, 1, "called System.exit(0) without calling MPI.Finalize", null);
                }
            }
            case RankExit exit -> {
                // ExitTrap already failed the job with this rank's code.
                assert job.aborted() : exit;
            }
            case JobAbortedError aborted when job.aborted() -> {
                // This rank was stopped because the job is aborting; the failure that caused it is recorded.
            }
            default -> job.fail(rank, 1, "threw " + t, t);
        }
    }

    /**
     * Waits for the rank threads to end, the timeout of {@code spec} (which fails the job), or the end
     * of the grace period after the job aborted (the stragglers are then abandoned).
     */
    static void waitForRanks(JobSpec spec, Thread[] threads, JobControl job) {
        long deadline = spec.timeout() == null ? Long.MAX_VALUE : System.nanoTime() + spec.timeout().toNanos();
        long graceEnd = Long.MAX_VALUE;
        for (Thread t : threads) {
            for (;;) {
                long now = System.nanoTime();
                if (job.aborted() && graceEnd == Long.MAX_VALUE) {
                    graceEnd = now + spec.grace().toNanos();
                }
                long until = Math.min(deadline, graceEnd);
                if (now >= until) {
                    if (now >= deadline && !job.aborted()) {
                        job.fail(-1, 124, "job timed out after " + spec.timeout().toSeconds() + " s; ranks still running: "
                                + running(threads), null);
                        graceEnd = now + spec.grace().toNanos();
                        deadline = Long.MAX_VALUE; // the ranks now get the grace period to unwind, as after a failure
                        continue;
                    }
                    return; // grace period over: abandon the stragglers (daemon threads)
                }
                try {
                    t.join(Math.max(1, Math.min(100, (until - now) / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    job.fail(-1, 130, "launcher interrupted", e);
                    return;
                }
                if (!t.isAlive()) {
                    break;
                }
            }
        }
    }

    private static String running(Thread[] threads) {
        List<String> names = new ArrayList<>();
        for (Thread t : threads) {
            if (t.isAlive()) {
                names.add(t.getName());
            }
        }
        return String.join(", ", names);
    }

    /**
     * The rank class path: the program's entries plus the jar or directory holding the {@code mpi} API on the
     * launcher's class path (jmpi-api, the mpiJava 1.2 / MPJ Express API; or jmpi-ompi, the Open MPI Java API:
     * one of them, never both) and, where present, MPJ Express's {@code mpjbuf} / {@code mpjdev} (jmpi-mpj,
     * which jmpi-api uses): all per rank.
     */
    static URL[] rankClassPath(List<URL> programPath) {
        Set<URL> urls = new LinkedHashSet<>(programPath);
        urls.add(rootOf("mpi/MPI.class", "the mpi API (jmpi-api or jmpi-ompi)"));
        if (ThreadsJob.class.getClassLoader().getResource("mpjbuf/Buffer.class") != null) {
            urls.add(rootOf("mpjbuf/Buffer.class", "MPJ Express's buffers (jmpi-mpj)"));
        }
        return urls.toArray(new URL[0]);
    }

    /** The jar or directory of the launcher's class path that holds {@code resource}. */
    private static URL rootOf(String resource, String what) {
        URL url = ThreadsJob.class.getClassLoader().getResource(resource);
        if (url == null) {
            throw new IllegalStateException(what + " is not on the launcher's class path");
        }
        try {
            if (url.getProtocol().equals("jar")) {
                return ((java.net.JarURLConnection) url.openConnection()).getJarFileURL();
            }
            String s = url.toExternalForm();
            return new URL(s.substring(0, s.length() - resource.length()));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot locate " + what + " from " + url, e);
        }
    }

    static List<String> parentFirstFromProperty() {
        String v = LauncherSetting.THREADS_PARENT_FIRST.value();
        return v.isBlank() ? List.of() : Arrays.stream(v.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** One rank's environment on the threads transport. */
    record ThreadsRankEnv(int rank, int size, Endpoint endpoint, JobControl job, int localRanks, String[] args,
                          String mainClass) implements RankEnv {
    }
}
