package jmpi.conformance;

import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.testkit.MultiRank;

/**
 * The point-to-point bodies again over the byte protocols (eager copy, synchronous ACK, rendezvous
 * RTS / CTS / DATA) that shm and tcp use: the threads transport in byte mode
 * ({@code jmpi.threads.encode=true}) shares no memory between ranks and encodes every frame as a
 * byte transport would. Each body runs with the default eager limit and with every message
 * rendezvous ({@code jmpi.eager.limit=0}).
 */
@Timeout(300)
class ByteProtocolTest {
    private static final Duration T = Duration.ofSeconds(60);

    @AfterEach
    void clear() {
        System.clearProperty("jmpi.threads.encode");
        System.clearProperty("jmpi.eager.limit");
    }

    static Stream<Arguments> bodies() {
        // Each body with the rank count its own test class runs it on.
        Object[][] cases = {
            {PointToPointTest.TypesRoundTrip.class, 2}, {PointToPointTest.NonOvertaking.class, 2},
            {PointToPointTest.Wildcards.class, 4}, {PointToPointTest.ZeroLength.class, 2},
            {PointToPointTest.SendToSelf.class, 2}, {PointToPointTest.ProcNull.class, 3},
            {PointToPointTest.Truncation.class, 2}, {PointToPointTest.GetCount.class, 2},
            {PointToPointTest.SendrecvRing.class, 5}, {ModesTest.SsendWaitsForTheReceive.class, 2},
            {ModesTest.IssendTestsNullUntilMatched.class, 2}, {ModesTest.BsendWithBuffer.class, 2},
            {ModesTest.RsendWithPostedReceive.class, 2}, {NonBlockingTest.WaitAndTest.class, 2},
            {NonBlockingTest.Waitall.class, 4}, {NonBlockingTest.AnyAndSome.class, 3},
            {NonBlockingTest.Persistent.class, 2}, {ObjectTest.Objects_.class, 2}, {ObjectTest.Refused.class, 2},
            {ProbeCancelTest.ProbeThenRecv.class, 3}, {ProbeCancelTest.CancelUnmatchedReceive.class, 2},
            {StressTest.RandomTraffic.class, 8},
        };
        return Stream.of(cases).flatMap(c -> Stream.of(Arguments.of(c[0], c[1], "16384"), Arguments.of(c[0], c[1], "0")));
    }

    @ParameterizedTest(name = "{0} on {1} ranks, eager.limit={2}")
    @MethodSource("bodies")
    void overBytes(Class<?> body, int np, String eagerLimit) {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", eagerLimit);
        MultiRank.runOk(np, body, T);
    }
}
