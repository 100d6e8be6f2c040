package jmpi.launcher;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import jmpi.spi.Bootstrap;

/**
 * One rank's connection to the launcher's {@link BootstrapServer}: the {@link Bootstrap} a transport
 * uses to find its peers, plus the rank-to-launcher messages ({@link #finalized()},
 * {@link #abort(int, String)}) and the launcher's abort broadcast ({@link #aborted()}).
 *
 * <p>Threads: any thread may call any method; requests carry ids and one daemon reader thread
 * completes them as the answers come. Losing the connection before {@link #finalized()} counts as an
 * abort (the launcher is gone or gave up on this rank).
 */
public final class BootstrapClient implements Bootstrap, AutoCloseable {
    /** How long a rank waits for the launcher to acknowledge its finalized or abort message. */
    private static final Duration REPORT_TIMEOUT = Duration.ofSeconds(30);
    private static final Logger LOG = System.getLogger(BootstrapClient.class.getName());

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final int rank;
    private final int size;
    private final AtomicLong nextId = new AtomicLong();
    private final Map<Long, CompletableFuture<String>> pending = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Runnable> abortListeners = new CopyOnWriteArrayList<>();
    private volatile Runnable lostListener;
    private volatile String abortReason;
    private volatile boolean closing;

    private BootstrapClient(Socket socket, InputStream in, OutputStream out, int rank, int size) {
        this.socket = socket;
        this.in = in;
        this.out = out;
        this.rank = rank;
        this.size = size;
    }

