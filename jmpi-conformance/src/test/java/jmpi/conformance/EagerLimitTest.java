package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.MPI;
import mpi.MPIException;

/**
 * The protocol-sensitive bodies again with every message rendezvous ({@code jmpi.eager.limit=0}) and
 * with every message eager (a limit past the largest message).
 */
@Timeout(180)
class EagerLimitTest {
    private static final String LIMIT = "jmpi.eager.limit";
    private static final Duration T = Duration.ofSeconds(60);

    @AfterEach
    void clear() {
        System.clearProperty(LIMIT);
    }

    private static void run(String limit, int np, Class<?> body) {
        System.setProperty(LIMIT, limit);
        MultiRank.runOk(np, body, T);
    }

    /** Init with a malformed limit fails with ERR_ARG naming the property. */
    public static class BadLimit {
        public static void main(String[] args) {
            MPIException e = Expect.error(MPI.ERR_ARG, "Init with jmpi.eager.limit=" + System.getProperty(LIMIT),
                    () -> MPI.Init(args));
            Expect.isTrue(e.getMessage().contains(LIMIT), "message does not name the property: " + e.getMessage());
            Expect.isTrue(!MPI.Initialized(), "Initialized() after a failed Init");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "lots", "16k"})
    void malformedLimitFailsInit(String limit) {
        run(limit, 2, BadLimit.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void typesRoundTrip(String limit) {
        run(limit, 2, PointToPointTest.TypesRoundTrip.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void nonOvertaking(String limit) {
        run(limit, 2, PointToPointTest.NonOvertaking.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void truncation(String limit) {
        run(limit, 2, PointToPointTest.Truncation.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void sendToSelf(String limit) {
        run(limit, 2, PointToPointTest.SendToSelf.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void issendTestIsNullUntilMatched(String limit) {
        run(limit, 2, ModesTest.IssendTestsNullUntilMatched.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void probeThenRecv(String limit) {
        run(limit, 3, ProbeCancelTest.ProbeThenRecv.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void cancel(String limit) {
        run(limit, 2, ProbeCancelTest.CancelUnmatchedReceive.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "100000000"})
    void stress(String limit) {
        run(limit, 8, StressTest.RandomTraffic.class);
    }
}
