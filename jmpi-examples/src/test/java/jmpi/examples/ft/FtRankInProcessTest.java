package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jmpi.tasks.TaskPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs {@link FtRank} as P ranks on threads of this JVM, with an {@link FtExchange} made of shared
 * arrays and a barrier: the slab decomposition and the transposes the MPI version will use, checked
 * against NPB's checksums before any collective exists.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FtRankInProcessTest {
    /** Alltoallv and Allreduce among P threads: each publishes its buffer, all copy, all wait. */
    static final class SharedExchange {
        final int size;
        final CyclicBarrier barrier;
        final double[][] sends;
        final int[][] sendCounts;
        final int[][] sendDispls;
        final double[][] sums;

        SharedExchange(int size) {
            this.size = size;
            barrier = new CyclicBarrier(size);
            sends = new double[size][];
            sendCounts = new int[size][];
            sendDispls = new int[size][];
            sums = new double[size][];
        }

        FtExchange rank(int me) {
            return new FtExchange() {
                @Override
                public int rank() {
                    return me;
                }

                @Override
                public int size() {
                    return size;
                }

                @Override
                public void alltoallv(double[] send, int[] sc, int[] sd, double[] recv, int[] rc, int[] rd) {
                    sends[me] = send;
                    sendCounts[me] = sc;
                    sendDispls[me] = sd;
                    await();
                    for (int s = 0; s < size; s++) {
                        assertEquals(sendCounts[s][me], rc[s], "counts agree");
                        System.arraycopy(sends[s], sendDispls[s][me], recv, rd[s], rc[s]);
                    }
                    await();
                }

                @Override
                public void allreduceSum(double[] values) {
                    sums[me] = values.clone();
                    await();
                    for (int i = 0; i < values.length; i++) {
                        double t = 0;
                        for (int s = 0; s < size; s++) {
                            t += sums[s][i];
                        }
                        values[i] = t;
                    }
                    await();
                }
            };
        }

        private void await() {
            try {
                barrier.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException | BrokenBarrierException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    static List<FtSolver.Result> runRanks(FtClass cls, int ranks, int threadsPerRank) throws Exception {
        SharedExchange shared = new SharedExchange(ranks);
        ExecutorService exec = Executors.newFixedThreadPool(ranks);
        try {
            List<Future<FtSolver.Result>> futures = new ArrayList<>();
            for (int r = 0; r < ranks; r++) {
                FtExchange ex = shared.rank(r);
                futures.add(exec.submit(() -> {
                    if (threadsPerRank == 1) {
                        return new FtRank(cls, ex, null).run();
                    }
                    try (TaskPool pool = new TaskPool(threadsPerRank)) {
                        return new FtRank(cls, ex, pool).run();
                    }
                }));
            }
            List<FtSolver.Result> results = new ArrayList<>();
            for (Future<FtSolver.Result> f : futures) {
                results.add(f.get(100, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            exec.shutdownNow();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void classSVerifiesOnPSimulatedRanks(int ranks) throws Exception {
        List<FtSolver.Result> results = runRanks(FtClass.S, ranks, 1); // 3 ranks: uneven slabs (64 = 22+21+21)
        for (FtSolver.Result r : results) {
            assertTrue(r.verified(), () -> ranks + " ranks: " + java.util.Arrays.deepToString(r.checksums()));
            assertArrayEquals(results.get(0).checksums()[5], r.checksums()[5], 0.0, "every rank has the global sums");
        }
    }

    @Test
    void classSVerifiesOnTwoRanksOfTwoThreads() throws Exception {
        for (FtSolver.Result r : runRanks(FtClass.S, 2, 2)) {
            assertTrue(r.verified());
            assertEquals(2, r.threads());
        }
    }

    @Test
    void transposesRoundTrip() {
        int nx = 4;
        int ny = 6;
        int nz = 5;
        int p = 3;
        SlabTranspose[] t = new SlabTranspose[p];
        double[][] z = new double[p][];
        double[][] y = new double[p][];
        for (int r = 0; r < p; r++) {
            t[r] = new SlabTranspose(nx, ny, nz, p, r);
            Box zb = t[r].zBox(r);
            z[r] = new double[zb.doubles()];
            for (int k = zb.z0(); k < zb.z0() + zb.zn(); k++) {
                for (int j = 0; j < ny; j++) {
                    for (int i = 0; i < nx; i++) {
                        z[r][2 * zb.index(i, j, k)] = i + 10 * j + 100 * k;
                        z[r][2 * zb.index(i, j, k) + 1] = -(i + 10 * j + 100 * k);
                    }
                }
            }
            y[r] = new double[t[r].yBox(r).doubles()];
        }
        double[][] send = new double[p][];
        for (int r = 0; r < p; r++) {
            send[r] = new double[t[r].bufferDoubles()];
            t[r].packZToY(z[r], send[r], 0, p);
        }
        for (int r = 0; r < p; r++) {
            double[] recv = new double[t[r].bufferDoubles()];
            for (int s = 0; s < p; s++) {
                System.arraycopy(send[s], t[s].zToYSendDispls()[r], recv, t[r].zToYRecvDispls()[s], t[r].zToYRecvCounts()[s]);
            }
            t[r].unpackZToY(recv, y[r], 0, p);
            Box yb = t[r].yBox(r);
            for (int k = 0; k < nz; k++) {
                for (int j = yb.y0(); j < yb.y0() + yb.yn(); j++) {
                    for (int i = 0; i < nx; i++) {
                        assertEquals(i + 10 * j + 100 * k, y[r][2 * yb.index(i, j, k)], 0.0);
                        assertEquals(-(i + 10 * j + 100 * k), y[r][2 * yb.index(i, j, k) + 1], 0.0);
                    }
                }
            }
        }
        for (int r = 0; r < p; r++) {
            send[r] = new double[t[r].bufferDoubles()];
            t[r].packYToZ(y[r], send[r], 0, p);
        }
        for (int r = 0; r < p; r++) {
            double[] recv = new double[t[r].bufferDoubles()];
            for (int s = 0; s < p; s++) {
                System.arraycopy(send[s], t[s].zToYRecvDispls()[r], recv, t[r].zToYSendDispls()[s], t[r].zToYSendCounts()[s]);
            }
            double[] back = new double[z[r].length];
            t[r].unpackYToZ(recv, back, 0, p);
            assertArrayEquals(z[r], back, 0.0, "rank " + r + " gets its z-slab back");
        }
    }
}
