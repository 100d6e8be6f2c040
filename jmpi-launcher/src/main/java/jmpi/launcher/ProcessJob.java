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
    /** How a JVM is started on another host: {@code {host}} is replaced, {@code {command}} is the command as one shell word. */
    public static final String DEFAULT_REMOTE_START = "ssh -o BatchMode=yes {host} {command}";

    /** One JVM of the job: ranks {@code first .. first + count - 1} on {@code host} (null: this host, unnamed). */
    record Unit(int first, int count, String host, boolean local, int ranksOnHost) {
    }

    private final JobSpec spec;
    private final String transport;
    private final String jobId;
    private InetAddress bootstrapAddress = InetAddress.getLoopbackAddress();
    private PrintStream out = System.out;
    private PrintStream err = System.err;
    private boolean inheritStdin;
    private List<String> jvmOptions = splitOptions(System.getenv("JMPI_JAVA_OPTS"));

    private List<Hostfile.Host> hosts = null;
    private String remoteStart = DEFAULT_REMOTE_START;
    private int ranksPerJvm = 1;
    /** The JVMs of the job, as planned by {@link #plan()}. */
    private List<Unit> units;
    private Process[] processes;
    private final List<ProcessHandle> spawned = new ArrayList<>();
    private final List<Thread> pumps = new ArrayList<>();

    /** @param transport the name of the transport the ranks open ("shm", "tcp", or any factory's name) */
    public ProcessJob(JobSpec spec, String transport) {
        this.spec = spec;
        this.transport = transport;
        this.jobId = newJobId();
    }

    /**
     * Places the ranks on these hosts, filling each host's slots in order (by slot); ranks on a host
     * other than this one are started through the remote-start template.
     */
    public ProcessJob hosts(List<Hostfile.Host> hosts) {
        this.hosts = List.copyOf(hosts);
        return this;
    }

    /**
     * How a JVM is started on another host (default {@value #DEFAULT_REMOTE_START}): split on spaces,
     * {@code {host}} replaced by the host's name in every word; a word {@code {command}} becomes the
     * rank's command line quoted for a POSIX shell (what ssh wants); without it the command's words
     * are appended (what {@code ip netns exec {host}} or a batch system's launcher wants).
     */
    public ProcessJob remoteStart(String template) {
        if (template == null || !template.contains("{host}")) {
            throw new IllegalArgumentException("the remote-start template must contain {host}: '" + template + "'");
        }
        this.remoteStart = template;
        return this;
    }

    /** Runs up to {@code k} ranks of a host in one JVM, as threads reaching each other by the threads transport. */
    public ProcessJob ranksPerJvm(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("ranks per JVM must be at least 1, not " + k);
        }
        this.ranksPerJvm = k;
        return this;
    }

    /** The JVMs to start: the ranks placed on the hosts by slot, cut into JVMs of at most ranksPerJvm. */
    List<Unit> plan() {
        int np = spec.np();
        List<Unit> out = new ArrayList<>();
        if (hosts == null) {
            for (int r = 0; r < np; r += ranksPerJvm) {
                out.add(new Unit(r, Math.min(ranksPerJvm, np - r), null, true, np));
            }
            return out;
        }
        int slots = hosts.stream().mapToInt(Hostfile.Host::slots).sum();
        if (np > slots) {
            throw new IllegalArgumentException(np + " ranks do not fit the " + slots + " slots of the hostfile");
        }
        int r = 0;
        for (Hostfile.Host h : hosts) {
            int onHost = Math.min(h.slots(), np - r);
            boolean local = Hostfile.isThisHost(h.name());
            for (int i = 0; i < onHost; i += ranksPerJvm) {
                out.add(new Unit(r + i, Math.min(ranksPerJvm, onHost - i), h.name(), local, onHost));
            }
            r += onHost;
            if (r == np) {
                break;
            }
        }
        return out;
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
        units = plan();
        processes = new Process[units.size()];
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
        boolean[] exited = new boolean[units.size()];
        int alive = 0;
        long start = System.nanoTime();
        long deadline = spec.timeout() == null ? Long.MAX_VALUE : start + spec.timeout().toNanos();
        long failedAt = Long.MAX_VALUE;
        Failer failer = new Failer(server, failures);
        for (int u = 0; u < units.size(); u++) {
            Unit unit = units.get(u);
            try {
                processes[u] = spawn(unit, server.address(), secret);
                alive++;
                int index = u;
                processes[u].onExit().thenAccept(p -> events.add(new JobEvent.Exited(index, p.exitValue())));
            } catch (IOException | RuntimeException e) {
                exited[u] = true;
                failer.fail(unit.first(), 1, "cannot start its JVM" + (unit.local() ? "" : " on " + unit.host()) + ": "
                        + e.getMessage(), e);
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
                            + " s; ranks still running: " + running(exited, finalized), null);
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
                    LOG.log(Level.WARNING, "job {0}: ranks {1} still not gone after the kill", jobId, running(exited, finalized));
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
                    // x.rank() is the index of the JVM in units
                    Unit unit = units.get(x.rank());
                    exited[x.rank()] = true;
                    alive--;
                    if (!failer.failed()) {
                        String where = unit.count() > 1 ? " (the JVM of ranks " + unit.first() + ".."
                                + (unit.first() + unit.count() - 1) + ")" : "";
                        if (x.exitCode() != 0) {
                            failer.fail(unit.first(), x.exitCode(), describeExit(x.exitCode()) + where, null);
                        } else {
                            for (int r = unit.first(); r < unit.first() + unit.count(); r++) {
                                if (connected[r] && !finalized[r]) {
                                    failer.fail(r, 1, "exited (code 0) without calling MPI.Finalize", null);
                                    break;
                                }
                            }
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

    private Process spawn(Unit unit, String boot, byte[] secret) throws IOException {
        int rank = unit.first();
        List<String> javaCmd = new ArrayList<>();
        javaCmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        javaCmd.addAll(jvmOptions);
        javaCmd.add("-cp");
        javaCmd.add(childClassPath());
        if (unit.count() > 1) {
            javaCmd.add(RankHost.class.getName());
        }
        javaCmd.add(spec.mainClass());
        javaCmd.addAll(spec.args());
        Map<String, String> vars = new java.util.LinkedHashMap<>();
        vars.put(ProcessLaunchInfo.RANK, Integer.toString(rank));
        vars.put(ProcessLaunchInfo.SIZE, Integer.toString(spec.np()));
        vars.put(ProcessLaunchInfo.LOCAL_SIZE, Integer.toString(unit.ranksOnHost()));
        vars.put(ProcessLaunchInfo.BOOT, boot);
        vars.put(ProcessLaunchInfo.JOB_ID, jobId);
        vars.put(ProcessLaunchInfo.TRANSPORT, transport);
        if (unit.count() > 1) {
            vars.put(ProcessLaunchInfo.RANKS, Integer.toString(unit.count()));
            if (spec.tagOutput()) {
                vars.put(RankHost.TAG_OUTPUT, "1");
            }
        }
        if (unit.host() != null) {
            vars.put(ProcessLaunchInfo.HOST, unit.host());
        }
        boolean stdinToRank = rank == 0 && inheritStdin;
        ProcessBuilder pb;
        if (unit.local()) {
            pb = new ProcessBuilder(javaCmd);
            pb.environment().putAll(vars);
            pb.environment().put(ProcessLaunchInfo.SECRET, HexFormat.of().formatHex(secret));
            pb.redirectInput(stdinToRank ? ProcessBuilder.Redirect.INHERIT : ProcessBuilder.Redirect.PIPE);
        } else {
            // The remote environment is set by env(1) on the command line; the secret comes on stdin.
            List<String> command = new ArrayList<>();
            command.add("env");
            vars.forEach((k, v) -> command.add(k + "=" + v));
            command.add(ProcessLaunchInfo.SECRET + "=" + ProcessLaunchInfo.SECRET_ON_STDIN);
            command.addAll(javaCmd);
            pb = new ProcessBuilder(remoteCommand(remoteStart, unit.host(), command));
            pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        }
        Process p = pb.start();
        synchronized (spawned) {
            spawned.add(p.toHandle());
        }
        if (!unit.local()) {
            java.io.OutputStream in = p.getOutputStream();
            in.write((HexFormat.of().formatHex(secret) + "\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            in.flush();
            if (stdinToRank) {
                Thread.ofVirtual().name("jmpi-stdin").start(() -> forwardStdin(in));
            } else {
                in.close();
            }
        } else if (!stdinToRank) {
            p.getOutputStream().close();
        }
        // A JVM of several ranks tags its lines itself (RankHost), by the rank of the thread that prints.
        pump(rank, p.getInputStream(), out, unit.count() == 1);
        pump(rank, p.getErrorStream(), err, unit.count() == 1);
        return p;
    }

    /** Copies this JVM's standard input to a remote rank 0 until either side ends. */
    private static void forwardStdin(java.io.OutputStream to) {
        try (to) {
            System.in.transferTo(to);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "standard input forwarding ended", e);
        }
    }

    /** The remote-start template applied to {@code host} and {@code command} (see {@link #remoteStart}). */
    static List<String> remoteCommand(String template, String host, List<String> command) {
        List<String> out = new ArrayList<>();
        boolean placed = false;
        for (String word : template.trim().split("\\s+")) {
            if (word.equals("{command}")) {
                out.add(command.stream().map(ProcessJob::shellQuote).collect(java.util.stream.Collectors.joining(" ")));
                placed = true;
            } else {
                out.add(word.replace("{host}", host));
            }
        }
        if (!placed) {
            out.addAll(command);
        }
        return out;
    }

    /** {@code s} as one word for a POSIX shell. */
    static String shellQuote(String s) {
        if (!s.isEmpty() && s.matches("[A-Za-z0-9_./:=,+@%-]+")) {
            return s;
        }
        return "'" + s.replace("'", "'\\''") + "'";
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
    private void pump(int rank, InputStream from, PrintStream to, boolean tag) {
        byte[] prefix = spec.tagOutput() && tag ? ("[" + rank + "] ").getBytes() : new byte[0];
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

    private String running(boolean[] exited, boolean[] finalized) {
        List<String> ranks = new ArrayList<>();
        for (int u = 0; u < exited.length; u++) {
            if (!exited[u]) {
                Unit unit = units.get(u);
                for (int r = unit.first(); r < unit.first() + unit.count(); r++) {
                    if (!finalized[r]) {
                        ranks.add(Integer.toString(r));
                    }
                }
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
