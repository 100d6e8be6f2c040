package jmpi.spi;

import java.io.IOException;

/**
 * Opens endpoints of one transport kind for ranks started as separate processes. Found with
 * {@link java.util.ServiceLoader} by {@link #name()} ("shm", "tcp").
 */
public interface TransportFactory {
    String name();

    /**
     * Opens this rank's endpoint: creates what it owns, publishes how to reach it through the
     * bootstrap, and may wait (bounded) for the peers to do the same. Collective over the job.
     */
    Endpoint open(TransportContext context) throws IOException;
}
