package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;

/** A short in-JVM run of {@link ShmPingPong} (prints nothing, asserts no timing): the benchmark's code works. */
@Timeout(30)
class ShmPingPongTest {
    @Test
    void bothSizesRoundTrip() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of());
        try {
            Thread other = Thread.ofPlatform().start(() -> ShmPingPong.run(eps[1], 200, 20));
            long[][] rtt = ShmPingPong.run(eps[0], 200, 20);
            other.join(20_000);
            assertEquals(200, rtt[0].length);
            assertEquals(20, rtt[1].length);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