    /**
     * Connects to the server at {@code host:port} as {@code rank} and authenticates both ways.
     *
     * @throws IOException when the server cannot be reached, refuses this rank, or does not prove
     *                     that it knows the secret
     */
    public static BootstrapClient connect(String hostPort, int rank, byte[] secret, Duration timeout) throws IOException {
        InetSocketAddress address = parseAddress(hostPort);
        Socket s = new Socket();
        try {
            s.connect(address, (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
            s.setTcpNoDelay(true);
            s.setSoTimeout((int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis())));
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = new BufferedOutputStream(s.getOutputStream());
            ByteArrayOutputStream buf = new ByteArrayOutputStream(128);
            String greeting = BootstrapProtocol.readLine(in, buf);
            String prefix = BootstrapProtocol.GREETING + " ";
            if (greeting == null || !greeting.startsWith(prefix)) {
                throw new IOException("bootstrap at " + hostPort + " is not a jmpi bootstrap server (greeting "
                        + (greeting == null ? "none" : "'" + BootstrapProtocol.oneLine(greeting) + "'") + ")");
            }
            String serverNonce = greeting.substring(prefix.length());
            String clientNonce = BootstrapProtocol.nonce();
            BootstrapProtocol.writeLine(out, "hello " + rank + " " + clientNonce + " "
                    + BootstrapProtocol.clientProof(secret, serverNonce, clientNonce, rank));
            String answer = BootstrapProtocol.readLine(in, buf);
            if (answer == null) {
                throw new IOException("bootstrap at " + hostPort + " closed the connection during authentication");
            }
            if (answer.startsWith("refused")) {
                throw new IOException("bootstrap at " + hostPort + " refused rank " + rank + ": "
                        + BootstrapProtocol.oneLine(answer.substring("refused".length()).trim()));
            }
            String[] p = answer.split(" ", -1);
            if (p.length != 3 || !p[0].equals("welcome")) {
                throw new IOException("bootstrap at " + hostPort + " answered '" + BootstrapProtocol.oneLine(answer) + "'");
            }
            if (!BootstrapProtocol.sameProof(BootstrapProtocol.serverProof(secret, serverNonce, clientNonce, rank), p[2])) {
                throw new IOException("bootstrap at " + hostPort + " does not know the job's secret");
            }
            int size;
            try {
                size = Integer.parseInt(p[1]);
            } catch (NumberFormatException e) {
                throw new IOException("bootstrap at " + hostPort + " sent a malformed size", e);
            }
            s.setSoTimeout(0);
            BootstrapClient c = new BootstrapClient(s, in, out, rank, size);
            Thread.ofPlatform().name("jmpi-boot-client-" + rank).daemon(true).start(c::readLoop);
            return c;
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    static InetSocketAddress parseAddress(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("bootstrap address must be host:port, not '" + hostPort + "'");
        }
        String host = hostPort.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bootstrap address must be host:port, not '" + hostPort + "'", e);
        }
        return new InetSocketAddress(host, port);
    }

    /** The local address of this client's connection: the rank's address on the network the launcher reaches it by. */
    public java.net.InetAddress localAddress() {
        return socket.getLocalAddress();
    }

    /** The job's size, as the server knows it. */
    public int size() {
        return size;
    }

    public int rank() {
        return rank;
    }

    @Override
    public void put(String key, String value) {
        checkKey(key);
        if (!BootstrapProtocol.validValue(value)) {
            throw new IllegalArgumentException("bootstrap value of " + key + " is longer than "
                    + BootstrapProtocol.MAX_VALUE + " characters or holds a line end");
        }
        request("put", key + " " + value, Duration.ofSeconds(30));
    }

    @Override
    public String get(String key, Duration timeout) {
        checkKey(key);
        return request("get", key, timeout);
    }

    @Override
    public void fence(Duration timeout) {
        request("fence", null, timeout);
    }

    /**
     * Tells the launcher that this rank called MPI_Finalize; waits (bounded) until it has heard. The
     * bound is generous: with many rank JVMs on few cores a busy launcher can take seconds to answer,
     * and a rank that gave up here would be reported as ending without Finalize.
     */
    public void finalized() {
        request("finalized", null, REPORT_TIMEOUT);
    }

    /**
     * Asks the launcher to end the job with {@code exitCode} because of {@code reason}; waits (bounded)
     * until it has heard, so that it knows why before it sees this process end. Marks the job aborted
     * here at once.
     */
    public void abort(int exitCode, String reason) {
        markAborted("rank " + rank + " failed: " + reason);
        try {
            request("abort", exitCode + " " + BootstrapProtocol.oneLine(reason), REPORT_TIMEOUT);
        } catch (IllegalStateException e) {
            // Expected when another failure's abort arrived first (the job's exit code is then decided).
            LOG.log(Level.DEBUG, "bootstrap: could not tell the launcher that rank " + rank + " aborts", e);
        }
    }

    /** True once the launcher broadcast an abort, this rank aborted, or the launcher was lost. */
    public boolean aborted() {
        return abortReason != null;
    }

    public String abortReason() {
        return abortReason;
    }

    /** Runs {@code listener} once when the job aborts (at once if it already has). */
    public void onAbort(Runnable listener) {
        abortListeners.add(listener);
        if (aborted() && abortListeners.remove(listener)) {
            listener.run();
        }
    }

    /**
     * Runs {@code listener} (on the reader thread) if the connection to the launcher is lost while this
     * client is not closing: the launcher died or dropped this rank.
     */
    public void onLost(Runnable listener) {
        lostListener = listener;
    }

    @Override
    public void close() {
        closing = true;
        try {
            synchronized (out) {
                BootstrapProtocol.writeLine(out, "bye");
            }
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "bootstrap: saying bye", e);
        }
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "bootstrap: closing", e);
        }
        failPending("bootstrap connection closed");
    }

    private static void checkKey(String key) {
        if (!BootstrapProtocol.validKey(key)) {
            throw new IllegalArgumentException("bootstrap key must be 1 to " + BootstrapProtocol.MAX_KEY
                    + " printable ASCII characters without spaces, not '" + key + "'");
        }
    }

    private String request(String verb, String rest, Duration timeout) {
        long id = nextId.incrementAndGet();
        CompletableFuture<String> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            if (closing) {
                throw new IllegalStateException("bootstrap connection closed");
            }
            try {
                synchronized (out) {
                    BootstrapProtocol.writeLine(out, verb + " " + id + (rest == null ? "" : " " + rest));
                }
            } catch (IOException e) {
                throw new IllegalStateException("bootstrap: cannot send " + verb + ": " + e.getMessage(), e);
            }
            return answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException("bootstrap: " + verb + (rest == null || verb.equals("put") ? "" : " " + rest)
                    + " timed out after " + timeout.toMillis() + " ms", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("bootstrap: " + verb + " failed: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("bootstrap: interrupted during " + verb, e);
        } finally {
            pending.remove(id);
        }
    }

    private void readLoop() {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
        String lost = "lost the connection to the launcher";
        try {
            for (;;) {
                String line = BootstrapProtocol.readLine(in, buf);
                if (line == null) {
                    break;
                }
                dispatch(line);
            }
        } catch (IOException e) {
            if (!closing) {
                LOG.log(Level.DEBUG, "bootstrap: reading from the launcher", e);
                lost = lost + ": " + e.getMessage();
            }
        }
        if (!closing) {
            markAborted(lost);
            Runnable l = lostListener;
            if (l != null) {
                l.run();
            }
        }
        failPending(lost);
    }

    private void dispatch(String line) throws IOException {
        String[] p = line.split(" ", 3);
        switch (p[0]) {
            case "abort" -> markAborted(line.length() > 6 ? line.substring(6) : "the launcher aborted the job");
            case "ok", "value", "error" -> {
                if (p.length < 2) {
                    throw new BootstrapProtocol.ProtocolException("malformed answer from the launcher");
                }
                long id;
                try {
                    id = Long.parseLong(p[1]);
                } catch (NumberFormatException e) {
                    throw new BootstrapProtocol.ProtocolException("malformed answer id from the launcher");
                }
                CompletableFuture<String> f = pending.get(id);
                if (f == null) {
                    return; // the request timed out meanwhile
                }
                String rest = p.length == 3 ? p[2] : "";
                if (p[0].equals("error")) {
                    f.completeExceptionally(new IllegalStateException(rest));
                } else {
                    f.complete(rest);
                }
            }
            default -> throw new BootstrapProtocol.ProtocolException("unknown message from the launcher");
        }
    }

    private void markAborted(String reason) {
        synchronized (this) {
            if (abortReason != null) {
                return;
            }
            abortReason = reason;
        }
        failPending("job aborted: " + reason);
        for (Runnable r : abortListeners) {
            if (abortListeners.remove(r)) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, "bootstrap: abort listener failed", e);
                }
            }
        }
    }

    private void failPending(String why) {
        for (CompletableFuture<String> f : pending.values()) {
            f.completeExceptionally(new IllegalStateException(why));
        }
    }
}
