package jmpi.coll;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Where a communicator's members run, as the selection table sees it. A communicator is
 * {@link #CLUSTERS} (members in two clusters or more: hosts joined by slow wide-area links between the
 * clusters, {@code Endpoint.sharesClusterWith}, or several {@code -Djmpi.coll.clusters} blocks), else
 * {@link #JVM} (every member a thread of this JVM), {@link #HOST} (every member on this host,
 * several JVMs) or {@link #HOSTS} (several hosts, or several {@code -Djmpi.coll.nodes} blocks), or
 * {@link #NATIVE} (the ranks are processes of the system MPI library's job: the native transport, where the
 * library's own collectives are on the menu as {@code library});
 * a table line may also say {@link #PROCESSES} (host or hosts: not all in this JVM, but inside one cluster:
 * lines measured between the processes of one machine say nothing of wide-area links) or {@link #ANY}.
 * Immutable.
 */
public enum Locality {
    ANY("any"),
    JVM("jvm"),
    HOST("host"),
    HOSTS("hosts"),
    PROCESSES("processes"),
    NATIVE("native"),
    CLUSTERS("clusters");

    /** The names a table line may give, in table order. */
    static final List<String> NAMES = Stream.of(values()).map(Locality::tableName).toList();

    private final String tableName;

    Locality(String tableName) {
        this.tableName = tableName;
    }

    /** The name in the selection table. */
    public String tableName() {
        return tableName;
    }

    /** Whether a table line of this locality applies to a communicator of locality {@code comm}. */
    public boolean covers(Locality comm) {
        return this == ANY || this == comm || this == PROCESSES && (comm == HOST || comm == HOSTS);
    }

    /** The locality named {@code name} (any case); an unknown name is an error listing the known ones. */
    public static Locality of(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Locality l : values()) {
            if (l.tableName.equals(n)) {
                return l;
            }
        }
        throw new IllegalArgumentException("locality '" + name + "' is not one of " + NAMES);
    }

    @Override
    public String toString() {
        return tableName;
    }
}
