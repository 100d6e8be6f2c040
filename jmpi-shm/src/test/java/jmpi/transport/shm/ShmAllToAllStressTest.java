package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * Four ranks (threads) with the smallest rings, each sending a random mix of eager frames (up to
 * 200 KB, so split), control frames and DATA frames (up to 300 KB) to every rank including itself,
 * while polling. Every receiver checks each sender's order and every payload's checksum.
 */
@Timeout(60)
class ShmAllToAllStressTest {
    private static final int RANKS = 4;
    private static final int PER_PAIR = 300;

    private static int size(Random r) {
        int k = r.nextInt(20);
        return k == 0 ? r.nextInt(200_000) : k < 3 ? r.nextInt(5_000) : r.nextInt(100);
    }

    private static byte[] bytes(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static long crc(byte[] b, int len) {
        CRC32 c = new CRC32();
        c.update(b, 0, len);
        return c.getValue();
    }

    /** Receiver state: next expected tag per sender, DATA assembly per receive id. */
    private static final class CheckingSink implements FrameSink {
        final int self;
        final int[] next = new int[RANKS];
        final Map<Long, byte[]> data = new HashMap<>();
        final Map<Long, Integer> got = new HashMap<>();
        int frames;
        int dataDone;

        CheckingSink(int self) {
            this.self = self;
        }

        @Override
        public void accept(Frame f) {
            assertEquals(next[f.sender], f.tag, "order from rank " + f.sender + " at rank " + self);
            next[f.sender]++;
            long seed = (long) f.sender * 1_000_003 + (long) self * 1009 + f.tag;
            if (f.kind == Frame.EAGER) {
                byte[] p = f.bytes;
                assertEquals(f.count, p.length);
                assertEquals(crc(bytes(seed, f.count), f.count), crc(p, p.length), "eager payload " + f.tag);
            } else {
                assertEquals(seed, f.sendId);
            }
            frames++;
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment d,
                                  long offset, int bytes) {
            return false;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            int total = (int) (recvId & 0xfffffff);
            byte[] into = data.computeIfAbsent(recvId, k -> new byte[total]);
            MemorySegment.copy(src, srcOffset, MemorySegment.ofArray(into), messageOffset, bytes);
            int sum = got.merge(recvId, (int) bytes, Integer::sum);
            if (sum == total) {
                assertEquals(crc(bytes(recvId, total), total), crc(into, total), "data " + recvId);
                data.remove(recvId);
                dataDone++;
            }
        }
    }

    @Test
    void everyRankSendsToEveryRank() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(RANKS, Map.of(ShmConfig.RING_BYTES, "65536"));
        ExecutorService pool = Executors.newFixedThreadPool(RANKS);
        try {
            List<Future<int[]>> results = new ArrayList<>();
            for (int r = 0; r < RANKS; r++) {
                int me = r;
                results.add(pool.submit(() -> run(eps[me], me)));
            }
            int frames = 0;
            int data = 0;
            for (Future<int[]> f : results) {
                int[] x = f.get(55, TimeUnit.SECONDS);
                frames += x[0];
                data += x[1];
            }
            assertEquals(RANKS * RANKS * PER_PAIR, frames + data);
        } finally {
            pool.shutdownNow();
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /** Sends this rank's frames, then polls until it received everything; returns {frames, data}. */
    private static int[] run(Endpoint ep, int me) {
        Random r = new Random(me);
        CheckingSink sink = new CheckingSink(me);
        // what this rank will receive: the senders' random choices, replayed
        int expectFrames = 0;
        int expectData = 0;
        for (int s = 0; s < RANKS; s++) {
            Random their = new Random(s);
            for (int i = 0; i < PER_PAIR; i++) {
                for (int d = 0; d < RANKS; d++) {
                    int kind = their.nextInt(10);
                    size(their);
                    if (d == me) {
                        if (kind == 0) {
                            expectData++;
                        } else {
                            expectFrames++;
                        }
                    }
                }
            }
        }
        int[] sentTo = new int[RANKS];
        for (int i = 0; i < PER_PAIR; i++) {
            for (int d = 0; d < RANKS; d++) {
                int kind = r.nextInt(10);
                int n = size(r);
                Frame f = new Frame();
                if (kind == 0) {
                    f.kind = Frame.DATA;
                    f.recvId = ((long) ((me * RANKS + d) * PER_PAIR + i) << 28) | (n + 300_000L);
                    f.data = MemorySegment.ofArray(bytes(f.recvId, n + 300_000));
                } else {
                    f.tag = sentTo[d]++;
                    long seed = (long) me * 1_000_003 + (long) d * 1009 + f.tag;
                    if (kind < 3) {
                        f.kind = kind == 1 ? Frame.CTS : Frame.ACK;
                        f.sendId = seed;
                    } else {
                        f.kind = Frame.EAGER;
                        f.count = n;
                        f.data = MemorySegment.ofArray(bytes(seed, n));
                    }
                }
                ep.send(d, f);
                ep.poll(sink);
            }
        }
        long deadline = System.nanoTime() + 50_000_000_000L;
        while (sink.frames < expectFrames || sink.dataDone < expectData) {
            if (ep.poll(sink) == 0) {
                Thread.onSpinWait();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("rank " + me + ": " + sink.frames + " of " + expectFrames + " frames, "
                        + sink.dataDone + " of " + expectData + " data");
            }
        }
        return new int[] {sink.frames, sink.dataDone};
    }
}
