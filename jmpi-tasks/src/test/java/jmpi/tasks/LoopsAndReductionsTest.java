package jmpi.tasks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class LoopsAndReductionsTest {
    private static final Schedule[] SCHEDULES = {
        Schedule.STATIC, Schedule.staticChunks(1), Schedule.staticChunks(7), Schedule.DYNAMIC, Schedule.dynamic(1),
        Schedule.dynamic(13), Schedule.GUIDED, Schedule.guided(5),
    };

    /** Uneven work: some indices spin, so that dynamic and guided workers really compete. */
    private static void work(int i) {
        if (i % 17 == 0) {
            long until = System.nanoTime() + 2_000;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void everyScheduleCoversEveryIndexOnce(int workers) {
        try (TaskPool pool = new TaskPool(workers)) {
            for (Schedule schedule : SCHEDULES) {
                for (int n : new int[] {0, 1, 2, 3, 10, 97, 1000, 4099}) {
                    for (int from : new int[] {0, -5}) {
                        AtomicIntegerArray hits = new AtomicIntegerArray(n);
                        int[] workersSeen = new int[workers];
                        pool.parallelFor(from, from + n, schedule, (w, s, e) -> {
                            assertTrue(s < e && s >= from && e <= from + n, "chunk inside the range");
                            for (int i = s; i < e; i++) {
                                work(i);
                                hits.incrementAndGet(i - from);
                            }
                            workersSeen[w] = 1;
                        });
                        for (int i = 0; i < n; i++) {
                            assertEquals(1, hits.get(i), schedule + " n=" + n + " index " + i);
                        }
                        AtomicIntegerArray each = new AtomicIntegerArray(n);
                        pool.parallelForEach(from, from + n, schedule, i -> each.incrementAndGet(i - from));
                        for (int i = 0; i < n; i++) {
                            assertEquals(1, each.get(i), schedule + " forEach n=" + n + " index " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void staticGivesEachWorkerItsSplitterBlock() {
        try (TaskPool pool = new TaskPool(3)) {
            int[] owner = new int[100];
            pool.parallelFor(0, 100, (w, s, e) -> {
                assertEquals(Splitter.start(0, 100, 3, w), s);
                assertEquals(Splitter.end(0, 100, 3, w), e);
                for (int i = s; i < e; i++) {
                    owner[i] = w;
                }
            });
            assertEquals(0, owner[33]);
            assertEquals(1, owner[34]);
            assertEquals(2, owner[99]);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void longReductionsAreExact(int workers) {
        try (TaskPool pool = new TaskPool(workers)) {
            int n = 100_003;
            long[] a = new long[n];
            long serialSum = 0;
            long serialMin = Long.MAX_VALUE;
            long serialMax = Long.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                a[i] = (i * 2_654_435_761L) % 1_000_003 - 500_000;
                serialSum += a[i];
                serialMin = Math.min(serialMin, a[i]);
                serialMax = Math.max(serialMax, a[i]);
            }
            assertEquals(serialSum, pool.sumLong(0, n, i -> a[i]));
            assertEquals(serialMin, pool.minLong(0, n, i -> a[i]));
            assertEquals(serialMax, pool.maxLong(0, n, i -> a[i]));
            for (Schedule schedule : SCHEDULES) {
                long sum = pool.reduceLong(0, n, schedule, Reduction.SUM, (s, e) -> {
                    long acc = 0;
                    for (int i = s; i < e; i++) {
                        acc += a[i];
                    }
                    return acc;
                });
                assertEquals(serialSum, sum, schedule.toString());
                assertEquals(serialMax, pool.reduceLong(0, n, schedule, Reduction.MAX, (s, e) -> {
                    long m = Long.MIN_VALUE;
                    for (int i = s; i < e; i++) {
                        m = Math.max(m, a[i]);
                    }
                    return m;
                }));
            }
            assertEquals(0L, pool.sumLong(5, 5, i -> 1));
            assertEquals(Long.MAX_VALUE, pool.minLong(5, 5, i -> 1));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void doubleReductionsAreDeterministicAndMatchSerial(int workers) {
        try (TaskPool pool = new TaskPool(workers)) {
            int n = 200_001;
            double[] a = new double[n];
            double serial = 0;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < n; i++) {
                a[i] = Math.sin(i) * Math.pow(10, i % 9 - 4);
                serial += a[i];
                min = Math.min(min, a[i]);
                max = Math.max(max, a[i]);
            }
            double first = pool.sumDouble(0, n, i -> a[i]);
            double firstBlocks = pool.reduceDouble(0, n, Reduction.SUM, (s, e) -> {
                double acc = 0;
                for (int i = s; i < e; i++) {
                    acc += a[i];
                }
                return acc;
            });
            assertEquals(serial, first, 1e-9 * Math.abs(serial) + 1e-9);
            assertEquals(first, firstBlocks, 0.0, "per-index and per-block sums group the same way");
            if (workers == 1) {
                assertEquals(serial, first, 0.0, "one worker sums in serial order");
            }
            for (int run = 0; run < 50; run++) {
                assertEquals(Double.doubleToLongBits(first), Double.doubleToLongBits(pool.sumDouble(0, n, i -> a[i])),
                        "run " + run);
            }
            assertEquals(min, pool.minDouble(0, n, i -> a[i]), 0.0);
            assertEquals(max, pool.maxDouble(0, n, i -> a[i]), 0.0);
            double dynamicSum = pool.reduceDouble(0, n, Schedule.dynamic(1000), Reduction.SUM, (s, e) -> {
                double acc = 0;
                for (int i = s; i < e; i++) {
                    acc += a[i];
                }
                return acc;
            });
            assertEquals(serial, dynamicSum, 1e-9 * Math.abs(serial) + 1e-9);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void genericReductionCombinesInWorkerOrder(int workers) {
        try (TaskPool pool = new TaskPool(workers)) {
            int n = 1000;
            // Concatenation is associative but not commutative: the result is in index order only if
            // chunks and workers are combined in order.
            List<Integer> all = pool.reduce(0, n, List.of(), LoopsAndReductionsTest::concat, (s, e) -> {
                List<Integer> part = new ArrayList<>();
                for (int i = s; i < e; i++) {
                    part.add(i);
                }
                return part;
            });
            assertEquals(n, all.size());
            for (int i = 0; i < n; i++) {
                assertEquals(i, all.get(i));
            }
            List<Integer> chunks = pool.reduce(0, n, Schedule.staticChunks(10), List.of(), LoopsAndReductionsTest::concat,
                    (s, e) -> List.of(s));
            assertEquals(100, chunks.size());
            assertEquals(List.of(), pool.reduce(3, 3, List.of(), LoopsAndReductionsTest::concat, (s, e) -> List.of(s)));
        }
    }

    private static List<Integer> concat(List<Integer> a, List<Integer> b) {
        List<Integer> r = new ArrayList<>(a);
        r.addAll(b);
        return r;
    }

    @Test
    void manyTinyRegionsInARow() {
        try (TaskPool pool = new TaskPool(2)) {
            long[] counts = new long[2 * 16];
            long t0 = System.nanoTime();
            for (int r = 0; r < 100_000; r++) {
                pool.parallelFor(0, 2, (w, s, e) -> counts[w * 16] += e - s);
            }
            long perRegion = (System.nanoTime() - t0) / 100_000;
            assertEquals(200_000, counts[0] + counts[16]);
            System.out.println("tiny region round trip, 2 workers: " + perRegion + " ns");
            long t1 = System.nanoTime();
            long total = 0;
            for (int r = 0; r < 100_000; r++) {
                total += pool.sumLong(0, 4, i -> i);
            }
            assertEquals(600_000, total);
            System.out.println("tiny reduction round trip, 2 workers: " + (System.nanoTime() - t1) / 100_000 + " ns");
        }
    }

    @Test
    void barriersSeparatePhases() {
        try (TaskPool pool = new TaskPool(3)) {
            int phases = 2000;
            long[] slots = new long[3 * 16];
            int[] errors = new int[3 * 16];
            pool.parallel(region -> {
                int w = region.worker();
                for (int p = 1; p <= phases; p++) {
                    slots[w * 16] = p;
                    region.barrier();
                    for (int v = 0; v < region.workers(); v++) {
                        if (slots[v * 16] != p) {
                            errors[w * 16]++;
                        }
                    }
                    region.barrier();
                }
            });
            assertArrayEquals(new int[3 * 16], errors);
            int[] order = new int[1];
            pool.parallel(region -> region.master(() -> order[0] = 42));
            assertEquals(42, order[0]);
        }
    }

    @Test
    void regionBlocksMatchSplitter() {
        try (TaskPool pool = new TaskPool(2)) {
            int[] seen = new int[11];
            pool.parallel(region -> {
                for (int i = region.blockStart(0, 11); i < region.blockEnd(0, 11); i++) {
                    seen[i]++;
                }
            });
            assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, seen);
        }
    }

    @Test
    void criticalAndAtomics() {
        try (TaskPool pool = new TaskPool(3)) {
            Critical critical = new Critical();
            long[] plain = new long[1];
            double[] d = new double[1];
            long[] l = new long[3];
            double[] dm = {0, 0};
            pool.parallelForEach(0, 30_000, Schedule.dynamic(7), i -> {
                critical.run(() -> plain[0]++);
                Atomics.add(d, 0, 0.5);
                Atomics.add(l, 0, 2);
                Atomics.max(l, 1, i);
                Atomics.min(l, 2, -i);
                Atomics.max(dm, 0, i * 0.25);
                Atomics.min(dm, 1, -i * 0.25);
            });
            assertEquals(30_000, plain[0]);
            assertEquals(15_000.0, d[0], 0.0);
            assertEquals(60_000, l[0]);
            assertEquals(29_999, l[1]);
            assertEquals(-29_999, l[2]);
            assertEquals(29_999 * 0.25, dm[0], 0.0);
            assertEquals(-29_999 * 0.25, dm[1], 0.0);
            assertEquals(7, (int) critical.call(() -> 7));
        }
    }
}
