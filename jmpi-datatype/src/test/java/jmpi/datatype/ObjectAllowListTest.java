package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectInputFilter;
import java.io.Serializable;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The default allow-list, class by class: every serializable class of java.util is decided on purpose. */
class ObjectAllowListTest {
    private static final ObjectInputFilter FILTER = ObjectAllowList.create("org.example.app", null);

    static ObjectInputFilter.Status check(Class<?> c) {
        return FILTER.checkInput(new ObjectInputFilter.FilterInfo() {
            @Override
            public Class<?> serialClass() {
                return c;
            }

            @Override
            public long arrayLength() {
                return c.isArray() ? 1 : -1;
            }

            @Override
            public long depth() {
                return 1;
            }

            @Override
            public long references() {
                return 1;
            }

            @Override
            public long streamBytes() {
                return 100;
            }
        });
    }

    private static boolean listedRefused(String name) {
        for (String p : ObjectAllowList.JDK_REFUSED) {
            if (p.startsWith("*") ? name.endsWith(p.substring(1))
                    : p.endsWith("*") ? name.startsWith(p.substring(0, p.length() - 1)) : name.equals(p)) {
                return true;
            }
        }
        return false;
    }

    /** Every serializable class of the java.util package is allowed, or refused and listed in JDK_REFUSED. */
    @Test
    void everySerializableClassOfJavaUtilIsDecided() throws Exception {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<String> undecided = new ArrayList<>();
        int allowed = 0;
        try (Stream<Path> files = Files.list(jrt.getPath("/modules/java.base/java/util"))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                String file = p.getFileName().toString();
                if (!file.endsWith(".class") || file.equals("package-info.class")) {
                    continue;
                }
                String name = "java.util." + file.substring(0, file.length() - ".class".length());
                Class<?> c = Class.forName(name, false, null);
                if (!Serializable.class.isAssignableFrom(c) || c.isInterface()) {
                    continue;
                }
                ObjectInputFilter.Status s = check(c);
                if (s == ObjectInputFilter.Status.ALLOWED) {
                    allowed++;
                    if (listedRefused(name)) {
                        undecided.add(name + " (allowed but listed in JDK_REFUSED)");
                    }
                } else if (!listedRefused(name)) {
                    undecided.add(name + " (refused but not listed in JDK_REFUSED)");
                }
            }
        }
        assertTrue(undecided.isEmpty(), "undecided: " + undecided);
        assertTrue(allowed > 80, "allowed " + allowed);
    }

    @Test
    void valuesProxiesEnumsAndArraysAreAllowed() throws Exception {
        for (String name : List.of("java.util.Vector", "java.util.Stack", "java.util.Hashtable", "java.util.Properties",
                "java.util.Collections$UnmodifiableRandomAccessList", "java.util.ImmutableCollections$ListN",
                "java.util.CollSer", "java.util.Arrays$ArrayList", "java.util.EnumMap", "java.util.EnumSet$SerializationProxy",
                "java.util.TreeMap$AscendingSubMap", "java.time.Ser", "java.time.LocalDate", "java.time.chrono.Ser",
                "java.time.DayOfWeek", "java.time.temporal.ChronoUnit", "java.math.BigDecimal", "java.math.RoundingMode",
                "java.math.MathContext", "java.lang.Character")) {
            Class<?> c = Class.forName(name, false, null);
            assertEquals(ObjectInputFilter.Status.ALLOWED, check(c), name);
            assertEquals(ObjectInputFilter.Status.ALLOWED, check(c.arrayType().arrayType()), name + "[][]");
        }
        assertEquals(ObjectInputFilter.Status.ALLOWED, check(long[][].class), "long[][]");
    }

    @Test
    void othersAreRefused() throws Exception {
        for (String name : List.of("java.util.concurrent.ConcurrentHashMap", "java.util.Random",
                "java.util.GregorianCalendar", "java.util.concurrent.atomic.AtomicLong", "javax.management.ObjectName",
                "java.rmi.MarshalledObject", "java.util.regex.Pattern", "java.io.File", "java.net.URL",
                "java.lang.Thread$State", "java.util.ArraysParallelSortHelpers$FJObject$Sorter")) {
            Class<?> c = Class.forName(name, false, ClassLoader.getSystemClassLoader());
            assertEquals(ObjectInputFilter.Status.REJECTED, check(c), name);
            assertEquals(ObjectInputFilter.Status.REJECTED, check(c.arrayType()), name + "[]");
        }
        assertEquals(ObjectInputFilter.Status.REJECTED, check(Fake.class), "a class outside the program's package");
    }

    /** Not in org.example.app. */
    static final class Fake implements Serializable {
        private static final long serialVersionUID = 1L;
    }
}
