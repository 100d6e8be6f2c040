package jmpi.transport.tcp;

import jmpi.spi.Endpoint;
import jmpi.tck.EndpointContract;

/** The tcp transport against the transport contract: n endpoints in this JVM over loopback. */
class TcpEndpointContractTest extends EndpointContract {
    @Override
    protected Endpoint[] open(int n) throws Exception {
        return TestJob.open(n);
    }
}
