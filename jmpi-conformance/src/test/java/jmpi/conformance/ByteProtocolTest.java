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
        return ConformanceBodies.POINT_TO_POINT.stream()
                .flatMap(c -> Stream.of(Arguments.of(c.body(), c.np(), "16384"), Arguments.of(c.body(), c.np(), "0")));
    }

    @ParameterizedTest(name = "{0} on {1} ranks, eager.limit={2}")
    @MethodSource("bodies")
    void overBytes(Class<?> body, int np, String eagerLimit) {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", eagerLimit);
        MultiRank.runOk(np, body, T);
    }
}
