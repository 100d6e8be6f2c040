package jmpi.conformance;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.elsewhere.Gadget;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpjbuf.Buffer;
import mpjbuf.BufferException;
import mpjbuf.BufferFactory;
import mpjbuf.BufferOverflowException;
import mpjbuf.BufferUnderflowException;
import mpjbuf.DynamicBufferException;
import mpjbuf.SectionSizeMismatchException;
import mpjbuf.Type;
import mpjbuf.TypeMismatchException;
import mpjbuf.WrongStateException;

/**
 * MPJ Express's {@code mpjbuf.Buffer} as a message: {@code Comm.Pack} / {@code Unpack} into one, the
 * buffer's own write / read methods, sent and received with {@code MPI.PACKED} on every point-to-point
 * path, and the failures (overflow, wrong types, truncation, refused objects, wrong states).
 */
@Timeout(120)
class MpjBufferTest {
    private static final Duration T = Duration.ofSeconds(60);

    interface BufferCall {
        void run() throws BufferException;
    }

    /** {@code call} must throw {@code kind}; returns it. */
    static <E extends BufferException> E fails(Class<E> kind, String what, BufferCall call) {
        try {
            call.run();
        } catch (BufferException e) {
            if (!kind.isInstance(e)) {
                throw new AssertionError(what + ": expected " + kind.getSimpleName() + " but got " + e, e);
            }
            return kind.cast(e);
        }
        throw new AssertionError(what + ": expected " + kind.getSimpleName() + ", none thrown");
    }

    static final int[] INTS = {1, -2, 3, Integer.MAX_VALUE, Integer.MIN_VALUE};
    static final double[] DOUBLES = {0.5, -1e300, Math.PI};
    static final byte[] BYTES = {7, -128, 127, 0};
    static final String[] STRINGS = {"alpha", null, "γ"};

