package jmpi.elsewhere;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

/**
 * A serializable class outside the package of the conformance tests' main classes (so outside the
 * default {@code MPI.OBJECT} allow-list), whose deserialization has a visible side effect: it sets the
 * system property {@link #RAN}. A receiver must refuse it before any of its code runs.
 */
public class Gadget implements Serializable {
    private static final long serialVersionUID = 1L;
    /** Set (to the receiving thread's name) if a Gadget was ever deserialized. */
    public static final String RAN = "jmpi.test.gadget.ran";

    public int value = 42;

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        System.setProperty(RAN, Thread.currentThread().getName());
        in.defaultReadObject();
    }
}
