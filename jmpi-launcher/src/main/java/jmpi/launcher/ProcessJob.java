package jmpi.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Runs a job with every rank a JVM of its own on this host ({@code jmpirun --transport shm|tcp}):
 * starts a {@link BootstrapServer}, spawns the ranks with the launcher's own {@code java}, forwards
 * their output, and watches them. The first failure (a non-zero exit, an abort message, or exit 0 of
 * a rank that joined the job but never finalized) decides the exit code; the job then broadcasts the
 * abort, gives the ranks {@link #ABORT_GRACE_MILLIS} to end, terminates them, and
 * {@link #TERM_GRACE_MILLIS} later kills them, so that the job is over within 5 s of the failure.
 * Whatever happens, no rank process is left behind, and every transport removes what the job's
 * endpoints left (the shm transport's files: {@link TransportCleanup}).
 *
 * <p>The parts: {@link RankSpawner} starts the JVMs (here or through the remote-start template) and
 * ends them; {@link OutputPumps} forwards their output; {@link JobSupervisor} watches them and
 * decides; this class plans the JVMs, holds the job's options and runs the rest in order.
 *
 * <p>{@link JobSpec#grace()} (the threads job's wait for stragglers) is not used: processes get the
 * fixed stages above, since a process, unlike a thread, can always be ended.
 *
 * <p>Threads: the thread in {@link #run} is the only one that decides; bootstrap connections and
 * process exits are turned into {@link JobEvent}s on one queue; output is pumped by one virtual
 * thread per stream; a shutdown hook kills the ranks and cleans up if the launcher itself is stopped.
 * The builder methods are for the thread that then calls {@code run}.
 */
public final class ProcessJob {
    /** After the first failure, how long ranks get to end by themselves. */
    static final long ABORT_GRACE_MILLIS = 2_000;
    /** After the polite termination (SIGTERM), how long before the kill (SIGKILL). */
    static final long TERM_GRACE_MILLIS = 1_500;
    /** After the kill, how long the launcher waits to see the processes gone. */
    static final long KILL_WAIT_MILLIS = 1_000;
    /** How a JVM is started on another host: {@code {host}} is replaced, {@code {command}} is the command as one shell word. */
    public static final String DEFAULT_REMOTE_START = "ssh -o BatchMode=yes {host} {command}";

    /**
     * One JVM of the job: ranks {@code first .. first + count - 1} on {@code host} (null: this host, unnamed), in
     * {@code cluster} (null: none); {@code localFirst}: where rank {@code first} stands among the host's
     * {@code ranksOnHost} ranks, from 0.
     */
    record Unit(int first, int count, String host, boolean local, int ranksOnHost, String cluster, int localFirst) {
        /** A JVM in no named cluster. */
        Unit(int first, int count, String host, boolean local, int ranksOnHost, int localFirst) {
            this(first, count, host, local, ranksOnHost, null, localFirst);
        }
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
    private String bindTo = "none";

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
     * How a JVM is started on another host (default {@value #DEFAULT_REMOTE_START}; applied by
     * {@link RankSpawner#remoteCommand}): split on spaces,
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

    /**
     * How the rank JVMs bind their ranks to CPUs ({@link CpuBinding#bindRank}): {@code none} (the default);
     * {@code core}: on every host, rank r of the host's ranks to the r-th of equal consecutive shares of the CPUs
     * its JVM may run on, and a rank that cannot be bound fails the job saying why; {@code auto}: so on this host
     * where it can be had (at most as many ranks here as CPUs, Linux), else, and on other hosts, not at all (other
     * hosts may be emulated ones sharing this machine's CPUs). Every rank JVM gets
     * {@code --enable-native-access=ALL-UNNAMED} ({@link RankSpawner}).
     */
    public ProcessJob bindTo(String mode) {
        if (!CpuBinding.MODES.contains(mode)) {
            throw new IllegalArgumentException("--bind-to must be auto, none or core, not " + mode);
        }
        this.bindTo = mode;
        return this;
    }

    /** The JVMs to start: the ranks placed on the hosts by slot, cut into JVMs of at most ranksPerJvm. */
    List<Unit> plan() {
        int np = spec.np();
        List<Unit> out = new ArrayList<>();
        if (hosts == null) {
            for (int r = 0; r < np; r += ranksPerJvm) {
                out.add(new Unit(r, Math.min(ranksPerJvm, np - r), null, true, np, r));
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
                out.add(new Unit(r + i, Math.min(ranksPerJvm, onHost - i), h.name(), local, onHost, h.cluster(), i));
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
        List<Unit> units = plan();
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        ConcurrentLinkedQueue<JobResult.Failure> failures = new ConcurrentLinkedQueue<>();
        byte[] secret = BootstrapProtocol.newSecret();
        OutputPumps pumps = new OutputPumps(spec.tagOutput());
        RankSpawner spawner = new RankSpawner(spec, transport, jobId, jvmOptions, remoteStart, inheritStdin, pumps,
                out, err, bindTo);
        TransportCleanup cleanup = new TransportCleanup(jobId, jvmOptions);
        Thread hook = Thread.ofPlatform().name("jmpi-job-" + jobId + "-cleanup").unstarted(() -> {
            spawner.killAll();
            cleanup.run();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        BootstrapServer server = null;
        try {
            server = BootstrapServer.start(bootstrapAddress, spec.np(), secret, JobEvent.into(events));
            new JobSupervisor(spec, jobId, units, spawner).watch(server, secret, events, failures);
        } catch (IOException e) {
            failures.add(new JobResult.Failure(-1, 1, "cannot start the bootstrap service on " + bootstrapAddress + ": " + e, e));
        } finally {
            spawner.killAll();
            if (server != null) {
                server.close();
            }
            pumps.join();
            cleanup.run();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is already exiting: the hook runs anyway and does the same cleanup.
            }
        }
        List<JobResult.Failure> all = List.copyOf(failures);
        return new JobResult(all.isEmpty() ? 0 : all.getFirst().exitCode(), all);
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
