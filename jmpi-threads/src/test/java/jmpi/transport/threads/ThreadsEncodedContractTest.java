package jmpi.transport.threads;

import jmpi.spi.Endpoint;
import jmpi.tck.EndpointContract;

/** The threads transport in byte mode (every frame encoded as a byte transport sends it) against the contract. */
class ThreadsEncodedContractTest extends EndpointContract {
    @Override
    protected Endpoint[] open(int n) {
        ThreadsFabric fabric = new ThreadsFabric(n, true);
        Endpoint[] eps = new Endpoint[n];
        for (int i = 0; i < n; i++) {
            eps[i] = fabric.endpoint(i);
        }
        return eps;
    }
}
