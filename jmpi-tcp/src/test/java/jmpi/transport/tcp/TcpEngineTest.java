package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.Message;
import jmpi.core.RecvRequest;
import jmpi.core.SendMode;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;
import jmpi.spi.Endpoint;
import jmpi.tck.TestRankEnv;

/**
 * The engine's byte protocols (eager, synchronous eager, rendezvous RTS/CTS/DATA) over tcp
 * endpoints: two ranks as threads, each with its own engine, ping-ponging messages of every size.
 */
@Timeout(60)
class TcpEngineTest {
    private static double[] values(int n, int seed) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = seed * 1e6 + i;
        }
        return d;
    }

    @Test
    void pingPongOfEverySizeAndMode() throws Exception {
        Endpoint[] eps = TestJob.open(2);
        int[] sizes = {0, 1, 100, 2048, 2049, 100_000, 1_000_000};
        SendMode[] modes = {SendMode.STANDARD, SendMode.SYNCHRONOUS};
        try {
            List<CompletableFuture<Void>> ranks = new ArrayList<>();
            java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
            for (int r = 0; r < 2; r++) {
                int me = r;
                ranks.add(CompletableFuture.runAsync(() -> {
                    Engine engine = new Engine(new TestRankEnv(me, 2, eps[me]), TcpEngineTest.class.getClassLoader());
                    int other = 1 - me;
                    int round = 0;
                    for (SendMode mode : modes) {
                        for (int n : sizes) {
                            round++;
                            if (me == 0) {
                                SendRequest s = engine.isend(engine.world(), Envelope.of(engine.world(), other, round),
                                        Message.of(values(n, round), 0, n, BasicType.DOUBLE), mode);
                                engine.await(s);
                                s.throwIfFailed();
                            }
                            double[] got = new double[n];
                            RecvRequest rr = engine.irecv(engine.world(), Envelope.of(engine.world(), other, round),
                                    Message.of(got, 0, n, BasicType.DOUBLE));
                            engine.await(rr);
                            rr.throwIfFailed();
                            assertEquals(n, rr.count());
                            assertArrayEquals(values(n, round), got, "round " + round + " at rank " + me);
                            if (me == 1) {
                                SendRequest s = engine.isend(engine.world(), Envelope.of(engine.world(), other, round),
                                        Message.of(got, 0, n, BasicType.DOUBLE), mode);
                                engine.await(s);
                                s.throwIfFailed();
                            }
                        }
                    }
                }, threads)); // one thread per rank (the common pool may have only one on two cores)
            }
            try {
                for (CompletableFuture<Void> r : ranks) {
                    r.get(50, TimeUnit.SECONDS);
                }
            } finally {
                threads.shutdownNow();
            }
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
