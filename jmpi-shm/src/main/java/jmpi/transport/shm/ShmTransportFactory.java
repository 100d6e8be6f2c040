package jmpi.transport.shm;

import java.io.IOException;

import jmpi.spi.Endpoint;
import jmpi.spi.TransportContext;
import jmpi.spi.TransportFactory;

/**
 * The "shm" transport: ranks as processes of one host exchanging frames through memory-mapped
 * rings under {@code /dev/shm} (see {@link ShmEndpoint}; properties in {@link ShmConfig}). Stateless
 * and thread-safe; {@link #open} is collective over the job (it ends with a bootstrap fence).
 */
public final class ShmTransportFactory implements TransportFactory {
    @Override
    public String name() {
        return "shm";
    }

    @Override
    public Endpoint open(TransportContext context) throws IOException {
        return ShmEndpoint.open(context.rank(), context.size(), context.jobId(), ShmConfig.from(context),
                context.bootstrap());
    }
}
