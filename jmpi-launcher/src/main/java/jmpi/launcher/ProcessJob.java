package jmpi.launcher;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Runs a job with every rank a JVM of its own on this host ({@code jmpirun --transport shm|tcp}):
 * starts a {@link BootstrapServer}, spawns the ranks with the launcher's own {@code java}, forwards
 * their output, and watches them. The first failure (a non-zero exit, an abort message, or exit 0 of
 * a rank that joined the job but never finalized) decides the exit code; the job then broadcasts the
 * abort, gives the ranks {@link #ABORT_GRACE_MILLIS} to end, terminates them, and
 * {@link #TERM_GRACE_MILLIS} later kills them, so that the job is over within 5 s of the failure.
 * Whatever happens, the ranks' shared-memory files ({@code /dev/shm/jmpi-<jobId>-*}) are deleted and
 * no rank process is left behind.
 *
 * <p>{@link JobSpec#grace()} (the threads job's wait for stragglers) is not used: processes get the
 * fixed stages above, since a process, unlike a thread, can always be ended.
 *
 * <p>Threads: {@link #run} is the only thread that decides; bootstrap connections and process exits
 * are turned into {@link JobEvent}s on one queue; output is pumped by one virtual thread per stream.
 */
public final class ProcessJob {
    private static final Logger LOG = System.getLogger(ProcessJob.class.getName());
    /** After the first failure, how long ranks get to end by themselves. */
    static final long ABORT_GRACE_MILLIS = 2_000;
    /** After the polite termination (SIGTERM), how long before the kill (SIGKILL). */
    static final long TERM_GRACE_MILLIS = 1_500;
    /** After the kill, how long the launcher waits to see the processes gone. */
    static final long KILL_WAIT_MILLIS = 1_000;
    /** Where the shm transport puts its files. */
    static final Path SHM_DIR = Path.of("/dev/shm");

    private final JobSpec spec;
    private final String transport;
    private final String jobId;
    private InetAddress bootstrapAddress = InetAddress.getLoopbackAddress();
    private PrintStream out = System.out;
    private PrintStream err = System.err;
    private boolean inheritStdin;
    private List<String> jvmOptions = splitOptions(System.getenv("JMPI_JAVA_OPTS"));

    private final Process[] processes;
    private final List<ProcessHandle> spawned = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();

    /** @param transport the name of the transport the ranks open ("shm", "tcp", or any factory's name) */
    public ProcessJob(JobSpec spec, String transport) {
        this.spec = spec;
        this.transport = transport;
        this.jobId = newJobId();
        this.processes = new Process[spec.np()];
    }

    /** The address the bootstrap service listens on (default: the loopback address). */
    public ProcessJob bootstrapAddress(InetAddress address) {
        this.bootstrapAddress = address;
        return this;
    }

    /** Where the ranks' standard output and error go (default: this JVM's). */
    public ProcessJob output(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
        return this;
    }

    /** Rank 0 reads this JVM's standard input (jmpirun); otherwise every rank's input is empty. */
    public ProcessJob inheritStdin(boolean inherit) {
        this.inheritStdin = inherit;
        return this;
    }

    /** JVM options of the ranks (default: JMPI_JAVA_OPTS split on spaces). */
    public ProcessJob jvmOptions(List<String> options) {
        this.jvmOptions = List.copyOf(options);
        return this;
    }

    /** This job's id: unique on this host, [A-Za-z0-9_-] only (names the shm transport's files). */
    public String jobId() {
        return jobId;
    }

    /** Runs the job to its end (or failure, or timeout) and reports how it went. */
    public JobResult run() {
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        ConcurrentLinkedQueue<JobResult.Failure> failures = new ConcurrentLinkedQueue<>();
        byte[] secret = BootstrapProtocol.newSecret();
        Thread hook = Thread.ofPlatform().name("jmpi-job-" + jobId + "-cleanup").unstarted(() -> {
            killAll();
            deleteShmFiles();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        BootstrapServer server = null;
        try {
            server = BootstrapServer.start(bootstrapAddress, spec.np(), secret, JobEvent.into(events));
            watch(server, secret, events, failures);
        } catch (IOException e) {
            failures.add(new JobResult.Failure(-1, 1, "cannot start the bootstrap service on " + bootstrapAddress + ": " + e, e));
        } finally {
            killAll();
            if (server != null) {
                server.close();
            }
            joinPumps();
            deleteShmFiles();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is already exiting: the hook runs anyway and does the same cleanup.
            }
        }
        List<JobResult.Failure> all = List.copyOf(failures);
        return new JobResult(all.isEmpty() ? 0 : all.getFirst().exitCode(), all);
    }

    private void watch(BootstrapServer server, byte[] secret, BlockingQueue<JobEvent> events,
                       ConcurrentLinkedQueue<JobResult.Failure> failures) {
        int np = spec.np();
        boolean[] connected = new boolean[np];
        boolean[] finalized = new boolean[np];
        boolean[] exited = new boolean[np];
        int alive = 0;
        long start = System.nanoTime();
        long deadline = spec.timeout() == null ? Long.MAX_VALUE : start + spec.timeout().toNanos();
        long failedAt = Long.MAX_VALUE;
        Failer failer = new Failer(server, failures);
        for (int r = 0; r < np; r++) {
            try {
                processes[r] = spawn(r, server.address(), secret);
                alive++;
                int rank = r;
                processes[r].onExit().thenAccept(p -> events.add(new JobEvent.Exited(rank, p.exitValue())));
            } catch (IOException e) {
                exited[r] = true;
                failer.fail(r, 1, "cannot start its JVM: " + e.getMessage(), e);
                break;
            }
        }
        int stage = 0; // 0 running, 1 failed, 2 terminated, 3 killed
        while (alive > 0) {
            long now = System.nanoTime();
            if (failer.failed() && failedAt == Long.MAX_VALUE) {
                failedAt = now;
            }
            long next;
            if (failedAt == Long.MAX_VALUE) {
                if (now >= deadline) {
                    failer.fail(-1, 124, "job timed out after " + spec.timeout().toSeconds()
                            + " s; ranks still running: " + running(exited), null);
                    continue;
                }
                next = deadline;
            } else {
                long since = (now - failedAt) / 1_000_000;
                if (stage < 2 && since >= ABORT_GRACE_MILLIS) {
                    stage = 2;
                    forEachAlive(ProcessHandle::destroy);
                } else if (stage < 3 && since >= ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS) {
                    stage = 3;
                    forEachAlive(ProcessHandle::destroyForcibly);
                } else if (stage == 3 && since >= ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS + KILL_WAIT_MILLIS) {
                    LOG.log(Level.WARNING, "job {0}: ranks {1} still not gone after the kill", jobId, running(exited));
                    return;
                }
                long nextStage = stage < 2 ? ABORT_GRACE_MILLIS : stage < 3 ? ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS
                        : ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS + KILL_WAIT_MILLIS;
                next = failedAt + nextStage * 1_000_000;
            }
            JobEvent e;
            try {
                e = events.poll(Math.max(1, Math.min(next - now, 1_000_000_000L)), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                failer.fail(-1, 130, "launcher interrupted", ie);
                forEachAlive(ProcessHandle::destroyForcibly);
                return;
            }
            switch (e) {
                case null -> {
                }
                case JobEvent.Connected c -> connected[c.rank()] = true;
                case JobEvent.Finalized f -> finalized[f.rank()] = true;
                case JobEvent.Aborted a -> failer.fail(a.rank(), a.exitCode(), a.reason(), null);
                case JobEvent.Exited x -> {
                    exited[x.rank()] = true;
                    alive--;
                    if (!failer.failed()) {
                        if (x.exitCode() != 0) {
                            failer.fail(x.rank(), x.exitCode(), describeExit(x.exitCode()), null);
                        } else if (connected[x.rank()] && !finalized[x.rank()]) {
                            failer.fail(x.rank(), 1, "exited (code 0) without calling MPI.Finalize", null);
                        }
                    }
                }
            }
        }
    }

    /** Records failures; the first one broadcasts the abort. Used by the deciding thread only. */
    private static final class Failer {
        private final BootstrapServer server;
        private final ConcurrentLinkedQueue<JobResult.Failure> failures;
        private boolean failed;

        Failer(BootstrapServer server, ConcurrentLinkedQueue<JobResult.Failure> failures) {
            this.server = server;
            this.failures = failures;
        }

        void fail(int rank, int exitCode, String why, Throwable cause) {
            failures.add(new JobResult.Failure(rank, exitCode == 0 ? 1 : exitCode, why, cause));
            if (!failed) {
                failed = true;
                server.broadcastAbort("rank " + rank + " failed: " + why);
            }
        }

        boolean failed() {
            return failed;
        }
    }

    static String describeExit(int code) {
        if (code > 128 && code < 128 + 65) {
            int sig = code - 128;
            String name = switch (sig) {
                case 1 -> "SIGHUP";
                case 2 -> "SIGINT";
                case 6 -> "SIGABRT";
                case 9 -> "SIGKILL";
                case 11 -> "SIGSEGV";
                case 15 -> "SIGTERM";
                default -> "signal " + sig;
            };
            return "its process was killed by " + name + " (exit code " + code + ")";
        }
        return "its process exited with code " + code;
    }

    private Process spawn(int rank, String boot, byte[] secret) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(childClassPath());
        cmd.add(spec.mainClass());
        cmd.addAll(spec.args());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        env.put(ProcessLaunchInfo.RANK, Integer.toString(rank));
        env.put(ProcessLaunchInfo.SIZE, Integer.toString(spec.np()));
        env.put(ProcessLaunchInfo.LOCAL_SIZE, Integer.toString(spec.np()));
        env.put(ProcessLaunchInfo.BOOT, boot);
        env.put(ProcessLaunchInfo.SECRET, HexFormat.of().formatHex(secret));
        env.put(ProcessLaunchInfo.JOB_ID, jobId);
        env.put(ProcessLaunchInfo.TRANSPORT, transport);
        pb.redirectInput(rank == 0 && inheritStdin ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        synchronized (spawned) {
            spawned.add(p.toHandle());
        }
        if (!(rank == 0 && inheritStdin)) {
            p.getOutputStream().close();
        }
        pump(rank, p.getInputStream(), out);
        pump(rank, p.getErrorStream(), err);
        return p;
    }

    /** The launcher's class path (jmpi itself), then the program's. */
    private String childClassPath() {
        List<String> entries = new ArrayList<>();
        String own = System.getProperty("java.class.path", "");
        if (!own.isEmpty()) {
            entries.add(own);
        }
        for (URL u : spec.classPath()) {
            try {
                entries.add(Path.of(u.toURI()).toString());
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new IllegalArgumentException("class path entry " + u + " is not a local file", e);
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Copies a rank's stream to {@code to} line by line, whole lines at a time, tagged when asked. */
    private void pump(int rank, InputStream from, PrintStream to) {
        byte[] prefix = spec.tagOutput() ? ("[" + rank + "] ").getBytes() : new byte[0];
        Thread t = Thread.ofVirtual().name("jmpi-out-" + rank).start(() -> {
            ByteArrayOutputStream line = new ByteArrayOutputStream(256);
            try (InputStream in = new BufferedInputStream(from)) {
                int b;
                while ((b = in.read()) >= 0) {
                    line.write(b);
                    if (b == '\n' || line.size() >= 64 * 1024) {
                        emit(to, prefix, line, false);
                    }
                }
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "output of rank " + rank + " ended", e);
            }
            if (line.size() > 0) {
                emit(to, prefix, line, true);
            }
        });
        synchronized (pumps) {
            pumps.add(t);
        }
    }

    private static void emit(PrintStream to, byte[] prefix, ByteArrayOutputStream line, boolean addNewline) {
        synchronized (to) {
            to.write(prefix, 0, prefix.length);
            to.write(line.toByteArray(), 0, line.size());
            if (addNewline) {
                to.write('\n');
            }
            to.flush();
        }
        line.reset();
    }

    private void joinPumps() {
        long until = System.nanoTime() + 1_000_000_000L;
        List<Thread> all;
        synchronized (pumps) {
            all = new ArrayList<>(pumps);
        }
        for (Thread t : all) {
            long left = (until - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                break;
            }
            try {
                t.join(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void forEachAlive(java.util.function.Consumer<ProcessHandle> action) {
        List<ProcessHandle> all;
        synchronized (spawned) {
            all = new ArrayList<>(spawned);
        }
        for (ProcessHandle p : all) {
            if (p.isAlive()) {
                p.descendants().forEach(action);
                action.accept(p);
            }
        }
    }

    /** Kills every rank still running and whatever it started, and waits (bounded) until they are gone. */
    private void killAll() {
        List<ProcessHandle> all;
        synchronized (spawned) {
            all = new ArrayList<>(spawned);
        }
        List<ProcessHandle> victims = new ArrayList<>();
        for (ProcessHandle p : all) {
            p.descendants().forEach(victims::add);
            victims.add(p);
        }
        for (ProcessHandle p : victims) {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        long until = System.nanoTime() + KILL_WAIT_MILLIS * 1_000_000;
        for (ProcessHandle p : victims) {
            long left = until - System.nanoTime();
            if (left > 0) {
                try {
                    p.onExit().get(left, TimeUnit.NANOSECONDS);
                } catch (Exception e) {
                    LOG.log(Level.WARNING, "job " + jobId + ": process " + p.pid() + " did not end after SIGKILL", e);
                }
            }
        }
    }

    /** Deletes the shm transport's files of this job (after a crash too). */
    void deleteShmFiles() {
        if (!Files.isDirectory(SHM_DIR)) {
            return;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(SHM_DIR, "jmpi-" + jobId + "-*")) {
            for (Path f : files) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, "job " + jobId + ": cannot delete " + f, e);
                }
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "job " + jobId + ": cannot list " + SHM_DIR, e);
        }
    }

    private static String running(boolean[] exited) {
        List<String> ranks = new ArrayList<>();
        for (int r = 0; r < exited.length; r++) {
            if (!exited[r]) {
                ranks.add(Integer.toString(r));
            }
        }
        return String.join(", ", ranks);
    }

    /** The launcher's pid in base 36 and 40 random bits: unique on this host, safe in file names. */
    static String newJobId() {
        byte[] b = new byte[5];
        new SecureRandom().nextBytes(b);
        return Long.toString(ProcessHandle.current().pid(), 36) + "-" + HexFormat.of().formatHex(b);
    }

    static List<String> splitOptions(String options) {
        if (options == null || options.isBlank()) {
            return List.of();
        }
        return Arrays.stream(options.trim().split(" +")).filter(s -> !s.isEmpty()).toList();
    }
}
