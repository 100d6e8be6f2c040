package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.BinaryOperator;

import org.junit.jupiter.api.Test;

/** {@link Backoff}: the phases by elapsed time, and the {@link WaitSetting} properties it reads. */
class BackoffTest {
    private static BinaryOperator<String> source(Map<String, String> values) {
        return (property, dflt) -> values.getOrDefault(property, dflt);
    }

    @Test
    void defaultsDependOnOversubscription() {
        int cores = Runtime.getRuntime().availableProcessors();
        Backoff fits = Backoff.forThreads(1, source(Map.of()));
        assertEquals(50_000, fits.spinNanos());
        assertEquals(200_000, fits.yieldNanos());
        assertEquals(1_000_000, fits.parkNanos());
        assertEquals(0, fits.spinYieldSteps());
        Backoff crowded = Backoff.forThreads(cores + 1, source(Map.of()));
        assertEquals(2_000, crowded.spinNanos());
        assertEquals(20_000, crowded.yieldNanos());
        assertTrue(Backoff.oversubscribed(cores + 1));
        assertFalse(Backoff.oversubscribed(cores));
    }

    @Test
    void propertiesOverrideAndParkHasAFloor() {
        Backoff b = Backoff.forThreads(1, source(Map.of("jmpi.wait.spinNanos", "7", "jmpi.wait.yieldNanos", "8",
                "jmpi.wait.parkNanos", "9", "jmpi.wait.spinYieldSteps", "64")));
        assertEquals(64, b.spinYieldSteps());
        assertEquals(7, b.spinNanos());
        assertEquals(8, b.yieldNanos());
        assertEquals(1_000, b.parkNanos());
        assertEquals(123, b.withSpinNanos(123).spinNanos());
        assertEquals(8, b.withSpinNanos(123).yieldNanos());
        assertEquals(64, b.withSpinNanos(123).spinYieldSteps());
    }

    @Test
    void malformedValuesFailNamingTheProperty() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Backoff.forThreads(1, source(Map.of("jmpi.wait.spinNanos", "fast"))));
        assertTrue(e.getMessage().contains("jmpi.wait.spinNanos=fast"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Backoff.forThreads(1, source(Map.of("jmpi.wait.yieldNanos", "-1"))));
        assertTrue(e.getMessage().contains("jmpi.wait.yieldNanos=-1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Backoff(-1, 0, 1_000));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(0, 0, 999));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(0, -1, 0, 1_000));
        e = assertThrows(IllegalArgumentException.class,
                () -> Backoff.forThreads(1, source(Map.of("jmpi.wait.spinYieldSteps", "3000000000"))));
        assertTrue(e.getMessage().contains("jmpi.wait.spinYieldSteps=3000000000"), e.getMessage());
    }

    @Test
    void phasesFollowElapsedTime() {
        Backoff b = new Backoff(1_000_000_000L, 1_000_000_000L, 1_000_000);
        long now = System.nanoTime();
        for (int i = 0; i < Backoff.SPIN_ITERATIONS; i++) {
            assertTrue(b.idle(0, i), "the first iterations always spin, whatever the clock");
        }
        assertTrue(b.idle(now, Backoff.SPIN_ITERATIONS), "spinning");
        assertTrue(b.idle(now - 1_500_000_000L, Backoff.SPIN_ITERATIONS), "yielding");
        assertFalse(b.idle(now - 3_000_000_000L, Backoff.SPIN_ITERATIONS), "time to park");
        Backoff never = new Backoff(Long.MAX_VALUE, Long.MAX_VALUE, 1_000);
        assertTrue(never.idle(now - 3_000_000_000L, 1_000), "no overflow with huge phases");
        Backoff at = new Backoff(0, 0, 1_000);
        assertFalse(at.idle(now - 1, Backoff.SPIN_ITERATIONS), "no spin and no yield: park at once");
    }
}
