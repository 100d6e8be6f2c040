package jmpi.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FailuresTest {
    @Test
    void aLoopFailureReachesTheCallerAndThePoolStaysUsable() {
        try (TaskPool pool = new TaskPool(2)) {
            IllegalArgumentException boom = new IllegalArgumentException("boom");
            IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                    () -> pool.parallelFor(0, 100, (s, e) -> {
                        if (s <= 70 && 70 < e) {
                            throw boom;
                        }
                    }));
            assertSame(boom, thrown);
            assertEquals(4950L, pool.sumLong(0, 100, i -> i), "usable after a failure");
        }
    }

    @Test
    void laterFailuresAreSuppressedIntoTheFirst() {
        try (TaskPool pool = new TaskPool(2)) {
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> pool.parallel(region -> {
                throw new IllegalStateException("worker " + region.worker());
            }));
            assertEquals(1, thrown.getSuppressed().length);
            assertTrue(thrown.getMessage().startsWith("worker "));
        }
    }

    @Test
    void errorsAndCheckedExceptionsPropagate() {
        try (TaskPool pool = new TaskPool(2)) {
            assertThrows(AssertionError.class, () -> pool.parallelFor(0, 2, (w, s, e) -> {
                if (w == 1) {
                    throw new AssertionError("from worker 1");
                }
            }));
            TaskFailedException wrapped = assertThrows(TaskFailedException.class,
                    () -> pool.parallelFor(0, 2, (s, e) -> sneaky(new java.io.IOException("checked"))));
            assertEquals("checked", wrapped.getCause().getMessage());
            assertThrows(ArithmeticException.class, () -> pool.sumDouble(0, 10, i -> 1 / (i - 7)));
            assertThrows(ArithmeticException.class, () -> pool.reduce(0, 10, 0, Integer::sum, (s, e) -> 1 / (s - s)));
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Throwable> void sneaky(Throwable t) throws T {
        throw (T) t;
    }

    @Test
    void aFailureBeforeABarrierDoesNotHangTheOthers() {
        try (TaskPool pool = new TaskPool(3)) {
            UnsupportedOperationException thrown = assertThrows(UnsupportedOperationException.class,
                    () -> pool.parallel(region -> {
                        if (region.worker() == 2) {
                            throw new UnsupportedOperationException("worker 2 fails before the barrier");
                        }
                        region.barrier();
                    }));
            assertEquals(0, thrown.getSuppressed().length, "the aborted barriers are consequences, not failures");
            int[] passes = new int[1];
            pool.parallel(region -> {
                region.barrier();
                region.master(() -> passes[0]++);
            });
            assertEquals(1, passes[0], "barriers work again in the next region");
        }
    }

    @Test
    void dynamicLoopsStopHandingOutChunksAfterAFailure() {
        try (TaskPool pool = new TaskPool(2)) {
            int[] ran = new int[1];
            assertThrows(IllegalStateException.class, () -> pool.parallelFor(0, 1_000_000, Schedule.dynamic(1), (w, s, e) -> {
                if (w == 0) {
                    ran[0]++;
                }
                if (s == 10) {
                    throw new IllegalStateException("stop");
                }
            }));
            assertTrue(ran[0] < 1_000_000);
        }
    }

    @Test
    void nestedUseIsRefusedClearly() {
        try (TaskPool pool = new TaskPool(2)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> pool.parallelFor(0, 2, (s, e2) -> pool.parallelFor(0, 2, (a, b) -> { })));
            assertTrue(e.getMessage().contains("nested"), e.getMessage());
            IllegalStateException inRegion = assertThrows(IllegalStateException.class,
                    () -> pool.parallel(r -> pool.sumLong(0, 2, i -> i)));
            assertTrue(inRegion.getMessage().contains("nested"), inRegion.getMessage());
            // A second pool inside is fine.
            try (TaskPool inner = new TaskPool(2)) {
                long[] sums = new long[2 * 16];
                pool.parallelFor(0, 2, (w, s, e2) -> sums[w * 16] = inner == null ? 0 : 1);
                assertEquals(1, sums[0]);
            }
            assertEquals(1L, pool.sumLong(0, 2, i -> i), "usable after refusing nested use");
        }
    }

    @Test
    void aSecondThreadIsRefusedWhileTheFirstDrives() throws Exception {
        try (TaskPool pool = new TaskPool(2)) {
            CountDownLatch inside = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread driver = new Thread(() -> pool.parallel(r -> {
                if (r.worker() == 0) {
                    inside.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new RuntimeException(e);
                    }
                }
            }));
            driver.start();
            inside.await();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.parallelFor(0, 1, (a, b) -> { }));
            assertTrue(e.getMessage().contains("in use by thread"), e.getMessage());
            release.countDown();
            driver.join();
            assertEquals(1L, pool.sumLong(0, 2, i -> i));
        }
    }

    @Test
    void tasksFailuresArriveAtWaitForAll() {
        try (TaskPool pool = new TaskPool(2)) {
            int[] done = new int[10];
            for (int k = 0; k < 10; k++) {
                int kk = k;
                pool.submit(new Task() {
                    @Override
                    public void run() {
                        done[kk] = 1;
                        if (kk == 3 || kk == 6) {
                            throw new IllegalStateException("task " + kk);
                        }
                    }
                });
            }
            IllegalStateException e = assertThrows(IllegalStateException.class, pool::waitForAll);
            assertEquals(1, e.getSuppressed().length);
            assertEquals(10, java.util.Arrays.stream(done).sum(), "every task ran despite the failures");
            pool.waitForAll(); // nothing pending: returns
            assertEquals(1L, pool.sumLong(0, 2, i -> i));
        }
    }

    @Test
    void tasksAndRegionsDoNotMix() {
        try (TaskPool pool = new TaskPool(2)) {
            pool.submit(new Task() {
                @Override
                public void run() {
                }
            });
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.parallelFor(0, 2, (a, b) -> { }));
            assertTrue(e.getMessage().contains("waitForAll"), e.getMessage());
            pool.waitForAll();
            AtomicReference<Throwable> inner = new AtomicReference<>();
            pool.submit(new Task() {
                @Override
                public void run() {
                    try {
                        pool.submit(this);
                    } catch (IllegalStateException x) {
                        inner.set(x);
                    }
                }
            });
            pool.waitForAll();
            assertTrue(inner.get() instanceof IllegalStateException, "a task cannot submit to its own pool");
        }
    }

    @Test
    void closeStopsTheWorkersAndRefusesLaterUse() {
        TaskPool pool = new TaskPool(3);
        assertEquals(3L, pool.sumLong(0, 3, i -> i));
        pool.close();
        pool.close();
        assertTrue(pool.isClosed());
        assertThrows(IllegalStateException.class, () -> pool.parallelFor(0, 2, (a, b) -> { }));
        assertThrows(IllegalStateException.class, () -> pool.submit(new Task() {
            @Override
            public void run() {
            }
        }));
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("jmpi-tasks-") && t.isAlive()) {
                // other tests' pools may be alive; ours were joined by close
                assertTrue(t.isDaemon());
            }
        }
    }

    @Test
    void badSizesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new TaskPool(0));
        assertThrows(IllegalArgumentException.class, () -> Schedule.dynamic(0));
        assertThrows(IllegalArgumentException.class, () -> Schedule.guided(-1));
    }
}
