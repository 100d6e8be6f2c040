package jmpi.spi;

/**
 * What a transport needs to open one rank's endpoint in a job of separate processes.
 * Concurrency: read-only for the transport; used by the thread that opens the endpoint.
 */
public interface TransportContext {
    int rank();

    int size();

    /** A job id unique on this host (names shared-memory segments, for example), [A-Za-z0-9_-] only. */
    String jobId();

    /** The per-job secret (authenticates connections between ranks). */
    byte[] secret();

    Bootstrap bootstrap();

    /**
     * Whether this endpoint carries the traffic to {@code peer}. A rank may open several transports
     * (threads inside its JVM, shm on its host, tcp across hosts: each peer reached by the best one);
     * a transport then connects only the peers it reaches, but every rank still opens the same
     * transports in the same order, so that their bootstrap fences match. Default: every peer.
     */
    default boolean reaches(int peer) {
        return true;
    }

    /**
     * The local address by which this rank reaches the bootstrap service: its address on the job's
     * network, where a network transport listens unless told otherwise. Null when unknown.
     */
    default java.net.InetAddress localAddress() {
        return null;
    }

    /**
     * The name of rank {@code peer}'s host in the job (ranks with equal names share a host), or null
     * when unknown. A launcher that knows it tells every transport, so that
     * {@link Endpoint#sharesHostWith} can be answered.
     */
    default String host(int peer) {
        return null;
    }

    /**
     * The name of rank {@code peer}'s cluster in the job (ranks with equal names share a cluster; every
     * rank of a host is in one cluster), or null when the rank has none: ranks without a name form one
     * cluster together (when no rank has one, the job is one cluster). A launcher that knows it tells every
     * transport, so that {@link Endpoint#sharesClusterWith} can be answered.
     */
    default String cluster(int peer) {
        return null;
    }

    /** A configuration value (system property, else {@code defaultValue}). */
    default String property(String name, String defaultValue) {
        return System.getProperty(name, defaultValue);
    }
}
