package jmpi.launcher;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jmpi.launcher.BootstrapProtocol.ProtocolException;

/**
 * The job's key-value bootstrap service, run by the launcher: ranks started as separate processes
 * connect to it over TCP, prove that they know the job's secret, then publish and read keys, meet at
 * fences, and tell the launcher that they finalized or that they abort the job. The launcher can
 * broadcast an abort to every rank. docs/BOOTSTRAP.md describes the protocol.
 *
 * <p>Threads: one platform thread accepts; each connection is served by its own virtual thread
 * (blocking reads). The store, the waiting gets and the fence are guarded by {@code this}; each
 * connection's writes by the connection. {@link Events} are called from connection threads, before
 * the rank gets the answer to the message that caused them (so a launcher that sees a rank's process
 * end has already seen what the rank said before it ended).
 *
 * <p>Faults stay local: a connection that fails authentication, sends a malformed line or a line
 * longer than {@link BootstrapProtocol#MAX_LINE} bytes is logged and closed; the job goes on.
 */
public final class BootstrapServer implements AutoCloseable {
    private static final Logger LOG = System.getLogger(BootstrapServer.class.getName());
    /** How long a new connection has to authenticate. */
    private static final int HELLO_TIMEOUT_MILLIS = 10_000;
    /** Bound on the stored bytes (keys plus values) of one job. */
    private static final long MAX_STORE_CHARS = 16L << 20;

    /** What ranks tell the launcher. Called from connection threads; must not block for long. */
    public interface Events {
        /** A rank authenticated. */
        default void connected(int rank) {
        }

        /** A rank called MPI_Finalize (it may still be running). */
        default void finalized(int rank) {
        }

        /** A rank aborts the job with {@code exitCode} because of {@code reason}. */
        default void aborted(int rank, int exitCode, String reason) {
        }
    }

    private final int size;
    private final byte[] secret;
    private final Events events;
    private final ServerSocket listener;
    private final Thread acceptor;

    private final Map<String, String> store = new HashMap<>();
    private long storeChars;
    private final Map<String, List<Waiter>> waitingGets = new HashMap<>();
    private final List<Waiter> fenceArrivals = new ArrayList<>();
    private final Set<Integer> fenceRanks = new HashSet<>();
    private final Map<Integer, Connection> ranks = new HashMap<>();
    private final Set<Connection> open = new HashSet<>();
    private String abortReason;
    private boolean closed;

    private record Waiter(Connection conn, long id) {
    }

    private BootstrapServer(int size, byte[] secret, Events events, ServerSocket listener) {
        this.size = size;
        this.secret = secret.clone();
        this.events = events;
        this.listener = listener;
        this.acceptor = Thread.ofPlatform().name("jmpi-boot-accept").daemon(true).unstarted(this::acceptLoop);
    }

    /**
     * Starts a server for a job of {@code size} ranks, listening on an ephemeral port of
     * {@code address}.
     */
    public static BootstrapServer start(InetAddress address, int size, byte[] secret, Events events) throws IOException {
        if (size < 1) {
            throw new IllegalArgumentException("a job has at least one rank, not " + size);
        }
        if (secret.length == 0) {
            throw new IllegalArgumentException("empty job secret");
        }
        ServerSocket ss = new ServerSocket();
        try {
            ss.bind(new InetSocketAddress(address, 0), 64);
        } catch (IOException e) {
            ss.close();
            throw e;
        }
        BootstrapServer server = new BootstrapServer(size, secret, events == null ? new Events() { } : events, ss);
        server.acceptor.start();
        return server;
    }

    /** The address ranks connect to, as {@code host:port} (the JMPI_BOOT variable). */
    public String address() {
        InetAddress a = listener.getInetAddress();
        String host = a.getHostAddress();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + listener.getLocalPort();
    }

    public int port() {
        return listener.getLocalPort();
    }

    /**
     * Tells every connected rank (and every rank that connects later) that the job aborts. The first
     * reason is kept; later calls do nothing.
     */
    public void broadcastAbort(String reason) {
        List<Connection> targets;
        String line;
        synchronized (this) {
            if (abortReason != null) {
                return;
            }
            abortReason = BootstrapProtocol.oneLine(reason);
            line = "abort " + abortReason;
            targets = new ArrayList<>(ranks.values());
        }
        for (Connection c : targets) {
            c.send(line);
        }
    }

