package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;
import jmpi.tck.TestRankEnv;
import jmpi.transport.threads.ThreadsFabric;

/**
 * Engines of two or three ranks over the in-JVM transport, one thread per rank: matching through
 * the whole engine, the protocols end to end (both the same-JVM frames and the byte protocol, the
 * transport encoding frames), and the agreement on context ids.
 */
@Timeout(60)
class EngineTest {
    /** Runs {@code body} on every rank of a fresh fabric, each on its own thread; returns their results. */
    private static <T> List<T> run(int size, boolean encode, Function<Engine, T> body) throws Exception {
        ThreadsFabric fabric = new ThreadsFabric(size, encode);
        ExecutorService pool = Executors.newFixedThreadPool(size);
        try {
            List<CompletableFuture<T>> ranks = new ArrayList<>();
            for (int r = 0; r < size; r++) {
                int rank = r;
                ranks.add(CompletableFuture.supplyAsync(() -> {
                    Engine e = new Engine(new TestRankEnv(rank, size, fabric.endpoint(rank)), EngineTest.class.getClassLoader());
                    T result = body.apply(e);
                    e.finish();
                    return result;
                }, pool));
            }
            List<T> results = new ArrayList<>();
            for (CompletableFuture<T> f : ranks) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static SendRequest send(Engine e, Object buf, int n, BasicType type, int dest, int tag, SendMode mode) {
        return e.isend(e.world(), Envelope.of(e.world(), dest, tag), Message.of(buf, 0, n, type), mode);
    }

    private static RecvRequest recv(Engine e, Object buf, int n, BasicType type, int source, int tag) {
        return e.irecv(e.world(), Envelope.of(e.world(), source, tag), Message.of(buf, 0, n, type));
    }

    @Test
    void unexpectedMessagesOfOnePairAreReceivedInOrderWhateverTheirSizeAndMode() throws Exception {
        for (boolean encode : new boolean[] {false, true}) {
            // Small (fastbox), eager, rendezvous and synchronous messages from one sender keep their order.
            int[] sizes = {1, 100, 20_000, 3};
            SendMode[] modes = {SendMode.STANDARD, SendMode.STANDARD, SendMode.STANDARD, SendMode.SYNCHRONOUS};
            List<int[]> got = run(2, encode, e -> {
                int[] tags = new int[sizes.length];
                if (e.worldRank() == 1) {
                    List<SendRequest> sends = new ArrayList<>();
                    for (int i = 0; i < sizes.length; i++) {
                        int[] data = new int[sizes[i]];
                        java.util.Arrays.fill(data, i);
                        sends.add(send(e, data, data.length, BasicType.INT, 0, 10 + i, modes[i]));
                    }
                    e.barrier(e.world()); // every message sent (or announced) before any receive
                    sends.forEach(e::await);
                } else {
                    e.barrier(e.world());
                    for (int i = 0; i < sizes.length; i++) {
                        int[] into = new int[20_000];
                        RecvRequest r = recv(e, into, into.length, BasicType.INT, Engine.ANY_SOURCE, Engine.ANY_TAG);
                        e.await(r);
                        r.throwIfFailed();
                        assertEquals(sizes[i], r.count());
                        assertEquals(1, r.source());
                        assertEquals(i, into[sizes[i] - 1]);
                        tags[i] = r.tag();
                    }
                }
                return tags;
            });
            assertArrayEquals(new int[] {10, 11, 12, 13}, got.get(0), "encode=" + encode);
        }
    }

    @Test
    void aProbeSeesTheEnvelopeAndACancelledReceiveNeverMatches() throws Exception {
        run(2, false, e -> {
            if (e.worldRank() == 0) {
                RecvRequest cancelled = recv(e, new int[1], 1, BasicType.INT, 1, 5);
                assertTrue(e.cancel(cancelled));
                assertTrue(cancelled.cancelled());
                assertNull(e.iprobe(e.world(), 1, 6));
                e.barrier(e.world());
                ProbeStatus p = e.probe(e.world(), Engine.ANY_SOURCE, 5);
                assertEquals(1, p.source());
                assertEquals(2, p.count());
                assertEquals(BasicType.LONG.code(), p.typeCode());
                long[] into = new long[2];
                RecvRequest r = recv(e, into, 2, BasicType.LONG, 1, 5);
                e.await(r);
                assertArrayEquals(new long[] {7, 8}, into);
            } else {
                e.barrier(e.world());
                e.await(send(e, new long[] {7, 8}, 2, BasicType.LONG, 0, 5, SendMode.STANDARD));
            }
            return null;
        });
    }

    @Test
    void aLargeDerivedTypeTravelsThroughBothPlansOrGatheredOverBytes() throws Exception {
        // Blocks of 64 doubles every 128: wide enough to be read in place between threads.
        PackPlan plan = PackPlan.compile(TypeMap.vector(200, 64, 128, TypeMap.of(BasicType.DOUBLE)));
        for (boolean encode : new boolean[] {false, true}) {
            run(2, encode, e -> {
                double[] buf = new double[200 * 128];
                if (e.worldRank() == 0) {
                    for (int i = 0; i < buf.length; i++) {
                        buf[i] = i;
                    }
                    e.await(e.isend(e.world(), Envelope.of(e.world(), 1, 0),
                            new Message(buf, 0, 1, BasicType.DOUBLE, plan), SendMode.STANDARD));
                } else {
                    RecvRequest r = e.irecv(e.world(), Envelope.of(e.world(), 0, 0),
                            new Message(buf, 0, 1, BasicType.DOUBLE, plan));
                    e.await(r);
                    r.throwIfFailed();
                    assertEquals(200 * 64, r.count());
                    for (int i = 0; i < buf.length; i++) {
                        assertEquals(i % 128 < 64 ? i : 0, buf[i], "element " + i);
                    }
                }
                return null;
            });
        }
    }

    @Test
    void theMembersOfACommunicatorAgreeOnItsContexts() throws Exception {
        List<int[]> contexts = run(3, false, e -> {
            CoreComm a = e.dup(e.world());
            CoreComm b = e.split(e.world(), e.worldRank() % 2, 0, -1);
            int[] seen = {a.context(), b.context(), 0};
            e.free(a);
            CoreComm c = e.dup(e.world());
            seen[2] = c.context();
            return seen;
        });
        int[] first = contexts.get(0);
        for (int[] c : contexts) {
            assertEquals(first[0], c[0], "dup agrees");
            assertEquals(first[2], c[2], "the dup after a free agrees");
            assertNotEquals(0, c[0], "not the world's");
            assertNotEquals(c[0], c[1]);
            assertEquals(0, c[0] % 2, "even: the odd one above carries the collectives");
        }
        assertEquals(contexts.get(0)[1], contexts.get(2)[1], "ranks 0 and 2 split into one communicator");
    }

    @Test
    void aFreedCommunicatorIsNoLongerFoundByItsContext() throws Exception {
        run(2, false, e -> {
            Communicators comms = e.communicators();
            CoreComm a = e.dup(e.world());
            assertSame(a, comms.byContext(a.context()), "found by its point-to-point context");
            assertSame(a, comms.byContext(a.context() | 1), "and by its collective context (the last answer)");
            e.free(a);
            assertNull(comms.byContext(a.context()), "a freed communicator, just looked up");
            CoreComm b = e.split(e.world(), 0, e.worldRank(), -1);
            assertSame(b, comms.byContext(b.context()), "the next communicator (the freed context again: "
                    + (a.context() == b.context()) + ")");
            assertSame(e.world(), comms.byContext(e.world().context()));
            assertSame(b, comms.byContext(b.context()));
            e.free(b);
            assertNull(comms.byContext(b.context()));
            return null;
        });
    }

    @Test
    void aMessageToTheNullRankCompletesAtOnce() throws Exception {
        run(1, false, e -> {
            SendRequest s = send(e, new int[1], 1, BasicType.INT, Engine.PROC_NULL, 0, SendMode.SYNCHRONOUS);
            assertTrue(s.isDone());
            RecvRequest r = recv(e, new int[1], 1, BasicType.INT, Engine.PROC_NULL, 0);
            assertTrue(r.isDone());
            assertEquals(Engine.PROC_NULL, r.source());
            assertSame(ErrorClass.SUCCESS, r.error());
            return null;
        });
    }
}
