import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.transport.threads.ThreadsFabric;

/**
 * The threads transport alone, without the engine or the mpi API: two threads ping-pong a message of SIZE bytes
 * through {@code Endpoint.trySendSmall} and {@code Endpoint.poll} (the fastbox up to 8 bytes, the eager ring above),
 * the receiving sink copying it into its own array. Prints the one-way time of each of 6 rounds of TRIPS round trips
 * (the first rounds are JIT warm-up). The harness keeps its own per-thread state on separate cache lines (a counter in
 * the middle of a 64-long array, arrays 256 bytes longer than the message), so that only the transport's layout is
 * measured. Run by bench/experiments/transport-pingpong.sh; an experiment, not a part of jmpi.
 * Usage: java -cp 'JARS:DIR' TransportPingPong SIZE TRIPS
 */
public class TransportPingPong {
    /** Where a rank's deliveries go: the message into {@code buf}, a count in the middle of {@code count}. */
    static final class Sink implements FrameSink {
        final byte[] buf;
        final long[] count = new long[64];

        Sink(int n) {
            buf = new byte[n + 256];
        }

        long delivered() {
            return count[32];
        }

        @Override
        public void accept(Frame f) {
            throw new IllegalStateException("a frame where the transport's memory was expected: " + f.kind);
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int n, MemorySegment data, long offset,
                                  int bytes) {
            MemorySegment.copy(data, ValueLayout.JAVA_BYTE, offset, buf, 0, bytes);
            count[32]++;
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            throw new IllegalStateException("rendezvous data in a small-message experiment");
        }
    }

    static void pong(Endpoint e, Sink s, byte[] b, int size, int trips) {
        for (int i = 0; i < trips; i++) {
            long g = s.delivered();
            while (s.delivered() == g) {
                e.poll(s);
            }
            while (!e.trySendSmall(0, 0, 1, 0, 1, b, 0, size, ValueLayout.JAVA_BYTE)) {
                e.poll(s);
            }
        }
    }

    static void ping(Endpoint e, Sink s, byte[] b, int size, int trips) {
        for (int i = 0; i < trips; i++) {
            long g = s.delivered();
            while (!e.trySendSmall(1, 0, 0, 0, 1, b, 0, size, ValueLayout.JAVA_BYTE)) {
                e.poll(s);
            }
            while (s.delivered() == g) {
                e.poll(s);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        int size = Integer.parseInt(args[0]);
        int trips = Integer.parseInt(args[1]);
        for (int round = 0; round < 6; round++) {
            ThreadsFabric fabric = new ThreadsFabric(2);
            Endpoint e0 = fabric.endpoint(0);
            Endpoint e1 = fabric.endpoint(1);
            byte[] b0 = new byte[size + 256];
            byte[] b1 = new byte[size + 256];
            Sink s0 = new Sink(size);
            Sink s1 = new Sink(size);
            Thread t = new Thread(() -> {
                for (int k = 0; k < 100; k++) {
                    pong(e1, s1, b1, size, trips / 100);
                }
            });
            t.start();
            long t0 = System.nanoTime();
            for (int k = 0; k < 100; k++) {
                ping(e0, s0, b0, size, trips / 100);
            }
            long ns = System.nanoTime() - t0;
            t.join();
            System.out.printf(java.util.Locale.ROOT, "size %d one-way %.1f ns%n", size, ns / 2.0 / (trips / 100 * 100));
        }
    }
}
