package jmpi.launcher;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntPredicate;

import jmpi.spi.Endpoint;
import jmpi.spi.TransportFactory;
import jmpi.transport.threads.ThreadsFabric;

/**
 * Which transport carries each pair of ranks of a multi-process job, and the opening of a rank's
 * endpoint accordingly:
 * <ul>
 *   <li>ranks of the same JVM ({@code jmpirun --ranks-per-jvm}): always the threads transport;</li>
 *   <li>{@code JMPI_TRANSPORT=auto}: shm between ranks whose host names ({@code JMPI_HOST}) are
 *       equal, tcp between the others;</li>
 *   <li>{@code shm}: shm for every other pair; a rank on another host is an error (shared memory
 *       cannot reach it);</li>
 *   <li>{@code tcp}, or any other factory's name: that transport for every other pair.</li>
 * </ul>
 * Every rank opens the same byte transports in the same order (shm then tcp for {@code auto} on
 * several hosts), even one that carries none of its pairs, because opening fences the whole job.
 * Before that each rank publishes its host name as {@code host.<rank>} and its cluster name as
 * {@code cluster.<rank>} ({@link #NO_CLUSTER} for none) and reads everyone's (one more fence): the hosts
 * choose the transports of {@code auto} and {@code shm}, and every transport is told both
 * ({@code TransportContext.host}, {@code TransportContext.cluster}) to answer
 * {@code Endpoint.sharesHostWith} and {@code sharesClusterWith}. Ranks of one host named in different
 * clusters are an error (a host is in one cluster).
 */
final class TransportPlan {
    static final String AUTO = "auto";
    /** The value of {@code cluster.<rank>} for a rank in no named cluster (never a cluster name: see {@link Hostfile#CLUSTER_NAME}). */
    static final String NO_CLUSTER = "-";
    private static final Duration BOOT_TIMEOUT = Duration.ofSeconds(60);

    private TransportPlan() {
    }

