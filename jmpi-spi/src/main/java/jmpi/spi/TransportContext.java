package jmpi.spi;

/** What a transport needs to open one rank's endpoint in a job of separate processes. */
public interface TransportContext {
    int rank();

    int size();

    /** A job id unique on this host (names shared-memory segments, for example), [A-Za-z0-9_-] only. */
    String jobId();

    /** The per-job secret (authenticates connections between ranks). */
    byte[] secret();

    Bootstrap bootstrap();

    /** A configuration value (system property, else {@code defaultValue}). */
    default String property(String name, String defaultValue) {
        return System.getProperty(name, defaultValue);
    }
}
