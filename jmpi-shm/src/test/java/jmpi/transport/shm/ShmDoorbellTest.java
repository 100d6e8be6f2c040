package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.RecordingSink;

/**
 * Long parks sleep on the doorbell socket: a frame from a peer or a local wake ends them at once
 * (not after the park's 10 s), a frame published before the park is seen by its re-check, and the
 * flag in the file is down once the park ended.
 */
@Timeout(30)
class ShmDoorbellTest {
    private static final long LONG_PARK = 10_000_000_000L;

    private static Frame small() {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.data = MemorySegment.ofArray(new byte[8]);
        return f;
    }

    private static long parkMillis(Endpoint ep) {
        long t0 = System.nanoTime();
        ep.park(LONG_PARK, () -> false);
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static int flag(ShmEndpoint ep) throws Exception {
        try (ShmFile f = ShmFile.open(ep.path(), ep.rank(), ep.size())) {
            return f.segment.get(ValueLayout.JAVA_INT, ShmFileDescriptor.DOORBELL);
        }
    }

    @Test
    void aPeersFrameOrAWakeEndsALongPark() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.DOORBELL, "true"));
        try {
            for (int round = 0; round < 3; round++) {
                CompletableFuture<Long> parked = CompletableFuture.supplyAsync(() -> parkMillis(eps[1]));
                Thread.sleep(100);
                eps[0].send(1, small());
                long ms = parked.get(20, TimeUnit.SECONDS);
                assertTrue(ms < 3_000, "park lasted " + ms + " ms after a peer's frame");
                RecordingSink sink = new RecordingSink(0);
                while (sink.frames.isEmpty()) {
                    eps[1].poll(sink);
                }
            }
            CompletableFuture<Long> woken = CompletableFuture.supplyAsync(() -> parkMillis(eps[1]));
            Thread.sleep(100);
            eps[1].wake();
            long ms = woken.get(20, TimeUnit.SECONDS);
            assertTrue(ms < 3_000, "park lasted " + ms + " ms after wake");
            assertEquals(0, flag((ShmEndpoint) eps[1]), "doorbell flag down after the park");
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void aFramePublishedBeforeTheParkIsSeenByTheRecheck() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.DOORBELL, "true"));
        try {
            eps[0].send(1, small());
            assertTrue(parkMillis(eps[1]) < 3_000);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
