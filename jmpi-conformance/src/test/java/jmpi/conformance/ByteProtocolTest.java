package jmpi.conformance;

import java.time.Duration;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
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
 * rendezvous ({@code jmpi.eager.limit=0}), and then with every message rendezvous and data sent ahead of
 * the CTS ({@code jmpi.rndv.ahead}): 1 byte (the rest after the CTS), 100 bytes (small messages whole
 * ahead, without a CTS; larger ones split), 1 MiB (every message of the bodies whole ahead).
 */
@Timeout(300)
class ByteProtocolTest {
    private static final Duration T = Duration.ofSeconds(60);

    @AfterEach
    void clear() {
        System.clearProperty("jmpi.threads.encode");
        System.clearProperty("jmpi.eager.limit");
        System.clearProperty("jmpi.rndv.ahead");
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

    static Stream<Arguments> aheadBodies() {
        return ConformanceBodies.POINT_TO_POINT.stream()
                .flatMap(c -> Stream.of("1", "100", "1048576").map(a -> Arguments.of(c.body(), c.np(), a)));
    }

    @ParameterizedTest(name = "{0} on {1} ranks, all rendezvous, rndv.ahead={2}")
    @MethodSource("aheadBodies")
    void overBytesWithDataAheadOfTheCts(Class<?> body, int np, String ahead) {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", "0");
        System.setProperty("jmpi.rndv.ahead", ahead);
        MultiRank.runOk(np, body, T);
    }

    /** Random traffic (sizes, tags, sources, probes) with every message a rendezvous that sends 64 bytes ahead. */
    @Test
    void randomTrafficWithDataAhead() {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", "0");
        System.setProperty("jmpi.rndv.ahead", "64");
        MultiRank.runOk(8, StressTest.RandomTraffic.class, T, "8", "2000", "200000");
    }

    /**
     * Regression: a small rendezvous message over bytes arrived with the right size and stale bytes.
     * On JDK 25, {@code MemorySegment.copy(src, srcOffset, dst, dstOffset, bytes)} copies fewer than 64
     * bytes with a Java loop of 8-byte words; C2, once it unrolled that loop inlined into
     * {@code ByteProtocol.data}, left every other word of the destination unwritten (the receive buffer
     * kept its previous bytes there; no error anywhere). A single-threaded driver of ByteProtocol alone
     * did not reproduce it: the compiled code depends on the profile this job builds.
     * The first job seldom has the broken code yet; once C2 compiled it, every job of the JVM failed
     * (18 of 18 runs after the first, in 6 JVMs), so the body runs three times. {@code ByteProtocol.data}
     * now copies with the element-wise overload, which always uses {@code Unsafe.copyMemory}.
     */
    @Test
    void smallRendezvousMessagesArriveWholeOnceTheByteCopyIsCompiled() {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", "0");
        for (int run = 0; run < 3; run++) {
            MultiRank.runOk(8, StressTest.RandomTraffic.class, T, "8", "2000", "200000");
        }
    }
}
