package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.AbstractMap;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.Currency;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Properties;
import java.util.Set;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
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

    /** An enum of the program's package. */
    public enum Colour { RED, GREEN }

    /**
     * Every kind of object the default allow-list admits: the java.util collections (legacy, sorted,
     * enum-keyed, the Collections / Arrays / immutable implementations and their serial proxies, views,
     * entries, comparators), value classes, boxed primitives, String, java.math, java.time (its serial
     * proxies), enums of allowed classes, and arrays of them; each arrives equal, of the same class.
     */
    static List<Object> allowedValues() {
        List<Object> v = new ArrayList<>();
        Vector<Object> vector = new Vector<>(List.of(1, "two", 3.0));
        v.add(vector);
        Stack<String> stack = new Stack<>();
        stack.push("bottom");
        stack.push("top");
        v.add(stack);
        v.add(new Hashtable<>(Map.of("k", 1L, "l", 2L)));
        Properties props = new Properties();
        props.setProperty("name", "jmpi");
        v.add(props);
        v.add(new ArrayList<>(List.of("a", "b")));
        v.add(new LinkedList<>(List.of(1, 2, 3)));
        v.add(new ArrayDeque<>(List.of('x', 'y')));
        v.add(new HashMap<>(Map.of(1, "one")));
        v.add(new LinkedHashMap<>(Map.of("a", List.of(1))));
        TreeMap<String, Integer> tree = new TreeMap<>(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
        tree.putAll(Map.of("a", 1, "b", 2, "c", 3));
        v.add(tree);
        v.add(new TreeMap<>(tree).subMap("a", "c"));
        v.add(new TreeMap<>(tree).descendingMap());
        v.add(new HashSet<>(Set.of(1, 2)));
        v.add(new LinkedHashSet<>(List.of("z", "a")));
        TreeSet<Integer> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.addAll(List.of(1, 5, 3));
        v.add(reversed);
        v.add(new EnumMap<>(Map.of(DayOfWeek.MONDAY, "start", DayOfWeek.FRIDAY, "end")));
        v.add(EnumSet.of(Month.JANUARY, Month.MARCH));
        v.add(EnumSet.allOf(Colour.class));
        v.add(EnumSet.noneOf(ChronoUnit.class));
        v.add(Arrays.asList("fixed", "size"));
        v.add(List.of());
        v.add(List.of(1, 2, 3));
        v.add(Set.of("only"));
        v.add(Map.of("k", "v", "k2", "v2"));
        v.add(new AbstractMap.SimpleEntry<>("e", 1));
        v.add(new AbstractMap.SimpleImmutableEntry<>("f", 2));
        v.add(Collections.unmodifiableList(new ArrayList<>(List.of(1))));
        v.add(Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(1, 1))));
        v.add(Collections.synchronizedMap(new HashMap<>(Map.of(2, 2))));
        v.add(Collections.checkedList(new ArrayList<>(List.of("c")), String.class));
        v.add(Collections.emptyList());
        v.add(Collections.emptyMap());
        v.add(Collections.singletonList("s"));
        v.add(Collections.singletonMap("s", 1));
        v.add(Collections.nCopies(3, "n"));
        Set<String> fromMap = Collections.newSetFromMap(new HashMap<>());
        fromMap.add("m");
        v.add(fromMap);
        BitSet bits = new BitSet();
        bits.set(3);
        bits.set(70);
        v.add(bits);
        v.add(new UUID(1, 2));
        v.add(new Date(1_000_000L));
        v.add(Locale.CANADA_FRENCH);
        v.add(Currency.getInstance("EUR"));
        v.add(true);
        v.add((byte) -1);
        v.add('c');
        v.add((short) 7);
        v.add(42);
        v.add(1L << 40);
        v.add(1.5f);
        v.add(2.5);
        v.add("string");
        v.add(new BigInteger("123456789012345678901234567890"));
        v.add(new BigDecimal("-1.25E+300"));
        v.add(MathContext.DECIMAL64);
        v.add(RoundingMode.HALF_EVEN);
        v.add(LocalDate.of(2026, 11, 24));
        v.add(LocalDateTime.of(2026, 11, 24, 8, 0));
        v.add(ZonedDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneId.of("Europe/Paris")));
        v.add(OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(-3)));
        v.add(Instant.ofEpochSecond(1, 2));
        v.add(Duration.ofMillis(1500));
        v.add(Period.of(1, 2, 3));
        v.add(ZoneId.of("America/Sao_Paulo"));
        v.add(Year.of(2026));
        v.add(YearMonth.of(2026, 2));
        v.add(MonthDay.of(2, 29));
        v.add(DayOfWeek.SUNDAY);
        v.add(ChronoUnit.DAYS);
        v.add(java.time.chrono.HijrahDate.of(1447, 1, 1));
        v.add(java.time.temporal.ValueRange.of(1, 10));
        v.add(Colour.GREEN);
        v.add(new Integer[] {1, null, 3});
        v.add(new String[][] {{"a"}, {"b", "c"}});
        v.add(new LocalDate[] {LocalDate.EPOCH});
        v.add(new Colour[] {Colour.RED});
        v.add(new Vector<?>[] {new Vector<>(List.of(1))});
        v.add(new int[][] {{1, 2}, {3}});
        return v;
    }

    /** Equality that sees through arrays and the collections without a value equals. */
    static Object comparable(Object o) {
        if (o instanceof Object[] a) {
            return Arrays.deepToString(a);
        }
        if (o instanceof int[][] a) {
            return Arrays.deepToString(a);
        }
        if (o instanceof ArrayDeque<?> d) {
            return List.copyOf(d);
        }
        if (o instanceof IdentityHashMap<?, ?> m) {
            return new HashMap<>(m);
        }
        if (o instanceof Collection<?> c && !(o instanceof List) && !(o instanceof Set)) {
            return new ArrayList<>(c);
        }
        return o;
    }

    public static class AllowedValues {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            List<Object> values = allowedValues();
            PriorityQueue<Integer> pq = new PriorityQueue<>(Collections.reverseOrder());
            pq.addAll(List.of(4, 9, 1));
            IdentityHashMap<String, Integer> ihm = new IdentityHashMap<>();
            ihm.put("id", 1);
            if (w.Rank() == 0) {
                w.Send(values.toArray(), 0, values.size(), MPI.OBJECT, 1, 1);
                w.Send(new Object[] {pq, ihm}, 0, 2, MPI.OBJECT, 1, 2);
            } else if (w.Rank() == 1) {
                Object[] in = new Object[values.size()];
                Status s = w.Recv(in, 0, in.length, MPI.OBJECT, 0, 1);
                Expect.equal(values.size(), s.Get_count(MPI.OBJECT), "count");
                for (int i = 0; i < in.length; i++) {
                    Object sent = values.get(i); // this rank's own copy of what rank 0 sent
                    Expect.equal(sent.getClass(), in[i].getClass(), "class of element " + i);
                    Expect.equal(comparable(sent), comparable(in[i]), "element " + i + " (" + sent.getClass().getName() + ")");
                }
                Object[] two = new Object[2];
                w.Recv(two, 0, 2, MPI.OBJECT, 0, 2);
                @SuppressWarnings("unchecked")
                PriorityQueue<Integer> q = (PriorityQueue<Integer>) two[0];
                Expect.equal(List.of(9, 4, 1), List.of(q.poll(), q.poll(), q.poll()), "priority queue with its comparator");
                Expect.equal(Map.of("id", 1), comparable(two[1]), "identity map");
            }
            MPI.Finalize();
        }
    }

    /** Classes the default allow-list refuses, each with ERR_TYPE naming it; communication goes on. */
    public static class RefusedJdkClasses {
        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            List<Object> refused = List.of(new java.util.Random(1), new java.util.GregorianCalendar(),
                    new java.util.concurrent.atomic.AtomicLong(3), new javax.management.ObjectName("a:b=c"),
                    new java.rmi.MarshalledObject<>("x"), new java.io.File("f"), new Vector<>(List.of(new Gadget())),
                    new Object[] {new java.util.concurrent.CopyOnWriteArrayList<>()});
            List<String> names = List.of("java.util.Random", "java.util.GregorianCalendar",
                    "java.util.concurrent.atomic.AtomicLong", "javax.management.ObjectName", "java.rmi.MarshalledObject",
                    "java.io.File", Gadget.class.getName(), "java.util.concurrent.CopyOnWriteArrayList");
            if (w.Rank() == 0) {
                for (Object o : refused) {
                    w.Send(new Object[] {o}, 0, 1, MPI.OBJECT, 1, 1);
                }
                w.Send(new Object[] {new Vector<>(List.of("after"))}, 0, 1, MPI.OBJECT, 1, 2);
            } else if (w.Rank() == 1) {
                Object[] in = new Object[1];
                for (String name : names) {
                    mpi.MPIException e = Expect.error(MPI.ERR_TYPE, name, () -> w.Recv(in, 0, 1, MPI.OBJECT, 0, 1));
                    Expect.isTrue(e.getMessage().contains(name), "the error names " + name + ": " + e.getMessage());
                    Expect.isTrue(in[0] == null, "nothing stored for " + name);
                }
                w.Recv(in, 0, 1, MPI.OBJECT, 0, 2);
                Expect.equal(new Vector<>(List.of("after")), in[0], "message after the refusals");
            }
            MPI.Finalize();
        }
    }

    @Test
    void everyAllowedKindRoundTrips() {
        MultiRank.runOk(2, AllowedValues.class, T);
    }

    @Test
    void refusedJdkClassesNameTheClass() {
        MultiRank.runOk(2, RefusedJdkClasses.class, T);
    }

    /** The same over the byte protocols (every frame encoded, as shm and tcp do). */
    @Test
    void allowListOverBytes() {
        System.setProperty("jmpi.threads.encode", "true");
        try {
            MultiRank.runOk(2, AllowedValues.class, T);
            MultiRank.runOk(2, RefusedJdkClasses.class, T);
        } finally {
            System.clearProperty("jmpi.threads.encode");
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
