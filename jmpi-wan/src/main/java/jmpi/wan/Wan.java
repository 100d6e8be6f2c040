package jmpi.wan;

import java.util.Properties;

/**
 * The emulator's command line ({@code bench/wan.sh} runs it as root):
 * <pre>
 *   up      [--name jw] [--clusters 2] [--per-cluster 4] [--rate 1gbit] [--delay 1ms] [--queue BYTES]
 *           [--loss P] [--mtu 9000] [--subnet 77]
 *   down    [--name jw]
 *   status  [--name jw]
 *   hostfile [--name jw] [--slots 1]
 * </pre>
 * See {@link Topology} for what {@code up} builds. The relay runs with the same {@code java} and class
 * path as this command.
 */
public final class Wan {
    private Wan() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: wan.sh up|down|status|hostfile [options] (see jmpi.wan.Wan)");
            System.exit(2);
        }
        String name = "jw";
        int clusters = 2;
        int perCluster = 4;
        String rate = "1gbit";
        String delay = "1ms";
        String queue = null;
        double loss = 0;
        int mtu = 9000;
        int subnet = 77;
        int slots = 1;
        for (int i = 1; i < args.length; i++) {
            String v = i + 1 < args.length ? args[i + 1] : null;
            if (v == null) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            switch (args[i]) {
                case "--name" -> name = v;
                case "--clusters" -> clusters = Integer.parseInt(v);
                case "--per-cluster" -> perCluster = Integer.parseInt(v);
                case "--rate" -> rate = v;
                case "--delay" -> delay = v;
                case "--queue" -> queue = v;
                case "--loss" -> loss = Double.parseDouble(v);
                case "--mtu" -> mtu = Integer.parseInt(v);
                case "--subnet" -> subnet = Integer.parseInt(v);
                case "--slots" -> slots = Integer.parseInt(v);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
            i++;
        }
        switch (args[0]) {
            case "up" -> {
                Topology.Spec s = new Topology.Spec(name, clusters, perCluster, rate, delay, queue, loss, mtu, subnet);
                String java = ProcessHandle.current().info().command().orElse("java");
                Topology.up(s, java, System.getProperty("java.class.path"));
                System.out.print(Topology.relayLog(name));
                System.out.println("hosts: " + s.host(0, 0) + " (" + s.address(0, 0) + ") ... " + s.host(clusters - 1, perCluster - 1)
                        + " (" + s.address(clusters - 1, perCluster - 1) + "); run in one with: ip netns exec " + s.host(0, 0) + " CMD");
            }
            case "down" -> System.out.println(Topology.down(name) ? "removed '" + name + "'" : "no topology '" + name + "'");
            case "status" -> {
                Properties p = Topology.describe(name);
                if (p == null) {
                    System.out.println("no topology '" + name + "'");
                    System.exit(1);
                }
                System.out.println("topology '" + name + "': " + p);
                System.out.print(Topology.relayLog(name));
                System.out.print(Topology.relayStatistics(name));
            }
            case "hostfile" -> {
                Properties p = Topology.describe(name);
                if (p == null) {
                    throw new IllegalStateException("no topology '" + name + "'");
                }
                Topology.Spec s = new Topology.Spec(name, Integer.parseInt(p.getProperty("clusters")),
                        Integer.parseInt(p.getProperty("perCluster")), p.getProperty("rate"), p.getProperty("delay"),
                        p.getProperty("queue").isEmpty() ? null : p.getProperty("queue"), Double.parseDouble(p.getProperty("loss")),
                        Integer.parseInt(p.getProperty("mtu")), Integer.parseInt(p.getProperty("subnet")));
                System.out.print(s.hostfile(slots));
            }
            default -> throw new IllegalArgumentException("unknown command " + args[0] + ": up, down, status or hostfile");
        }
    }
}
