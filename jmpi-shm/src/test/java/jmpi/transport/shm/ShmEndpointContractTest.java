package jmpi.transport.shm;

import java.util.Map;

import jmpi.spi.Endpoint;
import jmpi.tck.EndpointContract;

/** The shm transport against the transport contract with its default rings (1 MiB). */
class ShmEndpointContractTest extends EndpointContract {
    @Override
    protected Endpoint[] open(int n) throws Exception {
        return ShmTestJobs.open(n, Map.of());
    }
}
