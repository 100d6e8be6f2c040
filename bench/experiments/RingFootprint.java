import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;

/**
 * Why the threads transport's eager ring starts over early (jmpi.transport.threads.EagerRing), without jmpi: two
 * threads, pinned to cores 0 and 1, ping-pong a message through two rings laid out as the eager ring's (records on
 * 64-byte lines, a stamp written last, the reader zeroing the first word of each consumed line and giving lines
 * back in batches), one per direction. Configurations: a 4 KiB area and a 64 KiB area that run round their whole
 * area, and a 64 KiB area whose writer starts over at the area's start once it is 8 KiB in and its reader has
 * caught up. Prints the one-way time (ns) per message size, per round (the first round is JIT warm-up). Linux only.
 * Run: {@code java --enable-native-access=ALL-UNNAMED bench/experiments/RingFootprint.java [rounds]}.
 */
public final class RingFootprint {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    private static final MethodHandle AFFINITY = Linker.nativeLinker().downcallHandle(
            Linker.nativeLinker().defaultLookup().find("sched_setaffinity").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
    private static final int ZONE = 8192;
    private static final int BATCH = 1024;

    private RingFootprint() {
    }

    private static void pin(int cpu) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment set = a.allocate(128);
            set.set(ValueLayout.JAVA_LONG, 0, 1L << cpu);
            if ((int) AFFINITY.invokeExact(0, 128L, set) != 0) {
                throw new IllegalStateException("sched_setaffinity failed");
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    private static long align(long b) {
        return (b + 63) & -64;
    }

    /** One direction: the area, the writer's and the reader's counters (each side touches only its own). */
    private static final class Ring {
        final int cap;
        final boolean restart;
        final MemorySegment area;
        long tail;
        long cachedHead;
        long lookedAt = Long.MIN_VALUE / 2;
        long p0, p1, p2, p3, p4, p5, p6, p7;
        long pos;
        long released;

        Ring(int cap, boolean restart) {
            this.cap = cap;
            this.restart = restart;
            this.area = Arena.ofAuto().allocate(cap + 128L, 128);
        }

        void write(long seq, byte[] src, int n) {
            long size = align(32 + n);
            long t = tail;
            long idx = t & (cap - 1);
            long toEnd = cap - idx;
            long pad = toEnd < size ? toEnd : 0;
            if (restart && pad == 0 && idx >= ZONE && t - lookedAt >= ZONE) {
                long h = (long) LONG.getAcquire(area, (long) cap);
                cachedHead = h;
                if (t - h > 2 * BATCH) {
                    lookedAt = t;
                } else if (cap - (t - h) >= toEnd + size + 64) {
                    pad = toEnd;
                }
            }
            while (cap - (t - cachedHead) < pad + size + 64) {
                cachedHead = (long) LONG.getAcquire(area, (long) cap);
            }
            if (pad != 0) {
                area.set(ValueLayout.JAVA_LONG, idx + 8, pad);
                LONG.setRelease(area, idx, -seq);
                t += pad;
                idx = 0;
            }
            MemorySegment.copy(src, 0, area, ValueLayout.JAVA_BYTE, idx + 32, n);
            LONG.setVolatile(area, idx, seq);
            tail = t + size;
        }

        void read(long seq, byte[] dst, int n) {
            long idx = pos & (cap - 1);
            long s;
            while ((s = (long) LONG.getAcquire(area, idx)) != seq) {
                if (s == -seq) { // a pad: zero the consumed lines and the pad's line, skip to the start
                    long bytes = area.get(ValueLayout.JAVA_LONG, idx + 8);
                    for (long q = released; q <= pos; q += 64) {
                        area.set(ValueLayout.JAVA_LONG, q & (cap - 1), 0L);
                    }
                    pos += bytes;
                    released = pos;
                    LONG.setRelease(area, (long) cap, pos);
                    idx = 0;
                }
                Thread.onSpinWait();
            }
            MemorySegment.copy(area, ValueLayout.JAVA_BYTE, idx + 32, dst, 0, n);
            pos += align(32 + n);
            if (pos - released >= Math.min(BATCH, cap / 8)) {
                for (long q = released; q < pos; q += 64) {
                    area.set(ValueLayout.JAVA_LONG, q & (cap - 1), 0L);
                }
                released = pos;
                LONG.setRelease(area, (long) cap, pos);
            }
        }
    }

    private static double oneWayNanos(int cap, boolean restart, int n, int trips) throws InterruptedException {
        Ring there = new Ring(cap, restart);
        Ring back = new Ring(cap, restart);
        Thread echo = new Thread(() -> {
            pin(1);
            byte[] in = new byte[n];
            for (long i = 1; i <= trips; i++) {
                there.read(i, in, n);
                back.write(i, in, n);
            }
        });
        echo.start();
        byte[] out = new byte[n];
        byte[] in = new byte[n];
        long t0 = System.nanoTime();
        for (long i = 1; i <= trips; i++) {
            there.write(i, out, n);
            back.read(i, in, n);
        }
        long ns = System.nanoTime() - t0;
        echo.join();
        return ns / (2.0 * trips);
    }

    public static void main(String[] args) throws InterruptedException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        pin(0);
        int[] sizes = {16, 256, 512, 1024, 2048, 4096};
        Object[][] configs = {{4096, false, "4 KiB area"}, {65536, false, "64 KiB area"},
                {65536, true, "64 KiB area, early start over"}};
        System.out.print("# one-way ns per message size:");
        for (int n : sizes) {
            System.out.print(" " + n);
        }
        System.out.println();
        for (int r = 0; r < rounds; r++) {
            for (Object[] c : configs) {
                int cap = (Integer) c[0];
                StringBuilder line = new StringBuilder("round " + r + " " + c[2] + ":");
                for (int n : sizes) {
                    line.append(cap / 4 < n + 32 ? " -" : String.format(" %.0f", oneWayNanos(cap, (Boolean) c[1], n, 200_000)));
                }
                System.out.println(line);
            }
        }
    }
}
