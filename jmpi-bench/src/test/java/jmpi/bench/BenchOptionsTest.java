package jmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.junit.jupiter.api.Test;

/** Option parsing, the size list and the iteration rule shared with bench/c/pingpong.c. */
class BenchOptionsTest {
    @Test
    void defaultsAreOneByteToFourMebibytesDoubling() {
        BenchOptions o = BenchOptions.parse(new String[0], 1000, 100);
        List<Integer> s = o.sizes();
        assertEquals(23, s.size());
        assertEquals(1, s.getFirst());
        assertEquals(4 << 20, s.getLast());
    }

    @Test
    void theTransportIsTheOptionsElseTheLaunchersElseThreads() {
        String[] none = new String[0];
        assertEquals("threads", BenchOptions.parse(none, 1, 1, name -> null).transport);
        assertEquals("shm", BenchOptions.parse(none, 1, 1, name -> name.equals("JMPI_TRANSPORT") ? "shm" : null).transport);
        assertEquals("tcp", BenchOptions.parse(new String[] {"--transport", "tcp"}, 1, 1,
                name -> name.equals("JMPI_TRANSPORT") ? "shm" : null).transport);
        assertEquals("shm", BenchOptions.parse(none, 1, 1, name -> name.equals("JMPI_TRANSPORT") ? "shm" : null)
                .commandOr("latency", 2).split(" --transport ")[1].split(" ")[0], "the reproducing command names it");
    }

    @Test
    void parsesSuffixesAndAddsAnOddMaximum() {
        BenchOptions o = BenchOptions.parse(new String[] {"--min", "1K", "--max", "3k"}, 10, 1);
        assertEquals(List.of(1024, 2048, 3072), o.sizes());
        assertEquals(List.of(0, 1, 2), BenchOptions.parse(new String[] {"--min", "0", "--max", "2"}, 10, 1).sizes());
    }

    @Test
    void largeSizesGetProportionallyFewerIterations() {
        BenchOptions o = BenchOptions.parse(new String[] {"--iters", "1000", "--warmup", "100"}, 1, 1);
        assertEquals(1000, o.itersFor(8));
        assertEquals(1000, o.itersFor(BenchOptions.LARGE_BYTES));
        assertEquals(500, o.itersFor(2 * BenchOptions.LARGE_BYTES));
        assertEquals(50, o.warmupFor(2 * BenchOptions.LARGE_BYTES));
        assertEquals(BenchOptions.MIN_LARGE_ITERS, o.itersFor(1L << 30));
        assertEquals(1, o.warmupFor(1L << 30));
    }

    @Test
    void pointWarmUpDefaultsToTenThousandCallsInThreeSecondsAndOffWithoutWarmUp() {
        BenchOptions o = BenchOptions.parse(new String[0], 1000, 100);
        assertEquals(10_000, o.pointWarmupCalls);
        assertEquals(3.0, o.pointWarmupSeconds);
        BenchOptions none = BenchOptions.parse(new String[] {"--warmup", "0"}, 1000, 100);
        assertEquals(0, none.pointWarmupCalls);
        BenchOptions set = BenchOptions.parse(new String[] {"--point-warmup-calls", "0", "--point-warmup-seconds", "0.5"},
                1000, 100);
        assertEquals(0, set.pointWarmupCalls);
        assertEquals(0.5, set.pointWarmupSeconds);
        assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--point-warmup-calls", "-1"}, 1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--point-warmup-seconds", "x"}, 1, 1));
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--nope", "1"}, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--min"}, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--min", "x"}, 1, 1));
        assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse(new String[] {"--min", "8", "--max", "4"}, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(new String[] {"--iters", "0"}, 1, 1));
    }
}
