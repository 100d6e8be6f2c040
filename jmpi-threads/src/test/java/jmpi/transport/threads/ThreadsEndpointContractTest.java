package jmpi.transport.threads;

import jmpi.spi.Endpoint;
import jmpi.tck.EndpointContract;

/** The threads transport against the transport contract, as ranks in one JVM normally use it. */
class ThreadsEndpointContractTest extends EndpointContract {
    @Override
    protected Endpoint[] open(int n) {
        ThreadsFabric fabric = new ThreadsFabric(n);
        Endpoint[] eps = new Endpoint[n];
        for (int i = 0; i < n; i++) {
            eps[i] = fabric.endpoint(i);
        }
        return eps;
    }

}
