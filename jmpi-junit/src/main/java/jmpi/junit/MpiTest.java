package jmpi.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test method that runs on {@link #ranks()} MPI ranks, every rank a thread of the test's JVM with its own copy
 * of the test class (and of the {@code mpi} API, so {@code MPI.COMM_WORLD} and every other static are per rank).
 * Used in place of {@code @Test}:
 *
 * <pre>{@code
 * @MpiTest(ranks = 4)
 * void sumsRanks() throws MPIException {
 *     int[] sum = new int[1];
 *     MPI.COMM_WORLD.Allreduce(new int[] {MPI.COMM_WORLD.Rank()}, 0, sum, 0, 1, MPI.INT, MPI.SUM);
 *     assertEquals(6, sum[0]);
 * }
 * }</pre>
 *
 * <p>In every rank the extension calls {@code MPI.Init(args())}, creates a new instance of the test class
 * (for a {@code @Nested} class: of every enclosing class too), runs its {@code @BeforeEach} methods, the test
 * method, its {@code @AfterEach} methods (also when the body failed), then {@code MPI.Finalize()} when the rank
 * ended well and the body has not finalized itself. The body must not call {@code MPI.Init}. JUnit's own
 * instance gets no lifecycle calls for this method ({@link MpiTestExtension} skips them); {@code @BeforeAll} and
 * {@code @AfterAll} run once, outside the ranks, and what they put in statics is not seen by the ranks.
 *
 * <p>The test fails when any rank throws (the report names every failing rank; the first failure is the cause,
 * the others are suppressed), and when the ranks have not all ended after {@link #timeoutSeconds()} (the report
 * names the ranks still running and where they were).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(MpiTestExtension.class)
public @interface MpiTest {
    /** The number of ranks (the size of {@code MPI.COMM_WORLD}): at least 1. */
    int ranks();

    /** The hard time limit of the whole job (Init to Finalize on every rank), in seconds: at least 1. */
    long timeoutSeconds() default 60;

    /**
     * The arguments every rank passes to {@code MPI.Init}; a test method parameter of type {@code String[]}
     * receives them too.
     */
    String[] args() default {};
}
