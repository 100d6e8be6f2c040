package jmpi.conformance.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import org.junit.jupiter.api.Assumptions;

/**
 * "Hosts" on this machine for multi-host tests: network namespaces ({@code ip netns add}) joined by a
 * bridge in the root namespace through veth pairs, each with an address of its own on a random
 * {@code 10.x.y.0/24} subnet (host {@code h}, counted from 1, is {@code 10.x.y.(10+h)} on its
 * {@code eth0}; the bridge, where launchers in the root namespace listen, is {@code 10.x.y.1}). Names
 * carry a random suffix, so several test classes (or machines' CI jobs) do not collide. {@link #create}
 * skips the calling test (a JUnit assumption, with the reason) where namespaces cannot be made: not
 * Linux, no {@code ip}, not root. {@link #close} removes everything it made.
 *
 * <p>Threads: made and closed by one thread (a test class's {@code @BeforeAll}/{@code @AfterAll});
 * the accessors are read-only after {@link #create}.
 */
public final class NetworkNamespaces implements AutoCloseable {
    private final String suffix;
    private final String bridge;
    private final String subnet;
    private final List<String> names = new ArrayList<>();
    private boolean bridgeMade;

    private NetworkNamespaces(String suffix, String subnet) {
        this.suffix = suffix;
        this.bridge = "jb" + suffix;
        this.subnet = subnet;
    }

    /**
     * Makes {@code hosts} namespaces on one bridge; skips the caller (assumption) where it cannot. On a
     * failure after the first device was made, removes what was made before throwing.
     */
    public static NetworkNamespaces create(int hosts) throws IOException, InterruptedException {
        if (hosts < 1 || hosts > 200) {
            throw new IllegalArgumentException("hosts must be 1 to 200, not " + hosts);
        }
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"), "network namespaces need Linux");
        Assumptions.assumeTrue(run("ip", "-V").exit() == 0, "no 'ip' command (iproute2)");
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        String suffix = HexFormat.of().formatHex(new byte[] {(byte) rnd.nextInt(), (byte) rnd.nextInt()});
        NetworkNamespaces n = new NetworkNamespaces(suffix, "10." + rnd.nextInt(100, 250) + "." + rnd.nextInt(1, 250));
        boolean done = false;
        try {
            n.make(hosts);
            done = true;
        } finally {
            if (!done) {
                n.close();
            }
        }
        return n;
    }

    private void make(int hosts) throws IOException, InterruptedException {
        Commands.Result made = run("ip", "link", "add", bridge, "type", "bridge");
        Assumptions.assumeTrue(made.exit() == 0, "cannot create network devices here (not root?): " + made.err().strip());
        bridgeMade = true;
        must("ip", "addr", "add", bridgeAddress() + "/24", "dev", bridge);
        must("ip", "link", "set", bridge, "up");
        for (int h = 1; h <= hosts; h++) {
            String ns = "jmpi-" + suffix + "-h" + h;
            Commands.Result ok = run("ip", "netns", "add", ns);
            Assumptions.assumeTrue(ok.exit() == 0, "cannot create network namespaces here: " + ok.err().strip());
            names.add(ns);
            String veth = "jv" + suffix + h;
            must("ip", "link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", ns);
            must("ip", "link", "set", veth, "master", bridge);
            must("ip", "link", "set", veth, "up");
            must("ip", "netns", "exec", ns, "ip", "addr", "add", address(h) + "/24", "dev", "eth0");
            must("ip", "netns", "exec", ns, "ip", "link", "set", "eth0", "up");
            must("ip", "netns", "exec", ns, "ip", "link", "set", "lo", "up");
        }
    }

    /** The namespaces' names, host 1 first. */
    public List<String> names() {
        return List.copyOf(names);
    }

    /** The name of host {@code h} (from 1). */
    public String name(int h) {
        return names.get(h - 1);
    }

    /** The address of host {@code h} (from 1) on its {@code eth0}. */
    public String address(int h) {
        return subnet + "." + (10 + h);
    }

    /** The bridge's address in the root namespace (reachable from every host). */
    public String bridgeAddress() {
        return subnet + ".1";
    }

    /** The bridge's device name in the root namespace. */
    public String bridge() {
        return bridge;
    }

    /** The subnet in CIDR form ({@code 10.x.y.0/24}), as launchers' interface filters take it. */
    public String cidr() {
        return subnet + ".0/24";
    }

    /** Removes the namespaces (their veth pairs go with them) and the bridge. */
    @Override
    public void close() throws IOException, InterruptedException {
        List<String> failed = new ArrayList<>();
        for (String ns : names) {
            Commands.Result r = run("ip", "netns", "del", ns);
            if (r.exit() != 0) {
                failed.add(ns + ": " + r.err().strip());
            }
        }
        names.clear();
        if (bridgeMade) {
            Commands.Result r = run("ip", "link", "del", bridge);
            if (r.exit() != 0) {
                failed.add(bridge + ": " + r.err().strip());
            }
            bridgeMade = false;
        }
        if (!failed.isEmpty()) {
            throw new IllegalStateException("could not remove " + failed);
        }
    }

    private static void must(String... cmd) throws IOException, InterruptedException {
        Commands.Result r = run(cmd);
        if (r.exit() != 0) {
            throw new IllegalStateException(String.join(" ", cmd) + " failed (" + r.exit() + "): " + r.err());
        }
    }

    private static Commands.Result run(String... cmd) throws IOException, InterruptedException {
        return Commands.run(30, cmd);
    }
}
