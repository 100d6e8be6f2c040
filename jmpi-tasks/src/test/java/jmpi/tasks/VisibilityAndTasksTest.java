package jmpi.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class VisibilityAndTasksTest {
    /** Plain (non-volatile) data: only the pool's hand-offs make it visible. */
    private int stamp;
    private final int[] data = new int[64];

    @Test
    void workersSeeTheCallersWritesAndTheCallerSeesTheirs() {
        try (TaskPool pool = new TaskPool(2)) {
            int[] wrong = new int[2 * 16];
            for (int round = 1; round <= 20_000; round++) {
                stamp = round;
                for (int i = 0; i < data.length; i++) {
                    data[i] = round;
                }
                int expect = round;
                pool.parallelFor(0, data.length, Schedule.staticChunks(8), (w, s, e) -> {
                    if (stamp != expect) {
                        wrong[w * 16]++;
                    }
                    for (int i = s; i < e; i++) {
                        if (data[i] != expect) {
                            wrong[w * 16]++;
                        }
                        data[i] = -expect;
                    }
                });
                for (int i = 0; i < data.length; i++) {
                    assertEquals(-round, data[i], "round " + round);
                }
            }
            assertEquals(0, wrong[0] + wrong[16], "a worker read a stale value");
        }
    }

    /** The ParJava paper's task (Akopyan, Proc. ISP RAS 2015), Fig. 3. */
    static final class LoopTask extends Task {
        private double[] a;
        private double[] b;

        void setParams(int loopStart, int loopEnd, double[] a, double[] b) {
            setRange(loopStart, loopEnd);
            this.a = a;
            this.b = b;
        }

        @Override
        public void run() {
            for (int i = loopStart; i < loopEnd; i++) {
                a[i] = b[i] + i;
            }
        }
    }

    @Test
    void theParJavaModelRunsAndIsVisibleAfterWaitForAll() {
        try (TaskPool pool = new TaskPool(2)) {
            int n = 10_001;
            int m = 4;
            LoopTask[] tasks = new LoopTask[m];
            for (int k = 0; k < m; k++) {
                tasks[k] = new LoopTask();
            }
            double[] a = new double[n];
            double[] b = new double[n];
            for (int round = 0; round < 2000; round++) {
                for (int i = 0; i < n; i += 97) {
                    b[i] = round;
                }
                for (int k = 0; k < m; k++) {
                    tasks[k].setParams(Splitter.start(0, n, m, k), Splitter.end(0, n, m, k), a, b);
                    pool.setTask(tasks[k]);
                }
                pool.waitForAll();
                for (int i = 0; i < n; i += 97) {
                    assertEquals(round + i, a[i], 0.0);
                }
            }
        }
    }

    @Test
    void moreTasksThanTheQueueHolds() {
        try (TaskPool pool = new TaskPool(3)) {
            int n = 20_000;
            long[] out = new long[n];
            for (int k = 0; k < n; k++) {
                int kk = k;
                pool.submit(new Task() {
                    @Override
                    public void run() {
                        out[kk] = kk + 1L;
                    }
                });
            }
            pool.waitForAll();
            long sum = 0;
            for (long v : out) {
                sum += v;
            }
            assertEquals((long) n * (n + 1) / 2, sum);
        }
    }

    @Test
    void aOneWorkerPoolRunsEverythingOnTheCaller() {
        try (TaskPool pool = new TaskPool(1)) {
            Thread me = Thread.currentThread();
            Thread[] ran = new Thread[1];
            pool.parallelFor(0, 10, (s, e) -> ran[0] = Thread.currentThread());
            assertEquals(me, ran[0]);
            pool.submit(new Task() {
                @Override
                public void run() {
                    ran[0] = null;
                }
            });
            pool.waitForAll();
            assertEquals(null, ran[0]);
        }
    }

    @Test
    void regionsAfterAnIdlePauseStillStart() throws InterruptedException {
        try (TaskPool pool = new TaskPool(2)) {
            for (int i = 0; i < 5; i++) {
                Thread.sleep(30); // workers are parked by now
                assertEquals(45L, pool.sumLong(0, 10, k -> k));
            }
        }
    }
}
