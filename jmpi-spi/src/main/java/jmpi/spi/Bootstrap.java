package jmpi.spi;

import java.time.Duration;

/**
 * The job's key-value bootstrap service, as one rank sees it: how ranks started as separate
 * processes find each other (each transport publishes its address, then reads its peers'). Keys and
 * values are short strings. Implementations: the launcher's service over TCP (see docs/BOOTSTRAP.md)
 * and an in-memory one for tests. Thread-safe.
 */
public interface Bootstrap {
    /** Publishes {@code value} under {@code key}; a key is written once (a second put of it is an error). */
    void put(String key, String value);

    /**
     * The value of {@code key}, waiting until some rank has put it.
     *
     * @throws java.util.concurrent.TimeoutException wrapped in an {@link IllegalStateException} when
     *                                               nobody put it within {@code timeout}
     */
    String get(String key, Duration timeout);

    /** Returns once every rank of the job has called fence the same number of times (a barrier). */
    void fence(Duration timeout);
}
