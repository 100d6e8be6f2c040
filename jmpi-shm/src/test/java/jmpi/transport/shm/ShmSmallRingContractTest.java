package jmpi.transport.shm;

import java.util.Map;

import jmpi.spi.Endpoint;
import jmpi.tck.EndpointContract;

/**
 * The contract again with the smallest rings (64 KiB): most frames are split, rings fill and frames
 * wait in the outgoing queues, padding records are frequent. The doorbell is off: parks end by
 * their {@code jmpi.shm.parkNanos} bound alone.
 */
class ShmSmallRingContractTest extends EndpointContract {
    @Override
    protected Endpoint[] open(int n) throws Exception {
        return ShmTestJobs.open(n, Map.of(ShmConfig.RING_BYTES, "65536", ShmConfig.DOORBELL, "false"));
    }
}
