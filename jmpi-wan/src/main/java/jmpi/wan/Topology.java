package jmpi.wan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Emulated clusters joined by a wide-area link, on one Linux machine (root): every "host" is a network
 * namespace {@code NAME-cKhJ} with one interface {@code eth0} at {@code 10.B.K.(10+J)/24}, plugged
 * into its cluster's bridge {@code brK} ({@code 10.B.K.1}, the hosts' default gateway). The bridges
 * live in one more namespace, {@code NAME-wan}, which routes between clusters: a policy rule sends
 * whatever arrives on a bridge for another cluster into the TUN device {@code tunw}, where the
 * {@link Relay} (a JVM in that namespace) delays and rate-limits it and writes it back, and the kernel
 * delivers it to the destination bridge. Inside a cluster, hosts talk through their bridge at memory
 * speed; between clusters, every packet crosses the relay. Nothing is changed outside the
 * namespaces; {@link #down} removes them. What a topology is (its name, shape, link, the relay's pid) is
 * kept in {@code /run/jmpi-wan/NAME.properties}, so {@code down} and {@code status} work from another
 * process.
 *
 * <p>Threads: one caller at a time per topology name.
 */
public final class Topology {
    static final Path STATE_DIR = Path.of("/run/jmpi-wan");
    static final String TUN = "tunw";

    /** The shape and link of a topology. {@code subnet} is B in 10.B.K.H. */
    public record Spec(String name, int clusters, int perCluster, String rate, String delay, String queue, double loss, int mtu,
                       int subnet) {
        public Spec {
            if (name == null || !name.matches("[a-z][a-z0-9]{0,7}")) {
                throw new IllegalArgumentException("a topology name is 1 to 8 lower-case letters or digits, starting with a letter: '" + name + "'");
            }
            if (clusters < 2 || clusters > 64) {
                throw new IllegalArgumentException("clusters must be 2 to 64, not " + clusters);
            }
            if (perCluster < 1 || perCluster > 200) {
                throw new IllegalArgumentException("hosts per cluster must be 1 to 200, not " + perCluster);
            }
            if (mtu < 1280 || mtu > 65000) {
                throw new IllegalArgumentException("mtu must be 1280 to 65000, not " + mtu);
            }
            if (subnet < 0 || subnet > 255) {
                throw new IllegalArgumentException("the subnet byte must be 0 to 255, not " + subnet);
            }
            Units.rateBytesPerSecond(rate);
            Units.nanos(delay);
            if (queue != null) {
                Units.bytes(queue);
            }
            if (!(loss >= 0 && loss < 1)) {
                throw new IllegalArgumentException("loss must be in [0, 1), not " + loss);
            }
        }

        /** Host {@code j} of cluster {@code k} (both from 0): its namespace. */
        public String host(int k, int j) {
            return name + "-c" + k + "h" + j;
        }

        /** Its address. */
        public String address(int k, int j) {
            return "10." + subnet + "." + k + "." + (10 + j);
        }

        public String wanNamespace() {
            return name + "-wan";
        }

        /** A hostfile (Open MPI style, with jmpi's {@code cluster=}) giving each host {@code slots}. */
        public String hostfile(int slots) {
            StringBuilder b = new StringBuilder("# emulated clusters '" + name + "': " + clusters + " x " + perCluster + " hosts, "
                    + rate + " + " + delay + " between clusters\n");
            for (int k = 0; k < clusters; k++) {
                for (int j = 0; j < perCluster; j++) {
                    b.append(host(k, j)).append(" slots=").append(slots).append(" cluster=c").append(k).append('\n');
                }
            }
            return b.toString();
        }
    }

    private Topology() {
    }

    /**
     * Sets up {@code spec} (see the class comment) and starts its relay with {@code java} on
     * {@code classPath}; on any failure removes what it made. An existing topology of that name is an
     * error.
     */
    public static void up(Spec s, String java, String classPath) throws IOException, InterruptedException {
        Path state = stateFile(s.name);
        if (Files.exists(state) || listNamespaces().contains(s.wanNamespace())) {
            throw new IllegalStateException("topology '" + s.name + "' exists: run down first");
        }
        Files.createDirectories(STATE_DIR);
        Properties p = new Properties();
        p.setProperty("clusters", Integer.toString(s.clusters));
        p.setProperty("perCluster", Integer.toString(s.perCluster));
        p.setProperty("rate", s.rate);
        p.setProperty("delay", s.delay);
        p.setProperty("queue", s.queue == null ? "" : s.queue);
        p.setProperty("loss", Double.toString(s.loss));
        p.setProperty("mtu", Integer.toString(s.mtu));
        p.setProperty("subnet", Integer.toString(s.subnet));
        boolean done = false;
        try {
            save(state, p);
            String w = s.wanNamespace();
            must("ip", "netns", "add", w);
            must("ip", "-n", w, "link", "set", "lo", "up");
            must("ip", "netns", "exec", w, "sysctl", "-qw", "net.ipv4.ip_forward=1", "net.ipv4.conf.all.rp_filter=0",
                    "net.ipv4.conf.default.rp_filter=0");
            must("ip", "-n", w, "tuntap", "add", "dev", TUN, "mode", "tun");
            must("ip", "-n", w, "link", "set", TUN, "mtu", Integer.toString(s.mtu), "up");
            must("ip", "-n", w, "route", "add", "10." + s.subnet + ".0.0/16", "dev", TUN, "table", "100");
            for (int k = 0; k < s.clusters; k++) {
                String br = "br" + k;
                must("ip", "-n", w, "link", "add", br, "type", "bridge");
                must("ip", "-n", w, "link", "set", br, "mtu", Integer.toString(s.mtu));
                must("ip", "-n", w, "addr", "add", "10." + s.subnet + "." + k + ".1/24", "dev", br);
                must("ip", "-n", w, "link", "set", br, "up");
                must("ip", "-n", w, "rule", "add", "iif", br, "lookup", "100", "pref", Integer.toString(1000 + k));
                for (int j = 0; j < s.perCluster; j++) {
                    String h = s.host(k, j);
                    String v = "v" + k + "h" + j;
                    must("ip", "netns", "add", h);
                    must("ip", "-n", w, "link", "add", v, "mtu", Integer.toString(s.mtu), "type", "veth", "peer", "name", "eth0",
                            "netns", h);
                    must("ip", "-n", w, "link", "set", v, "master", br, "up");
                    must("ip", "-n", h, "link", "set", "lo", "up");
                    must("ip", "-n", h, "link", "set", "eth0", "mtu", Integer.toString(s.mtu), "up");
                    must("ip", "-n", h, "addr", "add", s.address(k, j) + "/24", "dev", "eth0");
                    must("ip", "-n", h, "route", "add", "default", "via", "10." + s.subnet + "." + k + ".1");
                }
            }
            Path log = relayLogFile(s.name);
            Path stats = relayStatsFile(s.name);
            // The relay is the network, not a program on the hosts: real-time priority (where chrt exists and is
            // allowed) so that ranks busy on every core do not make packets late; it never spins for long.
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", w));
            if (realtimeAllowed()) {
                cmd.addAll(List.of("chrt", "-f", "20"));
            }
            cmd.addAll(List.of(java, "--enable-native-access=ALL-UNNAMED",
                    "-XX:+UseSerialGC", "-Xmx256m", "-cp", classPath, Relay.class.getName(), "--tun", TUN, "--clusters",
                    Integer.toString(s.clusters), "--rate", s.rate, "--delay", s.delay, "--loss", Double.toString(s.loss), "--mtu",
                    Integer.toString(s.mtu), "--stats", stats.toString()));
            if (s.queue != null) {
                cmd.add("--queue");
                cmd.add(s.queue);
            }
            Process relay = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
            p.setProperty("relayPid", Long.toString(relay.pid()));
            save(state, p);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (!Files.readString(log).contains("relay on ")) {
                if (!relay.isAlive()) {
                    throw new IllegalStateException("the relay ended (exit " + relay.exitValue() + "): " + Files.readString(log));
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("the relay did not start in 20 s: " + Files.readString(log));
                }
                Thread.sleep(50);
            }
            done = true;
        } finally {
            if (!done) {
                down(s.name);
            }
        }
    }

    /** Stops the relay of topology {@code name} and removes its namespaces, state, log and statistics; true if there was anything to remove. */
    public static boolean down(String name) throws IOException, InterruptedException {
        boolean any = false;
        Path state = stateFile(name);
        if (Files.exists(state)) {
            any = true;
            Properties p = load(state);
            String pid = p.getProperty("relayPid");
            if (pid != null) {
                ProcessHandle.of(Long.parseLong(pid)).ifPresent(h -> {
                    h.descendants().forEach(ProcessHandle::destroy);
                    h.destroy();
                });
            }
        }
        // the relay runs under "ip netns exec": its JVM is a descendant, or (exec'd) the process itself
        List<String> failed = new ArrayList<>();
        for (String ns : listNamespaces()) {
            if (ns.startsWith(name + "-c") || ns.equals(name + "-wan")) {
                any = true;
                for (String pid : run("ip", "netns", "pids", ns).out().split("\\s+")) {
                    if (!pid.isBlank()) {
                        ProcessHandle.of(Long.parseLong(pid.strip())).ifPresent(ProcessHandle::destroy);
                    }
                }
            }
        }
        for (String ns : listNamespaces()) {
            if (ns.startsWith(name + "-c") || ns.equals(name + "-wan")) {
                Result r = run("ip", "netns", "del", ns);
                if (r.exit != 0) {
                    failed.add(ns + ": " + r.err.strip());
                }
            }
        }
        Files.deleteIfExists(state);
        // the relay's log and statistics go with it (read them with status before down)
        any |= Files.deleteIfExists(relayLogFile(name));
        any |= Files.deleteIfExists(relayStatsFile(name));
        Files.deleteIfExists(Relay.partial(relayStatsFile(name)));
        if (!failed.isEmpty()) {
            throw new IllegalStateException("could not remove " + failed);
        }
        return any;
    }

    /** The saved description of topology {@code name}, or null if there is none. */
    public static Properties describe(String name) throws IOException {
        Path state = stateFile(name);
        return Files.exists(state) ? load(state) : null;
    }

    /** The relay's last statistics of topology {@code name} (empty when none were written yet). */
    public static String relayStatistics(String name) throws IOException {
        Path stats = relayStatsFile(name);
        return Files.exists(stats) ? Files.readString(stats) : "";
    }

    /** The relay's log (its first line says what it emulates). */
    public static String relayLog(String name) throws IOException {
        Path log = relayLogFile(name);
        return Files.exists(log) ? Files.readString(log) : "";
    }

    /**
     * Why topologies cannot be made on this machine (not Linux, no usable {@code /dev/net/tun}, no
     * {@code ip}, namespaces refused: not root), or null when they can; tests skip with the reason.
     */
    public static String unavailableReason() throws InterruptedException {
        if (!System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return "network namespaces need Linux";
        }
        Path tun = Path.of("/dev/net/tun");
        if (!Files.isReadable(tun) || !Files.isWritable(tun)) {
            return "no usable /dev/net/tun (TUN devices need the tun module and root)";
        }
        String probe = "jwprobe" + ProcessHandle.current().pid();
        try {
            Result add = run("ip", "netns", "add", probe);
            if (add.exit != 0) {
                return "cannot create network namespaces here (not root?): " + add.err.strip();
            }
            must("ip", "netns", "del", probe);
        } catch (IOException e) {
            return "no 'ip' command (iproute2): " + e.getMessage();
        }
        return null;
    }

    /** Whether {@code chrt -f} exists and may be used here. */
    private static boolean realtimeAllowed() throws InterruptedException {
        try {
            return run("chrt", "-f", "20", "true").exit == 0;
        } catch (IOException e) {
            return false; // no chrt: the relay runs at normal priority (its log's statistics show how late it was)
        }
    }

    static Path stateFile(String name) {
        return STATE_DIR.resolve(name + ".properties");
    }

    /** The relay's log of topology {@code name}. */
    static Path relayLogFile(String name) {
        return STATE_DIR.resolve(name + ".relay.log");
    }

    /** The relay's statistics of topology {@code name}, rewritten every second. */
    static Path relayStatsFile(String name) {
        return STATE_DIR.resolve(name + ".relay.stats");
    }

    static List<String> listNamespaces() throws IOException, InterruptedException {
        Result r = run("ip", "netns", "list");
        if (r.exit != 0) {
            throw new IllegalStateException("ip netns list failed: " + r.err);
        }
        List<String> names = new ArrayList<>();
        for (String line : r.out.split("\n")) {
            if (!line.isBlank()) {
                names.add(line.strip().split("\\s+")[0]);
            }
        }
        return names;
    }

    private static void save(Path state, Properties p) throws IOException {
        try (var out = Files.newOutputStream(state)) {
            p.store(out, "jmpi wan topology");
        }
    }

    private static Properties load(Path state) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newInputStream(state)) {
            p.load(in);
        }
        return p;
    }

    record Result(int exit, String out, String err) {
    }

    static void must(String... cmd) throws IOException, InterruptedException {
        Result r = run(cmd);
        if (r.exit != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (exit " + r.exit + "): " + r.err.strip());
        }
    }

    static Result run(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
        byte[][] err = new byte[1][];
        IOException[] failed = new IOException[1];
        Thread drain = Thread.ofVirtual().start(() -> {
            try {
                err[0] = p.getErrorStream().readAllBytes();
            } catch (IOException e) {
                failed[0] = e;
            }
        });
        byte[] out = p.getInputStream().readAllBytes();
        drain.join();
        if (failed[0] != null) {
            throw failed[0];
        }
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", cmd) + " did not end in 60 s");
        }
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err[0], StandardCharsets.UTF_8));
    }
}
