package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.BootstrapClient;
import jmpi.launcher.BootstrapServer;

/** The launcher's bootstrap service with real TCP clients in threads of this JVM. */
@Timeout(30)
class ProcessBootstrapTest {
    private static final Duration T = Duration.ofSeconds(10);
    private final byte[] secret = new byte[32];
    private final ConcurrentLinkedQueue<String> events = new ConcurrentLinkedQueue<>();
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private final CopyOnWriteArrayList<LogRecord> warnings = new CopyOnWriteArrayList<>();
    private final Logger serverLog = Logger.getLogger(BootstrapServer.class.getName());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            warnings.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };
    private BootstrapServer server;

    @BeforeEach
    void start() throws IOException {
        for (int i = 0; i < secret.length; i++) {
            secret[i] = (byte) (i * 7 + 3);
        }
        serverLog.addHandler(capture);
        serverLog.setUseParentHandlers(false); // the refusals below are expected: keep them off the console
        server = BootstrapServer.start(InetAddress.getLoopbackAddress(), 3, secret, new BootstrapServer.Events() {
            @Override
            public void connected(int rank) {
                events.add("connected " + rank);
            }

            @Override
            public void finalized(int rank) {
                events.add("finalized " + rank);
            }

            @Override
            public void aborted(int rank, int exitCode, String reason) {
                events.add("aborted " + rank + " " + exitCode + " " + reason);
            }
        });
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : toClose) {
            c.close();
        }
        server.close();
        serverLog.removeHandler(capture);
        serverLog.setUseParentHandlers(true);
    }

    private BootstrapClient client(int rank) throws IOException {
        BootstrapClient c = BootstrapClient.connect(server.address(), rank, secret, T);
        toClose.add(c);
        return c;
    }

    @Test
    void putGetAndFenceAcrossRanks() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int r = 0; r < 3; r++) {
                int rank = r;
                results.add(pool.submit(() -> {
                    BootstrapClient c = client(rank);
                    assertEquals(3, c.size());
                    c.put("addr." + rank, "host-" + rank + " port " + (1000 + rank));
                    c.fence(T);
                    StringBuilder seen = new StringBuilder();
                    for (int p = 0; p < 3; p++) {
                        seen.append(c.get("addr." + p, T)).append(';');
                    }
                    c.fence(T); // a second round works too
                    return seen.toString();
                }));
            }
            for (Future<String> f : results) {
                assertEquals("host-0 port 1000;host-1 port 1001;host-2 port 1002;", f.get(20, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(events.containsAll(List.of("connected 0", "connected 1", "connected 2")), events.toString());
    }

    @Test
    void getWaitsForALaterPutAndTimesOut() throws Exception {
        BootstrapClient a = client(0);
        BootstrapClient b = client(1);
        Thread putter = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            b.put("late", "");
        });
        assertEquals("", a.get("late", T));
        putter.join();
        IllegalStateException timeout = assertThrows(IllegalStateException.class, () -> a.get("never", Duration.ofMillis(100)));
        assertTrue(timeout.getMessage().contains("timed out"), timeout.getMessage());
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> b.put("late", "again"));
        assertTrue(twice.getMessage().contains("already put"), twice.getMessage());
        assertThrows(IllegalArgumentException.class, () -> a.put("has space", "v"));
        assertThrows(IllegalArgumentException.class, () -> a.put("k", "two\nlines"));
    }

    @Test
    void finalizedAndAbortReachTheLauncherAndTheBroadcastReachesRanks() throws Exception {
        BootstrapClient a = client(0);
        BootstrapClient b = client(1);
        a.finalized();
        assertTrue(events.contains("finalized 0"), events.toString());
        IllegalStateException[] seen = new IllegalStateException[1];
        Thread waiter = Thread.ofVirtual().start(() -> seen[0] = assertThrows(IllegalStateException.class, () -> b.get("nobody", T)));
        Thread.sleep(100);
        b.abort(5, "rank one gives up");
        assertTrue(events.contains("aborted 1 5 rank one gives up"), events.toString());
        assertTrue(b.aborted());
        server.broadcastAbort("rank 1 failed: rank one gives up");
        long until = System.nanoTime() + T.toNanos();
        while (!a.aborted() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertTrue(a.aborted());
        assertEquals("rank 1 failed: rank one gives up", a.abortReason());
        waiter.join(T.toMillis());
        assertTrue(seen[0] != null && seen[0].getMessage().contains("aborted"), String.valueOf(seen[0]));
        BootstrapClient late = client(2);
        until = System.nanoTime() + T.toNanos();
        while (!late.aborted() && System.nanoTime() < until) {
            Thread.sleep(5);
        }
        assertTrue(late.aborted(), "a rank connecting after the abort hears of it");
    }

    @Test
    void aWrongSecretIsRefusedAndLoggedWhileTheOthersGoOn() throws Exception {
        BootstrapClient good = client(0);
        byte[] wrong = secret.clone();
        wrong[0] ^= 1;
        IOException refused = assertThrows(IOException.class, () -> BootstrapClient.connect(server.address(), 1, wrong, T));
        assertTrue(refused.getMessage().contains("refused"), refused.getMessage());
        assertTrue(warnings.stream().anyMatch(w -> String.valueOf(w.getMessage()).contains("wrong secret")
                || formatted(w).contains("wrong secret")), "logged: " + warnings);
        BootstrapClient other = client(1); // the refused attempt did not take rank 1's place
        good.put("k", "v");
        assertEquals("v", other.get("k", T));
        IOException duplicate = assertThrows(IOException.class, () -> BootstrapClient.connect(server.address(), 0, secret, T));
        assertTrue(duplicate.getMessage().contains("already connected"), duplicate.getMessage());
        IOException outside = assertThrows(IOException.class, () -> BootstrapClient.connect(server.address(), 3, secret, T));
        assertTrue(outside.getMessage().contains("not in 0..2"), outside.getMessage());
    }

    @Test
    void garbageClosesOnlyThatConnection() throws Exception {
        BootstrapClient good = client(0);
        // Before authenticating: not a hello.
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            BufferedReader in = reader(s);
            assertTrue(in.readLine().startsWith("jmpi-boot 1 "));
            send(s, "GET / HTTP/1.1\n");
            assertEquals(null, in.readLine(), "the server closes the connection");
        }
        // A line longer than the limit, without a newline.
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            BufferedReader in = reader(s);
            in.readLine();
            byte[] junk = new byte[20_000];
            java.util.Arrays.fill(junk, (byte) 'x');
            try {
                s.getOutputStream().write(junk);
            } catch (IOException closedMeanwhile) {
                // The server may close before all of it is written: that is the point.
            }
            assertEquals(null, in.readLine());
        }
        // After authenticating (by hand, as docs/BOOTSTRAP.md describes): an unknown request.
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            BufferedReader in = reader(s);
            String serverNonce = in.readLine().substring("jmpi-boot 1 ".length());
            String clientNonce = "00112233445566778899aabbccddeeff";
            send(s, "hello 2 " + clientNonce + " " + hmac("client|" + serverNonce + "|" + clientNonce + "|2") + "\n");
            assertEquals("welcome 3 " + hmac("server|" + serverNonce + "|" + clientNonce + "|2"), in.readLine());
            send(s, "put 1 key value with spaces\n");
            assertEquals("ok 1", in.readLine());
            send(s, "frobnicate 2\n");
            assertEquals(null, in.readLine());
        }
        assertTrue(warnings.stream().anyMatch(w -> formatted(w).contains("unknown request")), "logged: " + warnings);
        assertEquals("value with spaces", good.get("key", T));
        good.put("still", "working");
        assertFalse(good.aborted());
    }

    private static String formatted(LogRecord r) {
        Object[] p = r.getParameters();
        return p == null ? String.valueOf(r.getMessage()) : java.text.MessageFormat.format(r.getMessage(), p);
    }

    private String hmac(String message) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
    }

    private static BufferedReader reader(Socket s) throws IOException {
        s.setSoTimeout(10_000);
        return new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    }

    private static void send(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
