package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The system calls {@code write(2)} and {@code read(2)} on a connected, non-blocking socket, straight from and into any memory
 * segment, heap arrays included: a linked downcall with {@link Linker.Option#critical(boolean)
 * heap access}, so a DATA payload in the sender's own array reaches the kernel without first being
 * copied into a direct buffer (which {@link SocketChannel#write} needs, and does itself for a heap
 * buffer).
 *
 * <p>Available only where it can be done without any JDK internals: Linux ({@code /proc}), and a
 * JVM that enabled native access for this code ({@code --enable-native-access=ALL-UNNAMED} or this
 * module), so that linking never prints the JDK's restricted-method warning. The socket's file
 * descriptor is found by its connection: the inode of the socket whose local and remote addresses
 * are the channel's ({@code /proc/net/tcp}, {@code /proc/net/tcp6}), then the descriptor of this
 * process linked to {@code socket:[inode]} ({@code /proc/self/fd}). {@link #of} returns null
 * whenever any step does not give exactly one answer; the caller then writes through the channel.
 *
 * <p>Concurrency: an instance belongs to one user, which calls it from one thread at a time (it
 * holds the errno capture buffer): the connection's {@link FrameWriter} (under its lock) or its
 * {@link FrameReader} (the polling thread); each looks up its own. {@link #of} from any thread.
 */
final class RawSocket {
    /** The transport's one logger, named after {@link TcpEndpoint} (docs/WIRE-TCP.md). */
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    private static final MethodHandle WRITE;
    private static final MethodHandle READ;
    private static final MethodHandle SEND;
    /** send(2) flag: more data follows at once, do not push a segment for this alone. */
    private static final int MSG_MORE = 0x8000;
    private static final VarHandle ERRNO;
    private static final StructLayout CAPTURE;

    static {
        MethodHandle write = null;
        MethodHandle read = null;
        MethodHandle send = null;
        VarHandle errno = null;
        StructLayout capture = null;
        if (linux() && RawSocket.class.getModule().isNativeAccessEnabled()) {
            Linker linker = Linker.nativeLinker();
            capture = Linker.Option.captureStateLayout();
            errno = capture.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
            // ssize_t write(int, const void *, size_t) and ssize_t read(int, void *, size_t)
            FunctionDescriptor io = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                    ValueLayout.JAVA_LONG);
            var w = linker.defaultLookup().find("write");
            var r = linker.defaultLookup().find("read");
            var s = linker.defaultLookup().find("send");
            if (w.isPresent() && r.isPresent() && s.isPresent()) {
                // ssize_t send(int, const void *, size_t, int)
                send = linker.downcallHandle(s.get(), FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT),
                        Linker.Option.captureCallState("errno"), Linker.Option.critical(true));
                write = linker.downcallHandle(w.get(), io, Linker.Option.captureCallState("errno"),
                        Linker.Option.critical(true));
                read = linker.downcallHandle(r.get(), io, Linker.Option.captureCallState("errno"),
                        Linker.Option.critical(true));
            }
        }
        WRITE = write;
        READ = read;
        SEND = send;
        ERRNO = errno;
        CAPTURE = capture;
    }

    private final int fd;
    private final MemorySegment state;

    private RawSocket(int fd) {
        this.fd = fd;
        this.state = Arena.ofAuto().allocate(CAPTURE);
    }

    /** Whether direct writes can be used in this JVM at all (Linux, native access enabled). */
    static boolean supported() {
        return WRITE != null;
    }

    private static boolean linux() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("linux")
                && Files.isDirectory(Path.of("/proc/self/fd"));
    }

    /**
     * The raw socket under {@code ch} (connected), or null when direct writes are unsupported or its
     * descriptor cannot be found unambiguously.
     */
    static RawSocket of(SocketChannel ch) throws IOException {
        if (!supported()) {
            return null;
        }
        InetSocketAddress local = (InetSocketAddress) ch.getLocalAddress();
        InetSocketAddress remote = (InetSocketAddress) ch.getRemoteAddress();
        if (local == null || remote == null) {
            return null;
        }
        long inode = inode(local, remote);
        if (inode <= 0) {
            return null;
        }
        int fd = descriptorOf(inode);
        return fd < 0 ? null : new RawSocket(fd);
    }

    /**
     * {@link #of}, for a side of a connection that falls back to its buffers: null (and logged) when the
     * descriptor cannot be found or the lookup fails, instead of failing the connection.
     *
     * @param use what would have used it ("rank 3's DATA writes"), for the log
     */
    static RawSocket lookUp(SocketChannel ch, String use) {
        try {
            RawSocket r = of(ch);
            if (r == null) {
                LOG.log(System.Logger.Level.DEBUG, "tcp: no descriptor found for {0}; {1} go through the buffer", ch, use);
            }
            return r;
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "tcp: cannot look up the descriptor of " + ch + "; " + use
                    + " go through the buffer", e);
            return null;
        }
    }

    /** The descriptor number, for tests and messages. */
    int fd() {
        return fd;
    }

    /**
     * Writes what the socket takes now of {@code bytes} bytes at {@code offset} of {@code src}; returns
     * the count written, 0 when the socket is full.
     */
    long write(MemorySegment src, long offset, long bytes) throws IOException {
        return io(WRITE, "write", src.asSlice(offset, bytes), bytes);
    }

    /**
     * {@link #write}, telling the kernel that more follows at once ({@code MSG_MORE}): a DATA header
     * written just before its payload then leaves in one segment with it, not in a tiny one of its own.
     */
    long writeMore(MemorySegment src, long offset, long bytes) throws IOException {
        MemorySegment piece = src.asSlice(offset, bytes);
        while (true) {
            long n;
            try {
                n = (long) SEND.invokeExact(state, fd, piece, bytes, MSG_MORE);
            } catch (Error | RuntimeException e) {
                throw e;
            } catch (Throwable t) {
                throw new IOException("send(2) on descriptor " + fd + " failed", t);
            }
            if (n >= 0) {
                return n;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno == EAGAIN) {
                return 0;
            }
            if (errno != EINTR) {
                throw new IOException("send(2) on descriptor " + fd + " failed: errno " + errno);
            }
        }
    }

    /**
     * Reads what the socket has now, at most {@code bytes} bytes, into {@code dst} at {@code offset};
     * returns the count read, 0 when nothing is waiting, -1 at the end of the stream.
     */
    long read(MemorySegment dst, long offset, long bytes) throws IOException {
        if (bytes == 0) {
            return 0;
        }
        long n = io(READ, "read", dst.asSlice(offset, bytes), bytes);
        return n == 0 ? -1 : n == AGAIN ? 0 : n;
    }

    private static final long AGAIN = -2;

    /** One system call, retried on EINTR: its result, or {@link #AGAIN} for EAGAIN (0 for a write). */
    private long io(MethodHandle call, String name, MemorySegment memory, long bytes) throws IOException {
        while (true) {
            long n;
            try {
                n = (long) call.invokeExact(state, fd, memory, bytes);
            } catch (Error | RuntimeException e) {
                throw e;
            } catch (Throwable t) {
                throw new IOException(name + "(2) on descriptor " + fd + " failed", t);
            }
            if (n >= 0) {
                return n;
            }
            int errno = (int) ERRNO.get(state, 0L);
            if (errno == EAGAIN) {
                return call == WRITE ? 0 : AGAIN;
            }
            if (errno != EINTR) {
                throw new IOException(name + "(2) on descriptor " + fd + " failed: errno " + errno);
            }
        }
    }

    /** The inode of the one TCP socket of this network namespace with these addresses, or -1. */
    static long inode(InetSocketAddress local, InetSocketAddress remote) throws IOException {
        byte[] l = mapped(local.getAddress());
        byte[] r = mapped(remote.getAddress());
        long found = -1;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.isReadable(p)) {
                continue;
            }
            List<String> lines = Files.readAllLines(p);
            for (int i = 1; i < lines.size(); i++) {
                String[] f = lines.get(i).trim().split("\\s+");
                if (f.length < 10) {
                    continue;
                }
                if (matches(f[1], l, local.getPort()) && matches(f[2], r, remote.getPort())) {
                    long inode = Long.parseLong(f[9]);
                    if (inode == 0) {
                        continue; // a connection no socket owns any more (TIME_WAIT)
                    }
                    if (found >= 0 && found != inode) {
                        return -1; // ambiguous
                    }
                    found = inode;
                }
            }
        }
        return found;
    }

    /** An address as 16 bytes (IPv4 as {@code ::ffff:a.b.c.d}). */
    static byte[] mapped(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            byte[] m = new byte[16];
            m[10] = (byte) 0xff;
            m[11] = (byte) 0xff;
            System.arraycopy(b, 0, m, 12, 4);
            return m;
        }
        if (a instanceof Inet6Address) {
            return b;
        }
        throw new IllegalArgumentException("not an IP address: " + a);
    }

    /**
     * Whether a {@code /proc/net/tcp[6]} address field ({@code HEX:PORT}, the address as 32-bit words
     * each printed in this machine's byte order) names {@code address} (16 bytes) and {@code port}.
     */
    static boolean matches(String field, byte[] address, int port) {
        int colon = field.indexOf(':');
        if (colon < 0) {
            return false;
        }
        String hex = field.substring(0, colon);
        if (Integer.parseInt(field.substring(colon + 1), 16) != port) {
            return false;
        }
        byte[] got;
        if (hex.length() == 8) {
            got = new byte[16];
            got[10] = (byte) 0xff;
            got[11] = (byte) 0xff;
            word(hex, 0, got, 12);
        } else if (hex.length() == 32) {
            got = new byte[16];
            for (int w = 0; w < 4; w++) {
                word(hex, 8 * w, got, 4 * w);
            }
        } else {
            return false;
        }
        return Arrays.equals(got, address);
    }

    /** One 32-bit word of 8 hex digits at {@code at}, printed in native order, as 4 bytes in memory order. */
    private static void word(String hex, int at, byte[] into, int to) {
        int v = Integer.parseUnsignedInt(hex.substring(at, at + 8), 16);
        if (ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
            v = Integer.reverseBytes(v);
        }
        into[to] = (byte) (v >>> 24);
        into[to + 1] = (byte) (v >>> 16);
        into[to + 2] = (byte) (v >>> 8);
        into[to + 3] = (byte) v;
    }

    /** The one descriptor of this process linked to {@code socket:[inode]}, or -1. */
    static int descriptorOf(long inode) throws IOException {
        String want = "socket:[" + inode + "]";
        int found = -1;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            for (Path p : fds) {
                String target;
                try {
                    target = Files.readSymbolicLink(p).toString();
                } catch (java.nio.file.NoSuchFileException e) {
                    continue; // closed since the listing (the directory stream's own descriptor, for one)
                }
                if (target.equals(want)) {
                    if (found >= 0) {
                        return -1; // duplicated: not ours alone to reason about
                    }
                    found = Integer.parseInt(p.getFileName().toString());
                }
            }
        }
        return found;
    }
}
