package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.elsewhere.Gadget;
import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Status;

/** MPI.OBJECT: JDK values and collections, the program's own classes, copies, and the allow-list. */
@Timeout(120)
class ObjectTest {
    private static final Duration T = Duration.ofSeconds(60);

    /** A program class (in the main class's package, so allowed by default). */
    public static final class Point implements Serializable {
        private static final long serialVersionUID = 1L;
        int x;
        int y;
        int[] history;
        List<String> labels = new ArrayList<>();

        Point(int x, int y) {
            this.x = x;
            this.y = y;
            this.history = new int[] {x, y, x + y};
            labels.add("p" + x);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point p && p.x == x && p.y == y && Arrays.equals(p.history, history)
                    && p.labels.equals(labels);
        }

        @Override
        public int hashCode() {
            return Objects.hash(x, y);
        }

        @Override
        public String toString() {
            return "Point(" + x + "," + y + "," + Arrays.toString(history) + "," + labels + ")";
        }
    }

    static Map<String, Object> map() {
        Map<String, Object> m = new HashMap<>();
        m.put("one", 1);
        m.put("list", new ArrayList<>(List.of("a", "b")));
        m.put("nested", new HashMap<>(Map.of("k", 2L)));
        m.put("array", new double[] {1.5, 2.5});
        return m;
    }

