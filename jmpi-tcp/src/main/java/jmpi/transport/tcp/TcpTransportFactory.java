package jmpi.transport.tcp;

import java.io.IOException;

import jmpi.spi.Endpoint;
import jmpi.spi.TransportContext;
import jmpi.spi.TransportFactory;

/**
 * The "tcp" transport: ranks in separate processes (or hosts) connected by authenticated TCP streams
 * (see {@link TcpEndpoint}; properties in {@link TcpSetting}). Stateless and thread-safe; it leaves
 * nothing outside its processes, so {@link #cleanup} keeps the default (nothing to do).
 */
public final class TcpTransportFactory implements TransportFactory {
    @Override
    public String name() {
        return "tcp";
    }

    /** Collective: every rank of the job must call it (it fences and connects to every peer). */
    @Override
    public Endpoint open(TransportContext context) throws IOException {
        return TcpEndpoint.open(context);
    }
}