    /**
     * Mixed sections packed with Comm.Pack (int, double, byte, String objects, a vector of a derived
     * type), sent with Send / PACKED and unpacked with Unpack at the sender's positions; then the same
     * buffer, cleared by the send, is reused for sections written with the Buffer's own methods (static,
     * dynamic, gathered, strided) and sent with Ssend, Isend, Issend, Rsend, Bsend, Send_init and
     * Sendrecv; the receiver reads with Buffer.read / scatter / strScatter.
     */
    public static class Mixed {
        public static void main(String[] args) throws BufferException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            Datatype every2nd = MPI.LONG.Vector(3, 1, 2);
            every2nd.Commit();
            long[] longs = {10, -1, 20, -1, 30};
            // Pack_size counts the elements' bytes; each section adds a header and up to 7 bytes of padding.
            int perSection = Buffer.SECTION_OVERHEAD + Buffer.ALIGNMENT_UNIT - 1;
            int capacity = w.Pack_size(INTS.length, MPI.INT) + w.Pack_size(DOUBLES.length, MPI.DOUBLE)
                    + w.Pack_size(BYTES.length, MPI.BYTE) + w.Pack_size(1, every2nd) + 5 * perSection;
            if (w.Rank() == 0) {
                // MPJ Express's idiom: the capacity given counts the offset too; the buffer gets what is left.
                Buffer b = new Buffer(BufferFactory.create(capacity + 64), 64, capacity + 64);
                Expect.equal(capacity, b.getCapacity(), "capacity after the offset");
                int[] positions = new int[6];
                int pos = 0;
                pos = positions[0] = w.Pack(INTS, 0, INTS.length, MPI.INT, b, pos);
                pos = positions[1] = w.Pack(DOUBLES, 1, 2, MPI.DOUBLE, b, pos);
                pos = positions[2] = w.Pack(BYTES, 0, BYTES.length, MPI.BYTE, b, pos);
                pos = positions[3] = w.Pack(STRINGS, 0, STRINGS.length, MPI.OBJECT, b, pos);
                pos = positions[4] = w.Pack(longs, 0, 1, every2nd, b, pos);
                Expect.isTrue(pos <= capacity, "Pack_size plus the sections' overhead bounds them: " + pos + " <= "
                        + capacity);
                w.Send(positions, 0, 5, MPI.INT, 1, 0);
                w.Send(b, 0, pos, MPI.PACKED, 1, 1);
                Expect.isTrue(b.isWritable(), "sent buffer is writeable again");
                Expect.equal(0, b.getSize(), "sent buffer is empty");

                // Reuse: the Buffer's own methods.
                b.putSectionHeader(Type.INT);
                b.write(INTS, 1, 3);
                b.putSectionHeader(Type.DOUBLE_DYNAMIC);
                b.write(DOUBLES, 0, DOUBLES.length);
                b.putSectionHeader(Type.SHORT);
                b.gather(new short[] {5, 6, 7, 8}, 3, 1, new int[] {9, 3, 0, 2});
                b.putSectionHeader(Type.CHAR);
                // rows 0..1 of a 2x3 char matrix, column-reversed: shape = {2, 3 | 3, -1}
                b.strGather("abcdef".toCharArray(), 2, 2, 0, 2, new int[] {2, 3, 3, -1});
                b.putSectionHeader(Type.OBJECT);
                b.write(new Object[] {List.of(1, 2), "x", new ObjectTest.Point(3, 4)}, 0, 3);
                b.putSectionHeader(Type.BOOLEAN);
                b.write(new boolean[] {true, false, true}, 0, 3);
                Expect.equal(6, b.getSectionSize() + 3, "section size so far");
                w.Ssend(b, 0, 0, MPI.PACKED, 1, 2);

                // Every other send path: one int section each.
                String[] paths = {"Isend", "Issend", "Rsend", "Bsend", "Send_init", "Sendrecv"};
                MPI.Buffer_attach(new byte[4096]);
                for (int i = 0; i < paths.length; i++) {
                    b.putSectionHeader(Type.INT);
                    b.write(new int[] {i, i * i}, 0, 2);
                    int tag = 10 + i;
                    switch (paths[i]) {
                        case "Isend" -> w.Isend(b, 0, 0, MPI.PACKED, 1, tag).Wait();
                        case "Issend" -> w.Issend(b, 0, 0, MPI.PACKED, 1, tag).Wait();
                        case "Rsend" -> {
                            w.Recv(new int[0], 0, 0, MPI.INT, 1, 99); // rank 1 has posted its receive
                            w.Rsend(b, 0, 0, MPI.PACKED, 1, tag);
                        }
                        case "Bsend" -> w.Bsend(b, 0, 0, MPI.PACKED, 1, tag);
                        case "Send_init" -> {
                            Prequest p = w.Send_init(b, 0, 0, MPI.PACKED, 1, tag);
                            p.Start();
                            p.Wait();
                        }
                        case "Sendrecv" -> {
                            Buffer back = new Buffer(64);
                            w.Sendrecv(b, 0, 0, MPI.PACKED, 1, tag, back, 0, 0, MPI.PACKED, 1, tag);
                            Expect.equal(Type.LONG, back.getSectionHeader(), "Sendrecv reply section");
                            long[] got = new long[1];
                            back.read(got, 0, 1);
                            Expect.equal(42L, got[0], "Sendrecv reply");
                        }
                        default -> throw new AssertionError(paths[i]);
                    }
                    Expect.equal(0, b.getSize(), paths[i] + " clears the buffer");
                }
                MPI.Buffer_detach();
                b.free();
                BufferFactory.destroy(b.getStaticBuffer());
            } else if (w.Rank() == 1) {
                int[] positions = new int[5];
                w.Recv(positions, 0, 5, MPI.INT, 0, 0);
                Buffer b = new Buffer(capacity);
                w.Recv(b, 0, capacity, MPI.PACKED, 0, 1);
                Expect.isTrue(!b.isWritable(), "received buffer is readable");
                int[] ints = new int[INTS.length + 2];
                int pos = w.Unpack(b, 0, ints, 1, INTS.length, MPI.INT);
                Expect.equal(positions[0], pos, "position after the ints");
                Expect.isTrue(Arrays.equals(INTS, Arrays.copyOfRange(ints, 1, 1 + INTS.length)), "ints " + Arrays.toString(ints));
                double[] doubles = new double[3]; // room for more than was packed: fills the first two
                pos = w.Unpack(b, pos, doubles, 0, 3, MPI.DOUBLE);
                Expect.equal(positions[1], pos, "position after the doubles");
                Expect.isTrue(Arrays.equals(new double[] {DOUBLES[1], DOUBLES[2], 0}, doubles), "doubles " + Arrays.toString(doubles));
                byte[] bytes = new byte[BYTES.length];
                pos = w.Unpack(b, pos, bytes, 0, bytes.length, MPI.BYTE);
                Expect.equal(positions[2], pos, "position after the bytes");
                Expect.isTrue(Arrays.equals(BYTES, bytes), "bytes");
                String[] strings = new String[3];
                pos = w.Unpack(b, pos, strings, 0, 3, MPI.OBJECT);
                Expect.equal(positions[3], pos, "position after the objects");
                Expect.equal(Arrays.asList(STRINGS), Arrays.asList(strings), "strings");
                long[] got = {-5, -5, -5, -5, -5};
                pos = w.Unpack(b, pos, got, 0, 1, every2nd);
                Expect.equal(positions[4], pos, "position after the vector");
                Expect.isTrue(Arrays.equals(new long[] {10, -5, 20, -5, 30}, got), "vector " + Arrays.toString(got));
                fails(BufferUnderflowException.class, "no more sections", b::getSectionHeader);
                BufferFactory.destroy(b.getStaticBuffer());

                // The Buffer's own methods, received into a buffer made from a factory raw buffer at an offset.
                Buffer b2 = new Buffer(BufferFactory.create(capacity + 16), 16, capacity);
                w.Recv(b2, 0, 0, MPI.PACKED, 0, 2);
                Expect.equal(Type.INT, b2.getSectionHeader(), "first section");
                Expect.equal(3, b2.getSectionSize(), "first section's size");
                int[] three = new int[3];
                b2.read(three, 0, 2);
                Expect.equal(1, b2.getRemaining(), "remaining");
                fails(SectionSizeMismatchException.class, "read past the section", () -> b2.read(three, 0, 2));
                fails(SectionSizeMismatchException.class, "next section before this one is read", b2::getSectionHeader);
                b2.read(three, 2, 1);
                Expect.isTrue(Arrays.equals(new int[] {INTS[1], INTS[2], INTS[3]}, three), "static ints");
                Expect.equal(Type.DOUBLE_DYNAMIC, b2.getSectionHeader(), "dynamic section");
                fails(TypeMismatchException.class, "ints from a double section", () -> b2.read(new int[3], 0, 3));
                double[] ds = new double[3];
                b2.read(ds, 0, 3);
                Expect.isTrue(Arrays.equals(DOUBLES, ds), "dynamic doubles");
                Expect.equal(Type.SHORT, b2.getSectionHeader(), "short section");
                short[] shorts = new short[4];
                b2.scatter(shorts, 3, 0, new int[] {3, 1, 0});
                Expect.isTrue(Arrays.equals(new short[] {7, 5, 0, 8}, shorts), "scattered shorts " + Arrays.toString(shorts));
                Expect.equal(Type.CHAR, b2.getSectionHeader(), "char section");
                char[] chars = new char[6];
                b2.strScatter(chars, 0, 1, 0, 1, new int[] {6, 1});
                Expect.equal("cbafed", new String(chars), "strided chars");
                Expect.equal(Type.OBJECT, b2.getSectionHeader(), "object section");
                Object[] objs = new Object[3];
                b2.read(objs, 0, 3);
                // the Point is an instance of this rank's own class (its class loader read it)
                Expect.equal(Arrays.asList(List.of(1, 2), "x", new ObjectTest.Point(3, 4)), Arrays.asList(objs), "objects");
                Expect.equal(Type.BOOLEAN, b2.getSectionHeader(), "boolean section");
                boolean[] flags = new boolean[3];
                b2.read(flags, 0, 3);
                Expect.isTrue(Arrays.equals(new boolean[] {true, false, true}, flags), "booleans");
                b2.commit(); // rewind
                Expect.equal(Type.INT, b2.getSectionHeader(), "rewound");
                b2.clear();
                fails(WrongStateException.class, "read a cleared buffer", b2::getSectionHeader);

                String[] paths = {"Isend", "Issend", "Rsend", "Bsend", "Send_init", "Sendrecv"};
                for (int i = 0; i < paths.length; i++) {
                    int tag = 10 + i;
                    Buffer r = new Buffer(32);
                    switch (paths[i]) {
                        case "Rsend" -> {
                            Request q = w.Irecv(r, 0, 0, MPI.PACKED, 0, tag);
                            w.Send(new int[0], 0, 0, MPI.INT, 0, 99);
                            q.Wait();
                        }
                        case "Issend", "Bsend" -> w.Irecv(r, 0, 0, MPI.PACKED, 0, tag).Wait();
                        case "Send_init" -> {
                            Prequest p = w.Recv_init(r, 0, 0, MPI.PACKED, 0, tag);
                            p.Start();
                            p.Wait();
                        }
                        case "Sendrecv" -> {
                            Buffer reply = new Buffer(16);
                            reply.putSectionHeader(Type.LONG);
                            reply.write(new long[] {42}, 0, 1);
                            w.Sendrecv(reply, 0, 0, MPI.PACKED, 0, tag, r, 0, 0, MPI.PACKED, 0, tag);
                        }
                        default -> w.Recv(r, 0, 0, MPI.PACKED, 0, tag);
                    }
                    Expect.equal(Type.INT, r.getSectionHeader(), paths[i] + " section");
                    int[] two = new int[2];
                    r.read(two, 0, 2);
                    Expect.isTrue(Arrays.equals(new int[] {i, i * i}, two), paths[i] + " data " + Arrays.toString(two));
                }
            }
            MPI.Finalize();
        }
    }

    /** Overflow, wrong types, truncation, misuse and refused objects: each named, and communication goes on. */
    public static class Failures {
        public static void main(String[] args) throws BufferException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                Buffer small = new Buffer(24);
                Expect.error(MPI.ERR_TRUNCATE, "Pack past the capacity", () -> w.Pack(new int[10], 0, 10, MPI.INT, small, 0));
                fails(BufferOverflowException.class, "write past the capacity", () -> {
                    small.clear();
                    small.putSectionHeader(Type.LONG);
                    small.write(new long[3], 0, 3);
                });
                fails(WrongStateException.class, "write without a section", () -> {
                    small.clear();
                    small.write(new int[1], 0, 1);
                });
                Expect.error(MPI.ERR_TYPE, "a Buffer with MPI.BYTE", () -> w.Send(small, 0, 1, MPI.BYTE, 1, 1));
                Expect.error(MPI.ERR_TYPE, "a Buffer in a collective", () -> w.Bcast(small, 0, 1, MPI.PACKED, 0));
                Expect.error(MPI.ERR_TYPE, "a Buffer in Sendrecv_replace",
                        () -> w.Sendrecv_replace(small, 0, 1, MPI.PACKED, 0, 7, 0, 7));

                // 1: too big for the receiver's buffer (Recv and Irecv); 2: ints unpacked as doubles;
                // 3: more ints than the receive holds; 4: an object outside the allow-list; 5: not a buffer
                Buffer big = new Buffer(256);
                big.putSectionHeader(Type.BYTE);
                big.write(new byte[200], 0, 200);
                w.Send(big, 0, 0, MPI.PACKED, 1, 1);
                big.putSectionHeader(Type.BYTE);
                big.write(new byte[200], 0, 200);
                w.Send(big, 0, 0, MPI.PACKED, 1, 1);
                int pos = w.Pack(new int[] {1, 2, 3}, 0, 3, MPI.INT, big, 0);
                w.Send(big, 0, pos, MPI.PACKED, 1, 2);
                pos = w.Pack(new int[] {1, 2, 3}, 0, 3, MPI.INT, big, 0);
                w.Send(big, 0, pos, MPI.PACKED, 1, 3);
                pos = w.Pack(new Object[] {"fine", new Gadget()}, 0, 2, MPI.OBJECT, big, 0);
                w.Send(big, 0, pos, MPI.PACKED, 1, 4);
                w.Send(new int[] {5}, 0, 1, MPI.INT, 1, 5);
                pos = w.Pack(new int[] {6}, 0, 1, MPI.INT, big, 0);
                w.Send(big, 0, pos, MPI.PACKED, 1, 6);
            } else if (w.Rank() == 1) {
                Buffer r = new Buffer(64);
                Expect.error(MPI.ERR_TRUNCATE, "static part larger than the receiving buffer",
                        () -> w.Recv(r, 0, 0, MPI.PACKED, 0, 1));
                Buffer r2 = new Buffer(64);
                w.Irecv(r2, 0, 0, MPI.PACKED, 0, 1).Wait();
                fails(BufferOverflowException.class, "Irecv of a static part too large, at first use", r2::getSectionHeader);

                Buffer b = new Buffer(64);
                w.Recv(b, 0, 0, MPI.PACKED, 0, 2);
                Expect.error(MPI.ERR_TYPE, "ints unpacked as doubles", () -> w.Unpack(b, 0, new double[3], 0, 3, MPI.DOUBLE));
                w.Recv(b, 0, 0, MPI.PACKED, 0, 3);
                Expect.error(MPI.ERR_TRUNCATE, "three ints into room for two", () -> w.Unpack(b, 0, new int[2], 0, 2, MPI.INT));
                w.Recv(b, 0, 0, MPI.PACKED, 0, 4);
                Expect.equal(Type.OBJECT, b.getSectionHeader(), "object section of the refused object");
                Object[] o = new Object[2];
                DynamicBufferException refused = fails(DynamicBufferException.class, "Gadget refused",
                        () -> b.read(o, 0, 2));
                Expect.isTrue(refused.getMessage().contains(Gadget.class.getName()), "names the class: " + refused.getMessage());
                Expect.isTrue(System.getProperty(Gadget.RAN) == null, "Gadget.readObject ran");
                b.commit();
                MPIExceptionMessage.contains(Expect.error(MPI.ERR_TYPE, "Gadget refused by Unpack",
                        () -> w.Unpack(b, 0, new Object[2], 0, 2, MPI.OBJECT)).getMessage(), Gadget.class.getName());
                Expect.error(MPI.ERR_TYPE, "an int message into a Buffer", () -> w.Recv(b, 0, 0, MPI.PACKED, 0, 5));
                w.Recv(b, 0, 0, MPI.PACKED, 0, 6);
                int[] six = new int[1];
                w.Unpack(b, 0, six, 0, 1, MPI.INT);
                Expect.equal(6, six[0], "message after the failures");
                b.free();
                fails(WrongStateException.class, "use after free", b::commit);
            }
            MPI.Finalize();
        }
    }

    static final class MPIExceptionMessage {
        static void contains(String message, String part) {
            Expect.isTrue(message.contains(part), "message names " + part + ": " + message);
        }
    }

    @AfterEach
    void clear() {
        System.clearProperty("jmpi.threads.encode");
        System.clearProperty("jmpi.eager.limit");
    }

    @Test
    void mixedSectionsOnEveryPath() {
        MultiRank.runOk(2, Mixed.class, T);
    }

    @Test
    void failures() {
        MultiRank.runOk(2, Failures.class, T);
    }

    /** Over the byte protocols (as shm and tcp): eager, and every message rendezvous. */
    @ParameterizedTest(name = "eager.limit={0}")
    @ValueSource(strings = {"16384", "0"})
    void overBytes(String eagerLimit) {
        System.setProperty("jmpi.threads.encode", "true");
        System.setProperty("jmpi.eager.limit", eagerLimit);
        MultiRank.runOk(2, Mixed.class, T);
        MultiRank.runOk(2, Failures.class, T);
    }
}
