package jmpi.tck;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import jmpi.spi.Bootstrap;

/**
 * An in-memory {@link Bootstrap} for endpoints opened in one JVM (transport tests): one instance per
 * job, shared by all ranks' threads. {@link #fence} counts arrivals per round.
 */
public final class LocalBootstrap implements Bootstrap {
    private final int size;
    private final Map<String, String> values = new HashMap<>();
    private int arrived;
    private long round;

    public LocalBootstrap(int size) {
        this.size = size;
    }

    @Override
    public synchronized void put(String key, String value) {
        if (values.putIfAbsent(key, value) != null) {
            throw new IllegalStateException("bootstrap key " + key + " put twice");
        }
        notifyAll();
    }

    @Override
    public synchronized String get(String key, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!values.containsKey(key)) {
            waitUntil(deadline, "key " + key);
        }
        return values.get(key);
    }

    @Override
    public synchronized void fence(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        long mine = round;
        if (++arrived == size) {
            arrived = 0;
            round++;
            notifyAll();
            return;
        }
        while (round == mine) {
            waitUntil(deadline, "fence (" + arrived + " of " + size + " arrived)");
        }
    }

    private void waitUntil(long deadline, String what) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new IllegalStateException("bootstrap: timed out waiting for " + what);
        }
        try {
            wait(Math.max(1, left / 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("bootstrap: interrupted waiting for " + what, e);
        }
    }
}
