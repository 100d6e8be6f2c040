package jmpi.spi;

import java.io.IOException;
import java.util.function.BinaryOperator;

/**
 * Opens endpoints of one transport kind for ranks started as separate processes. Found with
 * {@link java.util.ServiceLoader} by {@link #name()} ("shm", "tcp").
 *
 * <p>Concurrency: implementations are stateless and thread-safe; {@link #open} is collective over
 * the job, {@link #cleanup} is called by the launcher alone, after the job's ranks are gone.
 */
public interface TransportFactory {
    String name();

    /**
     * Opens this rank's endpoint: creates what it owns, publishes how to reach it through the
     * bootstrap, and may wait (bounded) for the peers to do the same. Collective over the job.
     */
    Endpoint open(TransportContext context) throws IOException;

    /**
     * Removes whatever endpoints of job {@code jobId} leave behind when their ranks die without
     * closing them (shared-memory files, sockets in the file system). The launcher calls it for every
     * installed transport once the job's ranks have exited (and from its shutdown hook), whichever
     * transports the ranks opened, so it must be harmless for a job that never used this transport.
     * {@code properties} is the ranks' configuration (called as {@code properties.apply(name, default)},
     * as {@link TransportContext#property}), so that the transport looks where its ranks put things.
     * A transport that leaves nothing outside its processes has nothing to do: the default.
     *
     * @throws IOException when something of the job could not be removed (the launcher reports it)
     */
    default void cleanup(String jobId, BinaryOperator<String> properties) throws IOException {
    }
}
