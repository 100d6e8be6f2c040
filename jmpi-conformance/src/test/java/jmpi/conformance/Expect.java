package jmpi.conformance;

import mpi.MPIException;

/**
 * Small assertions for rank bodies (loaded once per rank like the bodies themselves). Each failure is an
 * {@link AssertionError} naming what was expected, so that the job reports it with the rank.
 */
final class Expect {
    private Expect() {
    }

    /** Something that should fail with an {@link MPIException}. */
    interface MpiCall {
        void run();
    }

    /** Runs {@code call}, which must throw an {@link MPIException} of class {@code errorClass}; returns it. */
    static MPIException error(int errorClass, String what, MpiCall call) {
        try {
            call.run();
        } catch (MPIException e) {
            if (e.Get_error_class() != errorClass) {
                AssertionError a = new AssertionError(what + ": expected error class " + errorClass + " but got "
                        + e.Get_error_class() + " (" + e.getMessage() + ")");
                a.initCause(e);
                throw a;
            }
            return e;
        }
        throw new AssertionError(what + ": expected MPIException with error class " + errorClass + ", none thrown");
    }

    static void equal(long expected, long actual, String what) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void equal(Object expected, Object actual, String what) {
        if (expected == null ? actual != null : !expected.equals(actual)) {
            throw new AssertionError(what + ": expected " + expected + " but was " + actual);
        }
    }

    static void isTrue(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }
}
