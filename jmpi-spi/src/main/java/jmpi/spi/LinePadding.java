package jmpi.spi;

/**
 * Front padding for a long-lived object whose fields one thread writes on every message while other threads
 * (other ranks of the JVM) work on the objects around it in the heap. Without it, two such objects of two ranks
 * can share a cache line: each rank's write then takes the line away from the other, and a message costs a
 * cross-core transfer more on each side. Adjacent they often are: the threads transport's fabric allocates both
 * ends of a pair one after the other, and a collection copies long-lived objects of every rank into the same
 * region in whatever order it finds them.
 *
 * <p>The pattern, in three classes (HotSpot lays a superclass's fields out before a subclass's, so the order
 * holds whatever a collection does): an abstract class that extends this one and declares the object's fields;
 * then the final class, which extends that one and declares eight unused {@code long}s as its only fields (the
 * padding behind). The fields then start at least 64 bytes after the object's start and end at least 64 bytes
 * before its end. The final class must not be an inner class (its enclosing-instance field would land behind the
 * padding); {@code LinePaddingTest} checks the classes that use the pattern.
 */
public abstract class LinePadding {
    // An int as well as the longs: the 4 bytes after a 12-byte object header would otherwise take a subclass's int.
    @SuppressWarnings("unused")
    private int front0;
    @SuppressWarnings("unused")
    private long front1, front2, front3, front4, front5, front6, front7, front8;
}
