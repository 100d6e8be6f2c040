package jmpi.core;

import java.util.List;

/**
 * Every tunable of the engine: a named system property, its default and one line of doc. Read and
 * validated once, when a rank's engine starts; docs/CONFIGURATION.md lists the same entries (a test
 * keeps the two in step).
 */
public enum Config {
    EAGER_LIMIT("jmpi.eager.limit", "auto",
            "Largest message (bytes) sent eagerly; larger ones go by rendezvous (between ranks of one JVM copied once); auto: the transport's preference (tcp: 32768), else 16384."),
    SMALL_LIMIT("jmpi.small.limit", "auto",
            "Largest message (bytes) copied inline into the transport's small-message path (fastbox); auto: the transport's own limit, 0: off."),
    SPIN_NANOS("jmpi.wait.spinNanos", "auto",
            "How long a waiting rank spins before yielding (ns); auto: 50000, or 2000 when ranks outnumber cores."),
    YIELD_NANOS("jmpi.wait.yieldNanos", "auto",
            "How long a waiting rank yields after spinning, before parking (ns); auto: 200000, or 20000 when oversubscribed."),
    PARK_NANOS("jmpi.wait.parkNanos", "1000000",
            "Longest single park of a waiting rank (ns); arrivals wake it earlier."),
    OBJECT_ALLOW("jmpi.object.allow", "",
            "Extra classes MPI.OBJECT may carry, as ObjectInputFilter patterns (com.example.**;org.x.Y)."),
    BSEND_OVERHEAD("jmpi.bsend.overhead", "64",
            "Bytes of attached buffer each buffered send uses beyond its data (MPI.BSEND_OVERHEAD).");

    private final String property;
    private final String defaultValue;
    private final String doc;

    Config(String property, String defaultValue, String doc) {
        this.property = property;
        this.defaultValue = defaultValue;
        this.doc = doc;
    }

    public String property() {
        return property;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String doc() {
        return doc;
    }

    /** The raw value: the system property if set, else the default. */
    public String value() {
        return System.getProperty(property, defaultValue);
    }

    /** The value as a non-negative long, {@code auto} resolving to {@code auto}; bad values fail loudly. */
    public long longValue(long auto) {
        String v = value().trim();
        if (v.equals("auto")) {
            return auto;
        }
        try {
            long n = Long.parseLong(v);
            if (n < 0) {
                throw new NumberFormatException("negative");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new MpiError(ErrorClass.ERR_ARG, "property " + property + "=" + v
                    + " is not a non-negative integer (" + doc + ")");
        }
    }

    public static List<Config> all() {
        return List.of(values());
    }
}