    /**
     * Waits until no rank is connected any more (each hangs up when its process ends), at most
     * {@code timeout}; returns whether they all did. Closing before that could cut a rank off between
     * its last request and the answer to it.
     */
    public synchronized boolean awaitRanksGone(java.time.Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!ranks.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    @Override
    public void close() {
        List<Connection> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(open);
        }
        try {
            listener.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "closing the bootstrap listener", e);
        }
        for (Connection c : all) {
            c.close();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            Socket s;
            try {
                s = listener.accept();
            } catch (IOException e) {
                if (!listener.isClosed()) {
                    LOG.log(Level.WARNING, "bootstrap server stops accepting", e);
                }
                return;
            }
            Connection c = new Connection(s);
            synchronized (this) {
                if (closed) {
                    c.close();
                    return;
                }
                open.add(c);
            }
            Thread.ofVirtual().name("jmpi-boot-conn-" + s.getPort()).start(c::serve);
        }
    }

    /** One rank's connection (or an unauthenticated stranger's). */
    private final class Connection {
        private final Socket socket;
        private final String remote;
        private OutputStream out;
        private int rank = -1;
        private boolean broken;

        Connection(Socket socket) {
            this.socket = socket;
            this.remote = String.valueOf(socket.getRemoteSocketAddress());
        }

        void serve() {
            ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
            try { // the catch blocks log before the finally block closes the socket
                socket.setTcpNoDelay(true);
                InputStream in = new BufferedInputStream(socket.getInputStream());
                synchronized (this) {
                    out = new BufferedOutputStream(socket.getOutputStream());
                }
                if (!authenticate(in, buf)) {
                    return;
                }
                for (;;) {
                    String line = BootstrapProtocol.readLine(in, buf);
                    if (line == null || line.equals("bye")) {
                        return;
                    }
                    handle(line);
                }
            } catch (ProtocolException e) {
                LOG.log(Level.WARNING, "bootstrap: closing connection from {0} (rank {1}): {2}", remote, rank, e.getMessage());
            } catch (IOException e) {
                if (!isClosedByUs()) {
                    LOG.log(Level.DEBUG, "bootstrap: connection from " + remote + " (rank " + rank + ") ended", e);
                }
            } finally {
                forget();
            }
        }

        private boolean authenticate(InputStream in, ByteArrayOutputStream buf) throws IOException {
            socket.setSoTimeout(HELLO_TIMEOUT_MILLIS);
            String serverNonce = BootstrapProtocol.nonce();
            writeLine(BootstrapProtocol.GREETING + " " + serverNonce);
            String hello = BootstrapProtocol.readLine(in, buf);
            if (hello == null) {
                throw new ProtocolException("closed before authenticating");
            }
            String[] p = hello.split(" ", -1);
            if (p.length != 4 || !p[0].equals("hello")) {
                throw new ProtocolException("expected 'hello <rank> <nonce> <proof>', got " + excerpt(hello));
            }
            int claimed = parseInt(p[1], "rank");
            String clientNonce = p[2];
            if (!clientNonce.matches("[0-9a-f]{32}")) {
                throw new ProtocolException("malformed client nonce");
            }
            if (!BootstrapProtocol.sameProof(BootstrapProtocol.clientProof(secret, serverNonce, clientNonce, claimed), p[3])) {
                LOG.log(Level.WARNING, "bootstrap: refused connection from {0} claiming rank {1}: wrong secret", remote, claimed);
                writeLine("refused authentication failed");
                return false;
            }
            if (claimed < 0 || claimed >= size) {
                LOG.log(Level.WARNING, "bootstrap: refused connection from {0}: rank {1} is not in 0..{2}", remote, claimed, size - 1);
                writeLine("refused rank " + claimed + " is not in 0.." + (size - 1));
                return false;
            }
            String abort;
            synchronized (BootstrapServer.this) {
                if (ranks.containsKey(claimed)) {
                    LOG.log(Level.WARNING, "bootstrap: refused connection from {0}: rank {1} is already connected", remote, claimed);
                    writeLine("refused rank " + claimed + " is already connected");
                    return false;
                }
                ranks.put(claimed, this);
                rank = claimed;
                abort = abortReason;
            }
            socket.setSoTimeout(0);
            events.connected(rank);
            writeLine("welcome " + size + " " + BootstrapProtocol.serverProof(secret, serverNonce, clientNonce, rank));
            if (abort != null) {
                send("abort " + abort);
            }
            return true;
        }

        private void handle(String line) throws IOException {
            int sp = line.indexOf(' ');
            String verb = sp < 0 ? line : line.substring(0, sp);
            String[] p;
            switch (verb) {
                case "put" -> {
                    p = line.split(" ", 4);
                    if (p.length != 4) {
                        throw new ProtocolException("expected 'put <id> <key> <value>'");
                    }
                    put(parseLong(p[1]), p[2], p[3]);
                }
                case "get" -> {
                    p = line.split(" ", -1);
                    if (p.length != 3) {
                        throw new ProtocolException("expected 'get <id> <key>'");
                    }
                    get(parseLong(p[1]), p[2]);
                }
                case "fence" -> {
                    p = line.split(" ", -1);
                    if (p.length != 2) {
                        throw new ProtocolException("expected 'fence <id>'");
                    }
                    fence(parseLong(p[1]));
                }
                case "finalized" -> {
                    p = line.split(" ", -1);
                    if (p.length != 2) {
                        throw new ProtocolException("expected 'finalized <id>'");
                    }
                    long id = parseLong(p[1]);
                    events.finalized(rank);
                    send("ok " + id);
                }
                case "abort" -> {
                    p = line.split(" ", 4);
                    if (p.length < 3) {
                        throw new ProtocolException("expected 'abort <id> <exitCode> <reason>'");
                    }
                    long id = parseLong(p[1]);
                    int code = parseInt(p[2], "exit code");
                    events.aborted(rank, code, p.length == 4 ? BootstrapProtocol.oneLine(p[3]) : "");
                    send("ok " + id);
                }
                default -> throw new ProtocolException("unknown request " + excerpt(verb));
            }
        }

        private void put(long id, String key, String value) throws ProtocolException {
            if (!BootstrapProtocol.validKey(key)) {
                throw new ProtocolException("malformed key " + excerpt(key));
            }
            if (value.length() > BootstrapProtocol.MAX_VALUE) {
                throw new ProtocolException("value of " + key + " longer than " + BootstrapProtocol.MAX_VALUE);
            }
            List<Waiter> woken;
            String error = null;
            synchronized (BootstrapServer.this) {
                if (store.containsKey(key)) {
                    error = "key " + key + " was already put";
                    woken = List.of();
                } else if (storeChars + key.length() + value.length() > MAX_STORE_CHARS) {
                    error = "bootstrap store full (" + MAX_STORE_CHARS + " characters)";
                    woken = List.of();
                } else {
                    store.put(key, value);
                    storeChars += key.length() + value.length();
                    List<Waiter> w = waitingGets.remove(key);
                    woken = w == null ? List.of() : w;
                }
            }
            send(error == null ? "ok " + id : "error " + id + " " + error);
            for (Waiter w : woken) {
                w.conn().send("value " + w.id() + " " + value);
            }
        }

        private void get(long id, String key) throws ProtocolException {
            if (!BootstrapProtocol.validKey(key)) {
                throw new ProtocolException("malformed key " + excerpt(key));
            }
            String value;
            synchronized (BootstrapServer.this) {
                value = store.get(key);
                if (value == null) {
                    // Bounded: one waiting get per request a rank has outstanding; dropped when it disconnects.
                    waitingGets.computeIfAbsent(key, k -> new ArrayList<>()).add(new Waiter(this, id));
                    return;
                }
            }
            send("value " + id + " " + value);
        }

        private void fence(long id) {
            List<Waiter> release = null;
            String error = null;
            synchronized (BootstrapServer.this) {
                if (!fenceRanks.add(rank)) {
                    error = "rank " + rank + " is already in this fence";
                } else {
                    fenceArrivals.add(new Waiter(this, id));
                    if (fenceArrivals.size() == size) {
                        release = new ArrayList<>(fenceArrivals);
                        fenceArrivals.clear();
                        fenceRanks.clear();
                    }
                }
            }
            if (error != null) {
                send("error " + id + " " + error);
            }
            if (release != null) {
                for (Waiter w : release) {
                    w.conn().send("ok " + w.id());
                }
            }
        }

        /** Sends one line; a connection that cannot be written to is closed (its reader then ends). */
        void send(String line) {
            try {
                writeLine(line);
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "bootstrap: cannot write to rank " + rank, e);
                close();
            }
        }

        private synchronized void writeLine(String line) throws IOException {
            if (broken || out == null) {
                throw new SocketException("connection closed");
            }
            BootstrapProtocol.writeLine(out, line);
        }

        synchronized boolean isClosedByUs() {
            return broken;
        }

        void close() {
            synchronized (this) {
                broken = true;
            }
            try {
                socket.close();
            } catch (IOException e) {
                LOG.log(Level.DEBUG, "bootstrap: closing connection of rank " + rank, e);
            }
        }

        private void forget() {
            close();
            synchronized (BootstrapServer.this) {
                open.remove(this);
                if (rank >= 0 && ranks.get(rank) == this) {
                    ranks.remove(rank);
                }
                BootstrapServer.this.notifyAll();
                waitingGets.values().forEach(l -> l.removeIf(w -> w.conn() == this));
                waitingGets.values().removeIf(List::isEmpty);
                if (fenceArrivals.removeIf(w -> w.conn() == this)) {
                    fenceRanks.remove(rank);
                }
            }
        }
    }

    private static int parseInt(String s, String what) throws ProtocolException {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new ProtocolException("malformed " + what + " " + excerpt(s));
        }
    }

    private static long parseLong(String s) throws ProtocolException {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new ProtocolException("malformed request id " + excerpt(s));
        }
    }

    /** A bounded, printable excerpt of untrusted input, for log messages. */
    private static String excerpt(String s) {
        String t = s.length() > 40 ? s.substring(0, 40) + "..." : s;
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            b.append(c >= ' ' && c <= '~' ? c : '?');
        }
        return b.append('\'').toString();
    }
}
