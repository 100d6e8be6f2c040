package jmpi.core;

import java.util.List;

import jmpi.spi.Setting;

/**
 * Every tunable of the engine (a {@link Setting}): a named system property, its default and one line of doc. Read and
 * validated once, when a rank's engine starts; docs/CONFIGURATION.md lists the same entries (a test
 * keeps the two in step). How a waiting rank spins, yields and parks ({@code jmpi.wait.*}) is
 * {@link jmpi.spi.WaitSetting}, shared with the task pool.
 */
public enum Config implements RankSetting {
    EAGER_LIMIT("jmpi.eager.limit", "auto",
            "Largest message (bytes) sent eagerly; larger ones go by rendezvous (between ranks of one JVM copied once); auto: the transport's preference (tcp: 32768), else 16384."),
    SMALL_LIMIT("jmpi.small.limit", "auto",
            "Largest message (bytes) copied inline into the transport's small-message path (fastbox); auto: the transport's own limit, 0: off."),
    RNDV_AHEAD("jmpi.rndv.ahead", "auto",
            "Bytes of a rendezvous sent right behind its RTS, before the receiver's CTS, to ranks reached by a byte transport in the sender's cluster (0: none; all of a message this size or smaller goes without a handshake); auto: 262144 to ranks on other hosts, 0 on this host."),
    RNDV_AHEAD_FAR("jmpi.rndv.ahead.far", "1048576",
            "The same toward ranks in other clusters (across a slow, delayed link): at least the link's bandwidth-delay product keeps the link busy through the handshake."),
    OBJECT_ALLOW("jmpi.object.allow", "",
            "Extra classes MPI.OBJECT may carry, as ObjectInputFilter patterns (com.example.**;org.x.Y)."),
    BSEND_OVERHEAD("jmpi.bsend.overhead", "64",
            "Bytes of attached buffer each buffered send uses beyond its data (MPI.BSEND_OVERHEAD).");

    private final Spec spec;

    Config(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }


    public static List<Config> all() {
        return List.of(values());
    }
}
