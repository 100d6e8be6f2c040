package jmpi.transport.tcp;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jmpi.spi.Bootstrap;
import jmpi.spi.Endpoint;
import jmpi.spi.TransportContext;
import jmpi.tck.LocalBootstrap;

/** Opens the tcp endpoints of an n-rank job inside the test's JVM, one opening thread per rank (open fences). */
final class TestJob {
    static final byte[] SECRET = "the job's secret".getBytes(StandardCharsets.UTF_8);
    static final String JOB = "job-1";

    record Context(int rank, int size, String jobId, byte[] secret, Bootstrap bootstrap, Map<String, String> props)
            implements TransportContext {
        @Override
        public String property(String name, String defaultValue) {
            return props.getOrDefault(name, defaultValue);
        }

        /** Host names as a launcher gives them, from {@code test.host.<rank>} of {@code props} (else unknown). */
        @Override
        public String host(int peer) {
            return props.get("test.host." + peer);
        }

        /** Cluster names as a launcher gives them, from {@code test.cluster.<rank>} of {@code props} (else none). */
        @Override
        public String cluster(int peer) {
            return props.get("test.cluster." + peer);
        }
    }

    private TestJob() {
    }

    static Endpoint[] open(int n) throws Exception {
        return open(n, new LocalBootstrap(n), Map.of());
    }

    static Endpoint[] open(int n, Bootstrap boot, Map<String, String> props) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Endpoint>> opened = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                Context ctx = new Context(r, n, JOB, SECRET, boot, new HashMap<>(props));
                opened.add(pool.submit(() -> new TcpTransportFactory().open(ctx)));
            }
            Endpoint[] eps = new Endpoint[n];
            for (int r = 0; r < n; r++) {
                eps[r] = opened.get(r).get(30, TimeUnit.SECONDS);
            }
            return eps;
        } finally {
            pool.shutdownNow();
        }
    }
}
