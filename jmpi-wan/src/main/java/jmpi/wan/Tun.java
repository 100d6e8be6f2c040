package jmpi.wan;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

/**
 * A Linux TUN device opened through the FFM API ({@code open("/dev/net/tun")}, {@code ioctl(TUNSETIFF)}
 * with {@code IFF_TUN | IFF_NO_PI}): each {@link #read} returns one IP packet the kernel routed out of
 * the device, each {@link #write} hands one IP packet to the kernel as if it arrived on it. Attaching to
 * an existing persistent device ({@code ip tuntap add dev NAME mode tun}) or creating a transient one by
 * name, in the calling process's network namespace. Also {@link #setTimerSlack}, the calling thread's
 * timer slack ({@code prctl(PR_SET_TIMERSLACK)}), so that timed parks wake when asked.
 *
 * <p>Threads: {@link #read} and {@link #write} may run at once on different threads (the kernel's
 * queue is the only shared state); each call uses the caller's own native buffer.
 */
public final class Tun implements AutoCloseable {
    private static final int O_RDWR = 2;
    private static final int O_CLOEXEC = 0x80000;
    private static final long TUNSETIFF = 0x400454caL;
    private static final short IFF_TUN = 0x0001;
    private static final short IFF_NO_PI = 0x1000;
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int IFNAMSIZ = 16;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final SymbolLookup LIBC = LINKER.defaultLookup();
    private static final StructLayout CALL_STATE = Linker.Option.captureStateLayout();
    private static final VarHandle ERRNO = CALL_STATE.varHandle(MemoryLayoutPath.ERRNO);
    private static final MethodHandle OPEN = handle("open", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
            ValueLayout.JAVA_INT), Linker.Option.captureCallState("errno"));
    private static final MethodHandle IOCTL = handle("ioctl", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG, ValueLayout.ADDRESS), Linker.Option.firstVariadicArg(2), Linker.Option.captureCallState("errno"));
    private static final MethodHandle READ = handle("read", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), Linker.Option.captureCallState("errno"));
    private static final MethodHandle WRITE = handle("write", FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
            ValueLayout.ADDRESS, ValueLayout.JAVA_LONG), Linker.Option.captureCallState("errno"));
    private static final MethodHandle CLOSE = handle("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle PRCTL = handle("prctl", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
            ValueLayout.JAVA_LONG), Linker.Option.firstVariadicArg(1));
    private static final int EINTR = 4;

    /** Names the errno field of the captured call state. */
    private static final class MemoryLayoutPath {
        static final java.lang.foreign.MemoryLayout.PathElement ERRNO = java.lang.foreign.MemoryLayout.PathElement.groupElement("errno");
    }

    private final String name;
    private final int fd;
    private volatile boolean closed;

    private Tun(String name, int fd) {
        this.name = name;
        this.fd = fd;
    }

    /** Opens (creating if absent) the TUN device {@code name} of this network namespace. */
    public static Tun open(String name) throws IOException {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        if (n.length == 0 || n.length >= IFNAMSIZ) {
            throw new IllegalArgumentException("a device name has 1 to 15 characters, not '" + name + "'");
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment state = a.allocate(CALL_STATE);
            int fd = (int) OPEN.invokeExact(state, a.allocateFrom("/dev/net/tun"), O_RDWR | O_CLOEXEC);
            if (fd < 0) {
                throw new IOException("open /dev/net/tun: errno " + errno(state) + " (root, and a kernel with TUN, are needed)");
            }
            MemorySegment ifr = a.allocate(40);
            MemorySegment.copy(n, 0, ifr, ValueLayout.JAVA_BYTE, 0, n.length);
            ifr.set(ValueLayout.JAVA_SHORT, IFNAMSIZ, (short) (IFF_TUN | IFF_NO_PI));
            int r = (int) IOCTL.invokeExact(state, fd, TUNSETIFF, ifr);
            if (r < 0) {
                int e = errno(state);
                int ignored = (int) CLOSE.invokeExact(fd);
                throw new IOException("ioctl(TUNSETIFF, " + name + "): errno " + e
                        + (e == 16 ? " (busy: another process has it open)" : e == 22 ? " (a device of that name is not a TUN device without packet info)" : ""));
            }
            return new Tun(name, fd);
        } catch (IOException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("calling libc", t);
        }
    }

    /**
     * Reads one packet into {@code buf} (native memory; at least the device's MTU): its length. Blocks
     * until the kernel routes a packet out of the device. {@code state} is the caller's
     * {@link #callState} segment.
     */
    public int read(MemorySegment buf, MemorySegment state) throws IOException {
        while (true) {
            long r;
            try {
                r = (long) READ.invokeExact(state, fd, buf, buf.byteSize());
            } catch (Throwable t) {
                throw new IllegalStateException("calling read", t);
            }
            if (r >= 0) {
                return (int) r;
            }
            int e = errno(state);
            if (e != EINTR) {
                throw new IOException("read " + name + ": errno " + e + (closed ? " (closed)" : ""));
            }
        }
    }

    /** Writes the packet in {@code buf[0, length)} (native memory) to the kernel. */
    public void write(MemorySegment buf, int length, MemorySegment state) throws IOException {
        while (true) {
            long r;
            try {
                r = (long) WRITE.invokeExact(state, fd, buf, (long) length);
            } catch (Throwable t) {
                throw new IllegalStateException("calling write", t);
            }
            if (r == length) {
                return;
            }
            int e = errno(state);
            if (r >= 0 || e != EINTR) {
                throw new IOException("write " + name + " (" + length + " bytes): " + (r >= 0 ? "short write " + r : "errno " + e));
            }
        }
    }

    /** A segment for one thread's calls' errno, from {@code arena}. */
    public static MemorySegment callState(Arena arena) {
        return arena.allocate(CALL_STATE);
    }

    /** Sets the calling thread's timer slack (nanoseconds; Linux's default is 50 us); false where refused. */
    public static boolean setTimerSlack(long nanos) {
        try {
            return (int) PRCTL.invokeExact(PR_SET_TIMERSLACK, nanos) == 0;
        } catch (Throwable t) {
            throw new IllegalStateException("calling prctl", t);
        }
    }

    public String name() {
        return name;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                int ignored = (int) CLOSE.invokeExact(fd);
            } catch (Throwable t) {
                throw new IllegalStateException("calling close", t);
            }
        }
    }

    private static int errno(MemorySegment state) {
        return (int) ERRNO.get(state, 0L);
    }

    private static MethodHandle handle(String fn, FunctionDescriptor d, Linker.Option... options) {
        MemorySegment addr = LIBC.find(fn).orElseThrow(() -> new IllegalStateException("libc has no " + fn));
        return LINKER.downcallHandle(addr, d, options);
    }
}
