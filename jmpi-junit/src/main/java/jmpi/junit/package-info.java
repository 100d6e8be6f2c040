/**
 * A JUnit 5 extension that runs test methods on several MPI ranks in the test's JVM: {@link jmpi.junit.MpiTest}.
 * The package is shared by the ranks (jmpi's rank class loaders load it from their parent); user test classes
 * must live elsewhere.
 */
package jmpi.junit;