    /**
     * What identifies the machine this process runs on, whatever the job calls its host: the kernel's boot id
     * (one per running kernel, so every network namespace or container of a machine shares it), else the host
     * name. Ranks on several "hosts" of one machine (bench/wan.sh's namespaces, containers) share its cores.
     */
    static String machineId(String host) {
        try {
            String id = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/sys/kernel/random/boot_id")).strip();
            if (!id.isEmpty()) {
                return "boot:" + id;
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc not mounted: the job's host name stands for the machine
        }
        return "host:" + host;
    }

    /**
     * A rank's endpoint, and how many of the job's ranks run on its machine ({@link #machineId}; at least the
     * launcher's count for its host): the ranks sharing its cores, its idle policy's local ranks.
     */
    record OpenedEndpoint(Endpoint endpoint, int ranksOnMachine) {
    }

    /** Opens rank {@code rank}'s endpoint (see the class comment); collective over the job. */
    static OpenedEndpoint open(ProcessLaunchInfo info, int rank, BootstrapClient client, ThreadsFabric fabric,
                               ClassLoader loader) throws IOException {
        int size = info.size();
        IntPredicate inJvm = p -> fabric != null && fabric.hosts(p);
        String name = info.transport();
        client.put("host." + rank, info.host());
        String machine = machineId(info.host());
        client.put("machine." + rank, machine);
        client.put("cluster." + rank, info.cluster() == null ? NO_CLUSTER : info.cluster());
        client.fence(BOOT_TIMEOUT);
        String[] hosts = new String[size];
        String[] clusters = new String[size];
        int onMachine = 0;
        for (int p = 0; p < size; p++) {
            hosts[p] = p == rank ? info.host() : client.get("host." + p, BOOT_TIMEOUT);
            String c = p == rank ? info.cluster() : client.get("cluster." + p, BOOT_TIMEOUT);
            clusters[p] = NO_CLUSTER.equals(c) ? null : c;
            if (p == rank || machine.equals(client.get("machine." + p, BOOT_TIMEOUT))) {
                onMachine++;
            }
        }
        int ranksOnMachine = Math.max(onMachine, info.localSize());
        checkHostsInOneCluster(hosts, clusters);
        List<String> names = new ArrayList<>();
        List<IntPredicate> reaches = new ArrayList<>();
        if (name.equals(AUTO)) {
            String[] h = hosts;
            String mine = info.host();
            names.add("shm");
            reaches.add(p -> !inJvm.test(p) && h[p].equals(mine));
            if (!allEqual(h)) {
                names.add("tcp");
                reaches.add(p -> !inJvm.test(p) && !h[p].equals(mine));
            }
        } else {
            if (name.equals("shm")) {
                for (int p = 0; p < size; p++) {
                    if (!hosts[p].equals(info.host())) {
                        throw new IllegalStateException("rank " + rank + " on host " + info.host() + " cannot reach rank "
                                + p + " on host " + hosts[p] + " by shared memory: use --transport auto or tcp");
                    }
                }
            }
            names.add(name);
            reaches.add(p -> !inJvm.test(p));
        }
        List<Endpoint> opened = new ArrayList<>();
        try {
            for (int i = 0; i < names.size(); i++) {
                TransportFactory factory = ProcessRankEnvProvider.transport(names.get(i), loader);
                opened.add(factory.open(new ProcessRankEnvProvider.Context(info, rank, client, reaches.get(i), hosts,
                        clusters)));
            }
        } catch (IOException | RuntimeException e) {
            for (Endpoint ep : opened) {
                try {
                    ep.close();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        if (fabric == null && opened.size() == 1) {
            return new OpenedEndpoint(opened.getFirst(), ranksOnMachine);
        }
        Endpoint[] route = new Endpoint[size];
        List<Endpoint> transports = new ArrayList<>();
        List<Boolean> woken = new ArrayList<>();
        Endpoint anchor = opened.getLast();
        if (fabric != null) {
            Endpoint threads = fabric.endpoint(rank);
            fabric.wakeThrough(rank, anchor::wake);
            transports.add(threads);
            woken.add(true);
        }
        for (int i = 0; i < opened.size(); i++) {
            transports.add(opened.get(i));
            woken.add(i == opened.size() - 1);
        }
        for (int p = 0; p < size; p++) {
            if (inJvm.test(p)) {
                route[p] = fabric.endpoint(rank);
            } else {
                for (int i = 0; i < opened.size(); i++) {
                    if (reaches.get(i).test(p)) {
                        route[p] = opened.get(i);
                        break;
                    }
                }
            }
            if (route[p] == null) {
                route[p] = opened.getFirst(); // own rank without threads: the first byte transport loops back
            }
        }
        return new OpenedEndpoint(new RoutingEndpoint(rank, size, route, transports, woken, hosts, clusters), ranksOnMachine);
    }

    /**
     * Fails, naming two ranks, when ranks of one host (equal {@code hosts}) are in different clusters (null:
     * none): every rank then fails alike, since all read the same names.
     */
    static void checkHostsInOneCluster(String[] hosts, String[] clusters) {
        Map<String, Integer> first = new HashMap<>();
        for (int p = 0; p < hosts.length; p++) {
            Integer q = first.putIfAbsent(hosts[p], p);
            if (q != null && !Objects.equals(clusters[q], clusters[p])) {
                throw new IllegalStateException("ranks " + q + " and " + p + " are both on host " + hosts[p]
                        + " but in " + describe(clusters[q]) + " and " + describe(clusters[p])
                        + " (JMPI_CLUSTER): a host is in one cluster");
            }
        }
    }

    private static String describe(String cluster) {
        return cluster == null ? "no cluster" : "cluster " + cluster;
    }

    private static boolean allEqual(String[] hosts) {
        for (String h : hosts) {
            if (!h.equals(hosts[0])) {
                return false;
            }
        }
        return true;
    }
}
