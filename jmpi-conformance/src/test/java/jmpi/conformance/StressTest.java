package jmpi.conformance;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** Many messages of random sizes, tags and peers; every payload checksummed and ordered per (source, tag). */
@Timeout(120)
class StressTest {
    /** 3 rounds of 2000 messages among 8 ranks, 0..200000 bytes, 4 tags, ANY_SOURCE receives. */
    public static class RandomTraffic {
        static final int MESSAGES = 2000;
        static final int TAGS = 4;
        static final int MAX = 200_000;
        /** Set from the program arguments: [rounds] [messages per round] [largest message]. */
        static int rounds = 3;
        static int messages = MESSAGES;
        static int max = MAX;
        static final int HEADER = 12; // sequence number (int) + CRC32 of the rest (long)

        /** One planned message. */
        record Msg(int src, int dst, int tag, int size, int seq, boolean sync) {
        }

        /** The same plan on every rank (one seed). */
        static List<Msg> plan(int p, long seed) {
            SplittableRandom rnd = new SplittableRandom(seed);
            int[][][] seq = new int[p][p][TAGS];
            List<Msg> all = new ArrayList<>();
            for (int m = 0; m < messages; m++) {
                int src = rnd.nextInt(p);
                int dst = rnd.nextInt(p);
                int tag = rnd.nextInt(TAGS);
                int kind = rnd.nextInt(10);
                int size = kind < 5 ? rnd.nextInt(2_000) : kind < 8 ? rnd.nextInt(20_000) : rnd.nextInt(max + 1);
                all.add(new Msg(src, dst, tag, size, seq[src][dst][tag]++, rnd.nextInt(5) == 0));
            }
            return all;
        }

        static byte[] payload(Msg m) {
            byte[] b = new byte[m.size];
            SplittableRandom r = new SplittableRandom(((long) m.src << 40) ^ ((long) m.dst << 32) ^ ((long) m.tag << 24) ^ m.seq);
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) r.nextInt();
            }
            if (b.length >= HEADER) {
                ByteBuffer bb = ByteBuffer.wrap(b);
                bb.putInt(0, m.seq);
                bb.putLong(4, crc(b, b.length));
            }
            return b;
        }

        static long crc(byte[] b, int length) {
            CRC32 c = new CRC32();
            c.update(b, HEADER, length - HEADER);
            return c.getValue();
        }

        public static void main(String[] args) {
            args = MPI.Init(args);
            if (args.length == 3) {
                rounds = Integer.parseInt(args[0]);
                messages = Integer.parseInt(args[1]);
                max = Integer.parseInt(args[2]);
            }
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            for (long round = 0; round < rounds; round++) {
                exchange(w, plan(p, 20261122 + round));
            }
            MPI.Finalize();
        }

        /** Every rank sends its messages of {@code plan} (Isend, or Issend for some) and receives its own. */
        static void exchange(Intracomm w, List<Msg> plan) {
            int me = w.Rank();
            int p = w.Size();
            List<Request> sends = new ArrayList<>();
            // expected[src][tag]: sizes in send order
            List<List<List<Msg>>> expected = new ArrayList<>();
            for (int s = 0; s < p; s++) {
                List<List<Msg>> byTag = new ArrayList<>();
                for (int t = 0; t < TAGS; t++) {
                    byTag.add(new ArrayList<>());
                }
                expected.add(byTag);
            }
            int incoming = 0;
            int[] perTag = new int[TAGS];
            for (Msg m : plan) {
                if (m.src == me) {
                    byte[] b = payload(m);
                    sends.add(m.sync ? w.Issend(b, 0, b.length, MPI.BYTE, m.dst, m.tag)
                            : w.Isend(b, 0, b.length, MPI.BYTE, m.dst, m.tag));
                }
                if (m.dst == me) {
                    expected.get(m.src).get(m.tag).add(m);
                    incoming++;
                    perTag[m.tag]++;
                }
            }
            int[][] next = new int[p][TAGS];
            byte[] buf = new byte[max];
            int received = 0;
            for (int t = 0; t < TAGS; t++) {
                // odd ranks take any tag; even ranks drain tag by tag (both from ANY_SOURCE)
                int n = me % 2 == 1 ? (t == 0 ? incoming : 0) : perTag[t];
                for (int k = 0; k < n; k++) {
                    Status s = w.Recv(buf, 0, max, MPI.BYTE, MPI.ANY_SOURCE, me % 2 == 1 ? MPI.ANY_TAG : t);
                    List<Msg> list = expected.get(s.source).get(s.tag);
                    int idx = next[s.source][s.tag]++;
                    if (idx >= list.size()) {
                        throw new AssertionError("rank " + me + ": unexpected extra message from " + s.source
                                + " tag " + s.tag);
                    }
                    Msg m = list.get(idx);
                    int size = s.Get_count(MPI.BYTE);
                    Expect.equal(m.size, size, "size of message " + m + " (out of order or damaged)");
                    if (size >= HEADER) {
                        ByteBuffer bb = ByteBuffer.wrap(buf);
                        Expect.equal(m.seq, bb.getInt(0), "sequence number of " + m);
                        Expect.equal(crc(buf, size), bb.getLong(4), "checksum of " + m);
                    } else {
                        byte[] want = payload(m);
                        for (int i = 0; i < size; i++) {
                            Expect.equal(want[i], buf[i], "byte " + i + " of " + m);
                        }
                    }
                    received++;
                }
            }
            Expect.equal(incoming, received, "messages received");
            Request.Waitall(sends.toArray(new Request[0]));
            Expect.isTrue(w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "a message left over");
            w.Barrier(); // the next round's messages must not meet this round's Iprobe
        }
    }

    @Test
    @Timeout(60)
    void randomTrafficAmongEightRanks() {
        long t0 = System.nanoTime();
        MultiRank.runOk(8, RandomTraffic.class, Duration.ofSeconds(40));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.println("StressTest.randomTrafficAmongEightRanks: " + ms + " ms");
    }
}