    /** Strings, Integers, program objects and a HashMap arrive equal, with offsets; they are copies. */
    public static class Objects_ {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            String[] strings = new String[5_000];
            for (int i = 0; i < strings.length; i++) {
                strings[i] = i % 100 == 0 ? null : "string " + i;
            }
            Integer[] ints = {null, 1, -2, 300_000, Integer.MIN_VALUE};
            Point[] points = {new Point(1, 2), new Point(3, 4), new Point(5, 6)};
            if (w.Rank() == 0) {
                w.Send(strings, 10, 4_000, MPI.OBJECT, 1, 1);
                w.Send(ints, 1, 4, MPI.OBJECT, 1, 2);
                w.Send(points, 0, 3, MPI.OBJECT, 1, 3);
                w.Send(new Object[] {map()}, 0, 1, MPI.OBJECT, 1, 4);
                w.Recv(new int[0], 0, 0, MPI.INT, 1, 5); // rank 1 has mutated what it received
                Expect.equal(new Point(3, 4), points[1], "sender's object after the receiver mutated its copy");
                Expect.equal("string 11", strings[11], "sender's string array");
            } else if (w.Rank() == 1) {
                String[] s = new String[4_002];
                Status st = w.Recv(s, 1, 4_000, MPI.OBJECT, 0, 1);
                Expect.equal(4_000, st.Get_count(MPI.OBJECT), "object count");
                Expect.isTrue(s[0] == null && s[4_001] == null, "elements around the received range written");
                for (int i = 0; i < 4_000; i++) {
                    Expect.equal(strings[10 + i], s[1 + i], "string " + i);
                }
                Object[] in = new Object[6];
                st = w.Recv(in, 2, 4, MPI.OBJECT, 0, 2);
                Expect.equal(4, st.Get_count(MPI.OBJECT), "Integer count");
                Expect.equal(Arrays.asList(null, null, 1, -2, 300_000, Integer.MIN_VALUE), Arrays.asList(in), "Integers");
                Point[] p = new Point[3];
                w.Recv(p, 0, 3, MPI.OBJECT, 0, 3);
                Expect.equal(Arrays.asList(points), Arrays.asList(p), "points");
                Object[] m = new Object[1];
                w.Recv(m, 0, 1, MPI.OBJECT, 0, 4);
                @SuppressWarnings("unchecked")
                Map<String, Object> got = (Map<String, Object>) m[0];
                Expect.equal(HashMap.class, got.getClass(), "map class");
                Expect.equal(1, got.get("one"), "map value");
                Expect.equal(List.of("a", "b"), got.get("list"), "map list");
                Expect.equal(Map.of("k", 2L), got.get("nested"), "nested map");
                Expect.isTrue(Arrays.equals(new double[] {1.5, 2.5}, (double[]) got.get("array")), "map array");
                // mutate the copies; the sender checks its originals
                p[1].x = 999;
                p[1].history[0] = 999;
                p[1].labels.add("changed");
                s[2] = "changed";
                w.Send(new int[0], 0, 0, MPI.INT, 0, 5);
            }
            MPI.Finalize();
        }
    }

    /**
     * A class outside the allow-list (a JDK class not on it, and a program class in another package
     * whose readObject has a side effect) is refused at the receiver with ERR_TYPE, before any of its code
     * runs; communication goes on afterwards.
     */
    public static class Refused {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                ConcurrentHashMap<String, Integer> chm = new ConcurrentHashMap<>(Map.of("a", 1));
                w.Send(new Object[] {chm}, 0, 1, MPI.OBJECT, 1, 1);
                w.Send(new Object[] {"fine", new Gadget()}, 0, 2, MPI.OBJECT, 1, 2);
                w.Send(new Object[] {List.of(new Gadget())}, 0, 1, MPI.OBJECT, 1, 3);
                w.Send(new Object[] {"after"}, 0, 1, MPI.OBJECT, 1, 4);
            } else if (w.Rank() == 1) {
                Object[] in = new Object[2];
                Expect.error(MPI.ERR_TYPE, "ConcurrentHashMap", () -> w.Recv(in, 0, 2, MPI.OBJECT, 0, 1));
                Expect.isTrue(in[0] == null, "refused object stored");
                Expect.error(MPI.ERR_TYPE, "Gadget", () -> w.Recv(in, 0, 2, MPI.OBJECT, 0, 2));
                Expect.error(MPI.ERR_TYPE, "Gadget in a list", () -> w.Recv(in, 0, 2, MPI.OBJECT, 0, 3));
                Expect.isTrue(System.getProperty(Gadget.RAN) == null, "Gadget.readObject ran on "
                        + System.getProperty(Gadget.RAN));
                Status s = w.Recv(in, 0, 2, MPI.OBJECT, 0, 4);
                Expect.equal(1, s.Get_count(MPI.OBJECT), "count after refusals");
                Expect.equal("after", in[0], "message after refusals");
            }
            MPI.Finalize();
        }
    }

    /** Objects that do not fit the receive array's element type fail the receive with ERR_TYPE. */
    public static class WrongElementType {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                w.Send(new Integer[] {1, 2}, 0, 2, MPI.OBJECT, 1, 1);
                w.Send(new Object[] {"ok"}, 0, 1, MPI.OBJECT, 1, 2);
            } else if (w.Rank() == 1) {
                String[] in = new String[2];
                Expect.error(MPI.ERR_TYPE, "Integers into a String[]", () -> w.Recv(in, 0, 2, MPI.OBJECT, 0, 1));
                Status s = w.Recv(in, 0, 2, MPI.OBJECT, 0, 2);
                Expect.equal("ok", in[0], "next message");
                Expect.equal(1, s.Get_count(MPI.OBJECT), "next count");
            }
            MPI.Finalize();
        }
    }

    /** A program class whose readObject fails. */
    public static final class Touchy implements Serializable {
        private static final long serialVersionUID = 1L;

        private void readObject(java.io.ObjectInputStream in) throws java.io.IOException, ClassNotFoundException {
            in.defaultReadObject();
            throw new IllegalStateException("Touchy refuses to be read");
        }
    }

    /**
     * An element whose own readObject throws fails that receive with ERR_TYPE; it does not escape from
     * whichever call happened to drive progress (here an Ssend on another tag), and a synchronous sender
     * of it is released.
     */
    public static class FailingReadObject {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                w.Ssend(new Object[] {new Touchy()}, 0, 1, MPI.OBJECT, 1, 1);
                w.Recv(new int[1], 0, 1, MPI.INT, 1, 2);
            } else if (w.Rank() == 1) {
                Object[] in = new Object[1];
                mpi.Request r = w.Irecv(in, 0, 1, MPI.OBJECT, 0, 1);
                w.Ssend(new int[] {5}, 0, 1, MPI.INT, 0, 2); // progress here delivers the Touchy
                Expect.error(MPI.ERR_TYPE, "Touchy", r::Wait);
            }
            MPI.Finalize();
        }
    }

    /** An element that cannot be serialized fails the send with ERR_TYPE at the sender. */
    public static class NotSerializable {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                Expect.error(MPI.ERR_TYPE, "Send of a java.lang.Object",
                        () -> w.Send(new Object[] {new Object()}, 0, 1, MPI.OBJECT, 1, 1));
                w.Send(new Object[] {"ok"}, 0, 1, MPI.OBJECT, 1, 2);
            } else if (w.Rank() == 1) {
                Object[] in = new Object[1];
                Status s = w.Recv(in, 0, 1, MPI.OBJECT, 0, MPI.ANY_TAG);
                Expect.equal(2, s.tag, "only the good message arrived");
            }
            MPI.Finalize();
        }
    }

    @Test
    void objectsRoundTripAsCopies() {
        MultiRank.runOk(2, Objects_.class, T);
    }

    @Test
    void classesOutsideTheAllowListAreRefused() {
        System.clearProperty(Gadget.RAN);
        MultiRank.runOk(2, Refused.class, T);
        assertNull(System.getProperty(Gadget.RAN), "Gadget.readObject ran");
    }

    @Test
    void objectsNotFittingTheReceiveArrayGiveErrType() {
        MultiRank.runOk(2, WrongElementType.class, T);
    }

    @Test
    void failingReadObjectGivesErrTypeAtTheReceive() {
        MultiRank.runOk(2, FailingReadObject.class, T);
    }

    @Test
    void unserializableElementGivesErrTypeAtTheSender() {
        MultiRank.runOk(2, NotSerializable.class, T);
    }
}
