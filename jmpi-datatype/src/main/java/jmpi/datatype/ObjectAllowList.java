package jmpi.datatype;

import java.io.ObjectInputFilter;

/**
 * The classes {@code MPI.OBJECT} messages may carry. Built from a fixed set of JDK value and
 * collection classes, the packages of the program's main class (a program's own classes usually
 * live there), and the patterns of the {@code jmpi.object.allow} property, in
 * {@link ObjectInputFilter.Config#createFilter} syntax ({@code com.example.**;org.foo.Bar}).
 * Anything else is rejected, so a message cannot make a receiver instantiate arbitrary classes.
 */
public final class ObjectAllowList {
    /**
     * JDK classes allowed by default: values, boxed primitives, strings, and the common collections.
     * {@code java.lang.Object} and {@code java.util.Map$Entry} are there for their arrays only (neither is
     * serializable itself): the collections' {@code readObject} methods ask the filter before allocating
     * their {@code Object[]} or {@code Map.Entry[]} tables, whose elements are then filtered one by one.
     */
    public static final String JDK_DEFAULT = String.join(";",
            "java.lang.Object", "java.util.Map$Entry",
            "java.lang.String", "java.lang.Boolean", "java.lang.Byte", "java.lang.Character",
            "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double",
            "java.lang.Number", "java.lang.Enum", "java.lang.Record",
            "java.math.BigInteger", "java.math.BigDecimal",
            "java.util.ArrayList", "java.util.LinkedList", "java.util.ArrayDeque", "java.util.HashMap",
            "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.HashSet", "java.util.LinkedHashSet",
            "java.util.TreeSet", "java.util.Arrays$ArrayList", "java.util.Collections$*",
            "java.util.ImmutableCollections$*", "java.util.CollSer", "java.util.BitSet", "java.util.UUID",
            "java.util.Date", "java.time.*");

    private ObjectAllowList() {
    }

    /**
     * The filter for one job.
     *
     * @param mainPackage package of the program's main class (its sub-packages are allowed too), or null
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
            }
            return byName.checkInput(info);
        };
    }
}
