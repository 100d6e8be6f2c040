package jmpi.core;

/** Something a thread can wait for through {@link Engine#await}. */
@FunctionalInterface
public interface Waitable {
    boolean isDone();
}
