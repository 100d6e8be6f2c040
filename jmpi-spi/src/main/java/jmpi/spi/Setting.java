package jmpi.spi;

import java.util.function.BinaryOperator;

/**
 * One tunable of jmpi: a named system property, its default and one line of documentation. Every
 * module lists its own tunables as one enum implementing this interface (core's {@code Config},
 * coll's, shm's, tcp's, the task pool's, the launcher's); docs/CONFIGURATION.md shows every entry
 * of every such enum, and a test keeps the two in step.
 *
 * <p>Values are read through a source (by default {@link System#getProperty}; a transport passes
 * {@link TransportContext#property}) and validated when read: a malformed value fails loudly with
 * the property, the value and the entry's documentation, never silently falls back to the default.
 * An enum may override {@link #invalid} to throw its module's own exception type.
 */
public interface Setting {
    /**
     * What names and documents one entry: the system property ({@code jmpi.<module>.<name>}), the default
     * as written in the docs ({@code "auto"} where the module computes it), and one line of documentation
     * (units, range, what {@code auto} means). An enum keeps one per constant and returns it from {@link #spec}.
     */
    record Spec(String property, String defaultValue, String doc) {
    }

    /** This entry's name, default and documentation. */
    Spec spec();

    /** The system property's name, {@code jmpi.<module>.<name>}. */
    default String property() {
        return spec().property();
    }

    /** The default as written in the docs ({@code "auto"} where the module computes it). */
    default String defaultValue() {
        return spec().defaultValue();
    }

    /** One line of documentation: units, range, what {@code auto} means. */
    default String doc() {
        return spec().doc();
    }

    /** Where values come from when no source is given. */
    BinaryOperator<String> SYSTEM_PROPERTIES = System::getProperty;

    /** The raw value: the system property if set, else the default. */
    default String value() {
        return value(SYSTEM_PROPERTIES);
    }

    /** The raw value from {@code source} (called as {@code source.apply(property, default)}), trimmed. */
    default String value(BinaryOperator<String> source) {
        String v = source.apply(property(), defaultValue());
        return v == null ? defaultValue() : v.strip();
    }

    /** The value as a long in {@code [min, max]}; {@code "auto"} (or an empty value) resolves to {@code auto}. */
    default long longValue(BinaryOperator<String> source, long min, long max, long auto) {
        String v = value(source);
        if (v.isEmpty() || v.equals("auto")) {
            return auto;
        }
        long n;
        try {
            n = Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw invalid(v, "is not an integer");
        }
        if (n < min || n > max) {
            throw invalid(v, "is outside [" + min + ", " + max + "]");
        }
        return n;
    }

    /** {@link #longValue(BinaryOperator, long, long, long)} from system properties. */
    default long longValue(long min, long max, long auto) {
        return longValue(SYSTEM_PROPERTIES, min, max, auto);
    }

    /** A non-negative long from system properties; {@code "auto"} resolves to {@code auto}. */
    default long longValue(long auto) {
        return longValue(SYSTEM_PROPERTIES, 0, Long.MAX_VALUE, auto);
    }

    /** The value as an int in {@code [min, max]}; {@code "auto"} resolves to {@code auto}. */
    default int intValue(BinaryOperator<String> source, int min, int max, int auto) {
        return (int) longValue(source, min, max, auto);
    }

    /** {@code true} or {@code false} (nothing else); {@code "auto"} or empty resolves to {@code auto}. */
    default boolean booleanValue(BinaryOperator<String> source, boolean auto) {
        String v = value(source);
        if (v.isEmpty() || v.equals("auto")) {
            return auto;
        }
        if (v.equals("true")) {
            return true;
        }
        if (v.equals("false")) {
            return false;
        }
        throw invalid(v, "is not true or false");
    }

    /** {@link #booleanValue(BinaryOperator, boolean)} from system properties. */
    default boolean booleanValue(boolean auto) {
        return booleanValue(SYSTEM_PROPERTIES, auto);
    }

    /**
     * The exception for a malformed value: names the property, the value, what is wrong and the
     * entry's documentation. Modules with their own error type override this.
     */
    default RuntimeException invalid(String value, String problem) {
        return new IllegalArgumentException(invalidMessage(value, problem));
    }

    /** What {@link #invalid} says: the property, the value, what is wrong and the entry's documentation. */
    default String invalidMessage(String value, String problem) {
        return "property " + property() + "=" + value + " " + problem + " (" + doc() + ")";
    }
}
