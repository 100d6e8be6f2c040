package jmpi.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A hostfile as Open MPI and MPICH users write it: one host per line, {@code name [slots=N]}
 * ({@code name:N} is accepted too), {@code #} starting a comment, blank lines ignored. A host without
 * a slot count has one slot; a host named twice adds its slots up. {@code max_slots=} is accepted and
 * ignored. jmpi's own attribute {@code cluster=NAME} puts the host in a cluster (hosts joined by fast
 * links; the collectives cross between clusters first): hosts without one form one cluster together, so
 * a file that names none is one cluster; a host named twice must name the same cluster (or none) each
 * time. Anything else is an error naming the line.
 *
 * <p>Concurrency: parsing is a pure function; the hosts it returns are immutable.
 */
public final class Hostfile {
    /** What a cluster name may hold (it travels in the environment and through the bootstrap service). */
    static final String CLUSTER_NAME = "[A-Za-z0-9_][A-Za-z0-9_.:@+-]*";

    /** A host, how many ranks it takes, and its cluster (null: none, the cluster of the hosts without a name). */
    public record Host(String name, int slots, String cluster) {
        public Host {
            if (name == null || name.isBlank() || !name.matches("[A-Za-z0-9_.:\\[\\]%-]+")) {
                throw new IllegalArgumentException("bad host name '" + name + "'");
            }
            if (slots < 1) {
                throw new IllegalArgumentException("host " + name + ": slots must be at least 1, not " + slots);
            }
            if (cluster != null) {
                checkClusterName(cluster, "host " + name + ": cluster");
            }
        }

        /** A host in no named cluster. */
        public Host(String name, int slots) {
            this(name, slots, null);
        }
    }

    private Hostfile() {
    }

    /**
     * Checks a cluster name ({@link #CLUSTER_NAME}: letters, digits and {@code _.:@+-}, not starting with
     * {@code .:@+-}, at most 200 characters); {@code what} names where it came from in the error.
     */
    static String checkClusterName(String cluster, String what) {
        if (cluster.length() > 200 || !cluster.matches(CLUSTER_NAME)) {
            throw new IllegalArgumentException(what + " name '" + cluster + "' is not a cluster name (letters, digits"
                    + " and _.:@+- , starting with a letter, digit or _; at most 200 characters)");
        }
        return cluster;
    }

    /** Reads {@code file}; an unreadable file or a malformed line is an {@link IllegalArgumentException}. */
    public static List<Host> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the hostfile " + file + ": " + e.getMessage(), e);
        }
        try {
            List<Host> hosts = parse(lines);
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("names no host");
            }
            return hosts;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hostfile " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses hostfile lines (see the class comment), in the order hosts first appear. */
    static List<Host> parse(List<String> lines) {
        Map<String, Integer> slots = new LinkedHashMap<>();
        Map<String, String> clusters = new HashMap<>();
        Map<String, Integer> firstLine = new HashMap<>();
        int n = 0;
        for (String raw : lines) {
            n++;
            int hash = raw.indexOf('#');
            String line = (hash >= 0 ? raw.substring(0, hash) : raw).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] words = line.split("\\s+");
            String name = words[0];
            int count = 1;
            String cluster = null;
            int colon = name.lastIndexOf(':');
            if (colon > 0 && name.indexOf(':') == colon && name.substring(colon + 1).matches("\\d+")) {
                count = parseCount(name.substring(colon + 1), n);
                name = name.substring(0, colon);
            }
            for (int i = 1; i < words.length; i++) {
                String w = words[i];
                if (w.startsWith("slots=")) {
                    count = parseCount(w.substring("slots=".length()), n);
                } else if (w.startsWith("cluster=")) {
                    if (cluster != null) {
                        throw new IllegalArgumentException("line " + n + ": cluster= given twice");
                    }
                    cluster = w.substring("cluster=".length());
                } else if (!w.startsWith("max_slots=")) {
                    throw new IllegalArgumentException("line " + n + ": unknown word '" + w
                            + "' (expected slots=N or cluster=NAME)");
                }
            }
            try {
                new Host(name, count, cluster);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + n + ": " + e.getMessage(), e);
            }
            if (firstLine.containsKey(name) && !Objects.equals(clusters.get(name), cluster)) {
                throw new IllegalArgumentException("line " + n + ": host " + name + " is in "
                        + describe(cluster) + " here but in " + describe(clusters.get(name)) + " on line "
                        + firstLine.get(name) + " (a host is in one cluster)");
            }
            firstLine.putIfAbsent(name, n);
            clusters.put(name, cluster);
            slots.merge(name, count, Integer::sum);
        }
        List<Host> hosts = new ArrayList<>();
        slots.forEach((name, count) -> hosts.add(new Host(name, count, clusters.get(name))));
        return hosts;
    }

    private static String describe(String cluster) {
        return cluster == null ? "no cluster" : "cluster " + cluster;
    }

    private static int parseCount(String s, int line) {
        try {
            int v = Integer.parseInt(s);
            if (v < 1) {
                throw new IllegalArgumentException("line " + line + ": slots must be at least 1, not " + v);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("line " + line + ": slots must be a number, not '" + s + "'", e);
        }
    }

    /**
     * Whether {@code name} is this machine (started directly, without the remote-start template):
     * {@code localhost}, this machine's host name, or one of its own addresses. Other names,
     * including ones that do not resolve (network namespaces, for example), are remote.
     */
    static boolean isThisHost(String name) {
        if (name.equals("localhost") || name.equals(ProcessLaunchInfo.localHostName())) {
            return true;
        }
        if (!name.matches("[0-9.]+") && name.indexOf(':') < 0) {
            return false; // a name: only the ones above count as this host, no DNS lookup
        }
        try {
            InetAddress a = InetAddress.getByName(name);
            return a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
