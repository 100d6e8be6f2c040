package jmpi.launcher;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.BinaryOperator;

import jmpi.spi.TransportFactory;

/**
 * What a {@link ProcessJob} does once its ranks are gone: asks every installed transport to remove
 * what the job's endpoints left behind ({@link TransportFactory#cleanup}: the shm transport's files,
 * in the directory the ranks were told). Every transport is asked, whichever the ranks opened (with
 * {@code auto} only the ranks know), so each must be harmless for a job that did not use it.
 *
 * <p>The transports see the ranks' configuration: the {@code -Dname=value} options of the ranks'
 * JVMs, else this JVM's system properties.
 *
 * <p>Concurrency: immutable; {@link #run} may be called by the deciding thread and by the
 * launcher's shutdown hook, even at once (each transport's cleanup deletes idempotently).
 */
final class TransportCleanup {
    private static final Logger LOG = System.getLogger(TransportCleanup.class.getName());

    private final String jobId;
    private final BinaryOperator<String> properties;

    /** @param jvmOptions the options the ranks' JVMs are started with */
    TransportCleanup(String jobId, List<String> jvmOptions) {
        this.jobId = jobId;
        this.properties = rankProperties(jvmOptions);
    }

    /**
     * The ranks' view of a property: the last {@code -Dname=value} among {@code jvmOptions}, else this
     * JVM's system property, else the default.
     */
    static BinaryOperator<String> rankProperties(List<String> jvmOptions) {
        Map<String, String> given = new HashMap<>();
        for (String o : jvmOptions) {
            if (o.startsWith("-D")) {
                int eq = o.indexOf('=');
                given.put(eq < 0 ? o.substring(2) : o.substring(2, eq), eq < 0 ? "" : o.substring(eq + 1));
            }
        }
        return (name, defaultValue) -> {
            String v = given.get(name);
            return v != null ? v : System.getProperty(name, defaultValue);
        };
    }

    /** Asks every installed transport to clean up after the job; failures are logged (WARNING), naming the transport. */
    void run() {
        for (TransportFactory f : ServiceLoader.load(TransportFactory.class, TransportCleanup.class.getClassLoader())) {
            try {
                f.cleanup(jobId, properties);
            } catch (IOException | RuntimeException e) {
                LOG.log(Level.WARNING, "job " + jobId + ": transport " + f.name() + " could not clean up", e);
            }
        }
    }
}
