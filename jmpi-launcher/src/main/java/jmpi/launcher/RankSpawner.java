package jmpi.launcher;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Starts the JVMs of a {@link ProcessJob} and keeps their handles: each JVM is the launcher's own
 * {@code java} with the launcher's class path and then the program's, told its ranks through the
 * environment ({@link ProcessLaunchInfo}); on this host directly, on another through the
 * remote-start template (the environment then set by {@code env(1)} on the command line and the
 * secret written on the process's standard input). Also ends them: {@link #forEachAlive} for the
 * supervisor's staged termination, {@link #killAll} at the end of the job.
 *
 * <p>Concurrency: {@link #spawn} from the deciding thread only; {@link #forEachAlive} and
 * {@link #killAll} from any thread (the shutdown hook too): the handle list is guarded by its monitor.
 */
final class RankSpawner {
    private static final Logger LOG = System.getLogger(RankSpawner.class.getName());

    private final JobSpec spec;
    private final String transport;
    private final String jobId;
    private final List<String> jvmOptions;
    private final String remoteStart;
    private final boolean inheritStdin;
    private final OutputPumps pumps;
    private final PrintStream out;
    private final PrintStream err;
    private final String bindTo;
    private final List<ProcessHandle> spawned = new ArrayList<>();

    /** @param bindTo {@code none}, {@code core} or {@code auto}: what the JVMs are told ({@link ProcessJob#bindTo}) */
    RankSpawner(JobSpec spec, String transport, String jobId, List<String> jvmOptions, String remoteStart,
                boolean inheritStdin, OutputPumps pumps, PrintStream out, PrintStream err, String bindTo) {
        this.spec = spec;
        this.transport = transport;
        this.jobId = jobId;
        this.jvmOptions = jvmOptions;
        this.remoteStart = remoteStart;
        this.inheritStdin = inheritStdin;
        this.pumps = pumps;
        this.out = out;
        this.err = err;
        this.bindTo = bindTo;
    }

    /** Starts the JVM of {@code unit}, told to join the bootstrap at {@code boot} with {@code secret}, and pumps its output. */
    Process spawn(ProcessJob.Unit unit, String boot, byte[] secret) throws IOException {
        int rank = unit.first();
        List<String> javaCmd = new ArrayList<>();
        javaCmd.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // auto binds the JVMs of this host only: another "host" may be an emulated one on this machine's CPUs.
        String bind = bindTo.equals("core") || (bindTo.equals("auto") && unit.local()) ? bindTo : null;
        // jmpi calls native functions through FFM in a rank JVM: sched_setaffinity (CpuBinding), tcp's direct
        // payloads (RawSocket's write, read and send); without native access the JDK would refuse or warn.
        javaCmd.add("--enable-native-access=ALL-UNNAMED");
        javaCmd.addAll(jvmOptions);
        javaCmd.add("-cp");
        javaCmd.add(childClassPath());
        if (unit.count() > 1) {
            javaCmd.add(RankHost.class.getName());
        }
        javaCmd.add(spec.mainClass());
        javaCmd.addAll(spec.args());
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put(ProcessLaunchInfo.RANK, Integer.toString(rank));
        vars.put(ProcessLaunchInfo.SIZE, Integer.toString(spec.np()));
        vars.put(ProcessLaunchInfo.LOCAL_SIZE, Integer.toString(unit.ranksOnHost()));
        vars.put(ProcessLaunchInfo.LOCAL_RANK, Integer.toString(unit.localFirst()));
        if (bind != null) {
            vars.put(ProcessLaunchInfo.BIND, bind);
        }
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
        if (unit.cluster() != null) {
            vars.put(ProcessLaunchInfo.CLUSTER, unit.cluster());
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
            OutputStream in = p.getOutputStream();
            in.write((HexFormat.of().formatHex(secret) + "\n").getBytes(StandardCharsets.US_ASCII));
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
        pumps.pump(rank, p.getInputStream(), out, unit.count() == 1);
        pumps.pump(rank, p.getErrorStream(), err, unit.count() == 1);
        return p;
    }

    /** Copies this JVM's standard input to a remote rank 0 until either side ends. */
    private static void forwardStdin(OutputStream to) {
        try (to) {
            System.in.transferTo(to);
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "standard input forwarding ended", e);
        }
    }

    /**
     * The remote-start template applied to {@code host} and {@code command}: split on spaces,
     * {@code {host}} replaced in every word; a word {@code {command}} becomes the command quoted for a
     * POSIX shell, else the command's words are appended (see {@link ProcessJob#remoteStart}).
     */
    static List<String> remoteCommand(String template, String host, List<String> command) {
        List<String> out = new ArrayList<>();
        boolean placed = false;
        for (String word : template.trim().split("\\s+")) {
            if (word.equals("{command}")) {
                out.add(command.stream().map(RankSpawner::shellQuote).collect(Collectors.joining(" ")));
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

    /** Applies {@code action} to every spawned process still alive and to whatever it started. */
    void forEachAlive(Consumer<ProcessHandle> action) {
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
    void killAll() {
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
        long until = System.nanoTime() + ProcessJob.KILL_WAIT_MILLIS * 1_000_000;
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
}
