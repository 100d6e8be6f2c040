package jmpi.transport.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * A wake-up path between processes for ranks that park for long: each rank listens on a UNIX-domain
 * socket {@code <ring file>.bell}, and a sender writes one byte to it only when the receiver
 * announced in its file ({@link ShmFileDescriptor#DOORBELL}, an int: 1 = "parked, poke me") that it
 * sleeps. Senders never make a system call while the receiver spins or polls.
 *
 * <p>The hand-shake: the parker stores the flag (volatile: a full fence follows it), then re-checks its rings, waits
 * {@link #SETTLE_NANOS} re-checking them, and only then sleeps; a sender publishes its record (release stores) and
 * then reads the flag, with no fence in between: a full fence per message was the largest single cost of a small send
 * (41 % of {@code trySendSmall}'s samples in a profile of a window of 8-byte sends,
 * bench/results/2026-12-07-shm-send-fences.txt).
 * Without it the sender's read of the flag may be served before its record's stores are visible to the parker,
 * so both may miss the other's store; but a store leaves the store buffer within a cache line's transfer (well
 * under a microsecond), so the parker's re-checks during the settle time find such a record. Should a store take
 * longer still, the record waits for the end of the sleep (at most the park's time, a millisecond by default):
 * later, never lost. The sender that turns the flag from 1 to 0 (CAS) pokes; others see 0 and do not.
 *
 * <p>Concurrency: {@link #announce}, {@link #retract} and {@link #sleep} are called by the one thread
 * of the owner that holds the endpoint's park slot; {@link #wakeLocal} by any thread of the owner;
 * {@link #ring} by a sender under its channel lock for {@code dest} (so each outgoing socket has one
 * writer at a time); {@link #close} once, when the endpoint closes.
 */
final class ShmDoorbell implements AutoCloseable {
    private static final VarHandle FLAG = ValueLayout.JAVA_INT.varHandle();
    private static final System.Logger LOG = System.getLogger(ShmDoorbell.class.getName());
    /** How long a parker that announced goes on re-checking its rings before it sleeps (see the class comment). */
    static final long SETTLE_NANOS = 20_000;

    private final Path path;
    private final MemorySegment own;
    private final ServerSocketChannel server;
    private final Selector selector;
    private final SocketChannel[] out;
    private final ByteBuffer sink = ByteBuffer.allocate(64);

    private ShmDoorbell(Path path, MemorySegment own, ServerSocketChannel server, Selector selector, int size) {
        this.path = path;
        this.own = own;
        this.server = server;
        this.selector = selector;
        this.out = new SocketChannel[size];
    }

    /** The socket path of the rank whose ring file is {@code ringFile}. */
    static Path pathOf(Path ringFile) {
        return ringFile.resolveSibling(ringFile.getFileName() + ".bell");
    }

    /** Listens on {@code pathOf(ringFile)} (created here, deleted by {@link #close}). */
    static ShmDoorbell open(Path ringFile, MemorySegment own, int size) throws IOException {
        Path path = pathOf(ringFile);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(path));
            server.configureBlocking(false);
            Selector selector = Selector.open();
            server.register(selector, SelectionKey.OP_ACCEPT);
            return new ShmDoorbell(path, own, server, selector, size);
        } catch (IOException | RuntimeException e) {
            server.close();
            Files.deleteIfExists(path);
            throw e;
        }
    }

    /** Owner: tells senders to poke (a volatile store: ordered before the re-check that follows). */
    void announce() {
        FLAG.setVolatile(own, ShmFileDescriptor.DOORBELL, 1);
    }

    /** Owner: no more pokes wanted. */
    void retract() {
        FLAG.setRelease(own, ShmFileDescriptor.DOORBELL, 0);
    }

    /** Owner: sleeps until poked, {@link #wakeLocal}, or {@code millis} (>= 1) elapsed; drains pokes. */
    void sleep(long millis) {
        try {
            selector.select(millis);
            Iterator<SelectionKey> it = selector.selectedKeys().iterator();
            while (it.hasNext()) {
                SelectionKey k = it.next();
                it.remove();
                if (k.isAcceptable()) {
                    SocketChannel c = server.accept();
                    if (c != null) {
                        c.configureBlocking(false);
                        c.register(selector, SelectionKey.OP_READ);
                    }
                } else if (k.isReadable()) {
                    SocketChannel c = (SocketChannel) k.channel();
                    sink.clear();
                    if (c.read(sink) < 0) {
                        k.cancel();
                        c.close();
                    }
                }
            }
        } catch (java.nio.channels.ClosedSelectorException e) {
            // the endpoint closed while this thread slept: a spurious return, which park allows
        } catch (IOException e) {
            throw new UncheckedIOException("shm: doorbell " + path, e);
        }
    }

    /** Ends a {@link #sleep} of this process at once (or the next one, if none is under way). */
    void wakeLocal() {
        selector.wakeup();
    }

    /**
     * Sender: after publishing into {@code dest}'s ring ({@code destFile} is dest's mapped ring file at
     * {@code destRingFile}), pokes dest if it announced that it sleeps.
     */
    void ring(int dest, MemorySegment destFile, Path destRingFile) {
        if ((int) FLAG.getVolatile(destFile, ShmFileDescriptor.DOORBELL) == 0
                || !FLAG.compareAndSet(destFile, ShmFileDescriptor.DOORBELL, 1, 0)) {
            return;
        }
        try {
            SocketChannel c = out[dest];
            if (c == null) {
                c = SocketChannel.open(UnixDomainSocketAddress.of(pathOf(destRingFile)));
                c.configureBlocking(false);
                out[dest] = c;
            }
            c.write(ByteBuffer.wrap(new byte[] {1})); // 0 written when the buffer is full: pokes are pending anyway
        } catch (IOException e) {
            // the receiver is gone or closing (it re-checks its rings at least every park period anyway)
            LOG.log(System.Logger.Level.DEBUG, "shm: cannot poke " + pathOf(destRingFile), e);
        }
    }

    @Override
    public void close() {
        for (SocketChannel c : out) {
            closeQuietly(c);
        }
        try {
            selector.close();
        } catch (IOException e) {
            // closing
        }
        closeQuietly(server);
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("shm: cannot delete " + path, e);
        }
    }

    private static void closeQuietly(java.nio.channels.Channel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException e) {
                // closing: nothing to do
            }
        }
    }
}
