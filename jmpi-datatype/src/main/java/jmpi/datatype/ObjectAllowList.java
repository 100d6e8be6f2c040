package jmpi.datatype;

import java.io.ObjectInputFilter;

/**
 * The classes {@code MPI.OBJECT} messages may carry. Built from a fixed set of JDK value and
 * collection classes, the packages of the program's main class (a program's own classes usually
 * live there), and the patterns of the {@code jmpi.object.allow} property, in
 * {@link ObjectInputFilter.Config#createFilter} syntax ({@code com.example.**;org.foo.Bar}).
 * Anything else is rejected, so a message cannot make a receiver instantiate arbitrary classes.
 * Stateless; the filters it makes are immutable and safe from any thread.
 */
public final class ObjectAllowList {
    /**
     * JDK classes allowed by default: strings, boxed primitives, {@code java.math}, {@code java.time} (with
     * its serial proxies, {@code java.time.Ser} and the like), and every serializable collection of
     * {@code java.util} with the classes serialization writes for them: legacy ones ({@code Vector},
     * {@code Stack}, {@code Hashtable}, {@code Properties}), the {@code Collections}, {@code Arrays} and
     * immutable ({@code List.of}, via {@code CollSer}) implementations, {@code TreeMap}'s sub-maps,
     * {@code EnumMap} and {@code EnumSet} (its serial proxy and the sets it resolves to), map entries and the comparators sorted
     * collections carry, and the value classes {@code BitSet}, {@code UUID}, {@code Date}, {@code Locale},
     * {@code Currency}. Enums are allowed when their class is (an enum of the program's package, of
     * {@code java.time}, {@code RoundingMode}). {@code java.lang.Object} and {@code java.util.Map$Entry}
     * are there for their arrays only (neither is serializable itself): the collections'
     * {@code readObject} methods ask the filter before allocating their {@code Object[]} or
     * {@code Map.Entry[]} tables, whose elements are then filtered one by one. Arrays of allowed classes
     * are allowed.
     *
     * <p>Left out on purpose, from {@code java.util}: {@code Random} (a generator, not a value),
     * {@code Calendar} / {@code GregorianCalendar} / {@code TimeZone} (they carry {@code sun.util}
     * implementation classes), {@code PropertyPermission}, {@code EventObject}, exceptions, and the fork-join
     * tasks of the parallel sorts and prefix sums ({@code ArraysParallelSortHelpers$*},
     * {@code DualPivotQuicksort$*}, {@code ArrayPrefixHelpers$*}: tasks holding arbitrary references); and
     * everything outside {@code java.util} itself ({@code java.util.concurrent}, {@code javax.management},
     * {@code java.rmi}, ...). {@code LinkedList}'s reversed view is left out
     * too: it refuses to be written. ({@code RegularEnumSet} / {@code JumboEnumSet} travel as
     * {@code EnumSet}'s proxy, but the filter also judges the set the proxy resolves to, so they are in.) {@link #JDK_REFUSED} lists those of
     * {@code java.util}.
     */
    public static final String JDK_DEFAULT = String.join(";",
            "java.lang.Object", "java.util.Map$Entry",
            "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character",
            "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
            "java.lang.Number", "java.lang.Enum", "java.lang.Record",
            "java.math.*", "java.time.**",
            "java.util.ArrayList", "java.util.LinkedList",
            "java.util.ArrayDeque", "java.util.PriorityQueue", "java.util.Vector", "java.util.Stack",
            "java.util.HashMap", "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.TreeMap$*",
            "java.util.Hashtable", "java.util.Properties", "java.util.IdentityHashMap", "java.util.EnumMap",
            "java.util.HashSet", "java.util.LinkedHashSet", "java.util.TreeSet",
            "java.util.EnumSet", "java.util.EnumSet$SerializationProxy", "java.util.RegularEnumSet", "java.util.JumboEnumSet",
            "java.util.Arrays$ArrayList", "java.util.Collections$*", "java.util.ImmutableCollections$*",
            "java.util.CollSer", "java.util.AbstractMap$SimpleEntry", "java.util.AbstractMap$SimpleImmutableEntry",
            "java.util.Comparators$NaturalOrderComparator", "java.util.Comparators$NullComparator",
            "java.util.BitSet", "java.util.UUID", "java.util.Date", "java.util.Locale", "java.util.Currency");

    /**
     * The serializable classes of {@code java.util} (as of JDK 25) that {@link #JDK_DEFAULT} refuses on
     * purpose, by name or {@code *} prefix (see there why). A test checks that every serializable class of
     * {@code java.util} is either allowed or listed here, so a JDK that adds one is noticed.
     */
    public static final java.util.List<String> JDK_REFUSED = java.util.List.of(
            "java.util.Random", "java.util.Random$RandomWrapper", "java.util.Calendar", "java.util.GregorianCalendar",
            "java.util.JapaneseImperialCalendar", "java.util.TimeZone", "java.util.SimpleTimeZone",
            "java.util.PropertyPermission", "java.util.PropertyPermissionCollection", "java.util.EventObject",
            "java.util.ArraysParallelSortHelpers$*", "java.util.DualPivotQuicksort$*", "java.util.ArrayPrefixHelpers$*",
            "java.util.Locale$*",
            "java.util.LinkedList$ReverseOrderLinkedListView",
            "java.util.Formatter$BigDecimalLayoutForm", "*Exception", "*Error");

    private ObjectAllowList() {
    }

    /**
     * The filter for one job.
     *
     * @param mainPackage package of the program's main class (its sub-packages are allowed too; "" for the
     *                    unnamed package, where MPJ Express programs usually live: its classes are allowed), or null
     * @param extra       patterns from {@code jmpi.object.allow}, or null
     */
    public static ObjectInputFilter create(String mainPackage, String extra) {
        StringBuilder patterns = new StringBuilder(JDK_DEFAULT);
        if (mainPackage != null && !mainPackage.isEmpty()) {
            patterns.append(';').append(mainPackage).append(".**");
        }
        if (extra != null && !extra.isBlank()) {
            patterns.append(';').append(extra.trim());
        }
        patterns.append(";maxdepth=64;!*");
        ObjectInputFilter byName = ObjectInputFilter.Config.createFilter(patterns.toString());
        ObjectInputFilter limits = ObjectInputFilter.Config.createFilter("maxdepth=64");
        boolean unnamed = mainPackage != null && mainPackage.isEmpty();
        // Arrays of allowed component types and of primitives are allowed; the name filter judges
        // the component class when it is a class.
        return info -> {
            Class<?> c = info.serialClass();
            if (c != null && c.isArray()) {
                Class<?> component = c;
                while (component.isArray()) {
                    component = component.getComponentType();
                }
                if (component.isPrimitive()) {
                    return ObjectInputFilter.Status.ALLOWED;
                }
                c = component;
            }
            if (unnamed && c != null && c.getPackageName().isEmpty()) { // a class of the program's unnamed package
                return limits.checkInput(info) == ObjectInputFilter.Status.REJECTED
                        ? ObjectInputFilter.Status.REJECTED : ObjectInputFilter.Status.ALLOWED;
            }
            return byName.checkInput(info);
        };
    }
}
