package jmpi.transport.shm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import jmpi.spi.Bootstrap;
import jmpi.spi.Endpoint;
import jmpi.spi.TransportContext;
import jmpi.tck.LocalBootstrap;

/** Opens shm jobs whose ranks are threads of the test's JVM (one LocalBootstrap per job). */
final class ShmTestJobs {
    private static final AtomicLong NEXT = new AtomicLong();

    private ShmTestJobs() {
    }

    /** A job id unique on this host: this process's pid, a counter and the time. */
    static String uniqueJobId() {
        return "t" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet() + "-"
                + Long.toString(System.nanoTime() & 0xffffffL, 36);
    }

    record Context(int rank, int size, String jobId, Bootstrap bootstrap, Map<String, String> props)
            implements TransportContext {
        @Override
        public byte[] secret() {
            return new byte[16];
        }

        @Override
        public String property(String name, String defaultValue) {
            return props.getOrDefault(name, System.getProperty(name, defaultValue));
        }
    }

    /** Opens {@code n} endpoints of a new job from {@code n} threads at once (open ends with a fence). */
    static Endpoint[] open(int n, String jobId, Map<String, String> props) throws Exception {
        LocalBootstrap boot = new LocalBootstrap(n);
        ShmTransportFactory factory = new ShmTransportFactory();
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Endpoint>> f = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                Context ctx = new Context(i, n, jobId, boot, props);
                f.add(pool.submit(() -> factory.open(ctx)));
            }
            Endpoint[] eps = new Endpoint[n];
            for (int i = 0; i < n; i++) {
                eps[i] = f.get(i).get(30, TimeUnit.SECONDS);
            }
            return eps;
        } finally {
            pool.shutdownNow();
        }
    }

    static Endpoint[] open(int n, Map<String, String> props) throws Exception {
        return open(n, uniqueJobId(), props);
    }
}
