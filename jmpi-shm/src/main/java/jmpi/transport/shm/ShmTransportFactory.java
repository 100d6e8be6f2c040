package jmpi.transport.shm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BinaryOperator;

import jmpi.spi.Endpoint;
import jmpi.spi.TransportContext;
import jmpi.spi.TransportFactory;

/**
 * The "shm" transport: ranks as processes of one host exchanging frames through memory-mapped
 * rings in {@code jmpi.shm.dir} (see {@link ShmEndpoint}; properties in {@link ShmSetting}).
 * Stateless and thread-safe; {@link #open} is collective over the job (it ends with a bootstrap
 * fence); {@link #cleanup} deletes a job's files after its ranks are gone.
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

    /**
     * Deletes {@code jmpi-<jobId>-*} (ring files and doorbell sockets, {@link ShmFileDescriptor#fileGlob})
     * in the directory {@code properties} name ({@code jmpi.shm.dir}); nothing when it is not a directory.
     *
     * @throws IOException naming the first file (or the directory) that could not be deleted (listed), after trying every file
     */
    @Override
    public void cleanup(String jobId, BinaryOperator<String> properties) throws IOException {
        if (!jobId.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("job id '" + jobId + "' must match [A-Za-z0-9_-]+");
        }
        Path dir = ShmConfig.dir(properties);
        if (!Files.isDirectory(dir)) {
            return;
        }
        IOException failed = null;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ShmFileDescriptor.fileGlob(jobId))) {
            for (Path f : files) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    if (failed == null) {
                        failed = new IOException("shm: cannot delete " + f + " of job " + jobId, e);
                    } else {
                        failed.addSuppressed(e);
                    }
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
