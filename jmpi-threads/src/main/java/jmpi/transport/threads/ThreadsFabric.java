package jmpi.transport.threads;

import jmpi.spi.Endpoint;

/**
 * The threads transport for one job: every rank is a thread of this JVM and owns one
 * {@link ThreadsEndpoint}. Created once per job by the launcher, before any rank starts.
 */
public final class ThreadsFabric {
    private final ThreadsEndpoint[] endpoints;

    public ThreadsFabric(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + size);
        }
        endpoints = new ThreadsEndpoint[size];
        for (int i = 0; i < size; i++) {
            endpoints[i] = new ThreadsEndpoint(this, i);
        }
    }

    public int size() {
        return endpoints.length;
    }

    public Endpoint endpoint(int rank) {
        return endpoints[rank];
    }

    ThreadsEndpoint endpointOf(int rank) {
        return endpoints[rank];
    }

    /** Wakes every parked rank (used when the job aborts). */
    public void wakeAll() {
        for (ThreadsEndpoint e : endpoints) {
            e.wake();
        }
    }
}
