package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.LocalBootstrap;
import jmpi.tck.RecordingSink;

/** Strangers at a rank's listening socket are refused and logged; the job's own connections go on. */
@Timeout(30)
class TcpAuthenticationTest {
    private static final byte[] WRONG = "not the job's secret".getBytes(StandardCharsets.UTF_8);

    /** Polls {@code ep} until {@code f} is done (the endpoint only handles strangers while polled). */
    private static <T> T pollUntilDone(Endpoint ep, Future<T> f) throws Exception {
        RecordingSink sink = new RecordingSink(0);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!f.isDone()) {
            ep.poll(sink);
            Thread.onSpinWait();
            assertTrue(System.nanoTime() < deadline, "stranger not handled in time");
        }
        return f.get();
    }

    private static void assertJobStillWorks(Endpoint[] eps) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.tag = 42;
        f.data = MemorySegment.ofArray(new byte[] {1, 2, 3});
        eps[1].send(0, f);
        RecordingSink sink = new RecordingSink(0);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (sink.frames.isEmpty()) {
            eps[0].poll(sink);
            eps[1].poll(new RecordingSink(0));
            assertTrue(System.nanoTime() < deadline, "job's own frame did not arrive");
        }
        assertEquals(42, sink.frames.getFirst().tag);
        assertArrayEquals(new byte[] {1, 2, 3}, RecordingSink.payloadOf(sink.frames.getFirst()));
    }

    @Test
    void wrongSecretIsRefusedAndLogged() throws Exception {
        LocalBootstrap boot = new LocalBootstrap(3);
        Endpoint[] eps = TestJob.open(3, boot, Map.of());
        try (LogCapture log = new LogCapture();
             RawPeer rogue = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(1))))) {
            CompletableFuture<Boolean> refused = CompletableFuture.supplyAsync(() -> {
                try {
                    byte[] nonce = rogue.readChallenge(0);
                    rogue.respond(2, nonce, WRONG, TestJob.JOB); // claims to be rank 2, without the secret
                    return rogue.closedByOtherSide();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertTrue(pollUntilDone(eps[0], refused), "connection with the wrong secret not closed");
            assertTrue(log.contains("wrong authentication code"), "not logged: " + log.messages);
            assertJobStillWorks(eps);
            // The real rank 2 still talks to rank 0 too.
            Frame f = new Frame();
            f.kind = Frame.ACK;
            f.sendId = 7;
            eps[2].send(0, f);
            RecordingSink sink = new RecordingSink(0);
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (sink.frames.isEmpty()) {
                eps[0].poll(sink);
                eps[2].poll(new RecordingSink(0));
                assertTrue(System.nanoTime() < deadline);
            }
            assertEquals(2, sink.frames.getFirst().sender);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void rightSecretWrongJobIsRefused() throws Exception {
        LocalBootstrap boot = new LocalBootstrap(2);
        Endpoint[] eps = TestJob.open(2, boot, Map.of());
        try (LogCapture log = new LogCapture();
             RawPeer rogue = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(1))))) {
            CompletableFuture<Boolean> refused = CompletableFuture.supplyAsync(() -> {
                try {
                    rogue.respond(1, rogue.readChallenge(0), TestJob.SECRET, "another-job");
                    return rogue.closedByOtherSide();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertTrue(pollUntilDone(eps[0], refused));
            assertTrue(log.contains("refused connection"), "not logged: " + log.messages);
            assertJobStillWorks(eps);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /** A peer writing big-endian, or stating another data representation, is refused at connection time, saying why. */
    @Test
    void aPeerOfAnotherDataRepresentationIsRefusedNamingIt() throws Exception {
        LocalBootstrap boot = new LocalBootstrap(2);
        Endpoint[] eps = TestJob.open(2, boot, Map.of());
        try (LogCapture log = new LogCapture()) {
            for (Object[] c : new Object[][] {{java.nio.ByteOrder.BIG_ENDIAN, 0x0f, "big-endian"},
                    {java.nio.ByteOrder.LITTLE_ENDIAN, 0x0d, "data representation is 0xd"}}) {
                try (RawPeer other = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(1))))) {
                    CompletableFuture<Boolean> refused = CompletableFuture.supplyAsync(() -> {
                        try {
                            other.respond(1, other.readChallenge(0), TestJob.SECRET, TestJob.JOB, (java.nio.ByteOrder) c[0], (int) c[1]);
                            return other.closedByOtherSide();
                        } catch (Exception e) {
                            throw new RuntimeException(e);
                        }
                    });
                    assertTrue(pollUntilDone(eps[0], refused), "a peer of another representation was not refused");
                    assertTrue(log.contains((String) c[2]), "not logged: " + log.messages);
                }
            }
            assertJobStillWorks(eps);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void strayGarbageIsDroppedAndLogged() throws Exception {
        LocalBootstrap boot = new LocalBootstrap(2);
        Endpoint[] eps = TestJob.open(2, boot, Map.of());
        try (LogCapture log = new LogCapture();
             RawPeer stray = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(1))))) {
            CompletableFuture<Boolean> dropped = CompletableFuture.supplyAsync(() -> {
                try {
                    stray.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n".repeat(4).getBytes(StandardCharsets.US_ASCII));
                    return stray.closedByOtherSide();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertTrue(pollUntilDone(eps[0], dropped), "garbage connection not closed");
            assertTrue(log.contains("bad magic"), "not logged: " + log.messages);
            assertJobStillWorks(eps);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void silentStrayIsDroppedAfterTheHandshakeTime() throws Exception {
        LocalBootstrap boot = new LocalBootstrap(2);
        Endpoint[] eps = TestJob.open(2, boot, Map.of(TcpConfig.HANDSHAKE_MILLIS, "300"));
        try (LogCapture log = new LogCapture();
             RawPeer stray = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(1))))) {
            long t0 = System.nanoTime();
            CompletableFuture<Boolean> dropped = CompletableFuture.supplyAsync(() -> {
                try {
                    stray.readChallenge(0);
                    return stray.closedByOtherSide();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            assertTrue(pollUntilDone(eps[0], dropped), "silent connection not closed");
            long ms = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(ms >= 250 && ms < 5_000, "dropped after " + ms + " ms");
            assertTrue(log.contains("not completed within 300 ms"), "not logged: " + log.messages);
            assertJobStillWorks(eps);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
