package jmpi.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The bootstrap service on its own, for ranks started by something other than jmpirun (Slurm's
 * {@code srun}): writes the variables ranks need ({@code JMPI_BOOT}, {@code JMPI_SECRET},
 * {@code JMPI_JOB_ID}, {@code JMPI_TRANSPORT}) to a file readable by its owner only, then serves
 * until every rank finalized (exit 0), a rank aborted (its exit code, after telling every rank), or
 * the timeout (124). It does not start or watch processes: that is srun's job (docs/LAUNCH.md).
 */
@Command(name = "jmpi-bootstrap", mixinStandardHelpOptions = true, version = "jmpi 0.1.0",
        description = "Serves the bootstrap of a job whose ranks another tool (srun) starts.")
public final class BootstrapService implements Callable<Integer> {
    @Option(names = {"-np", "-n"}, required = true, description = "number of ranks")
    int np;

    @Option(names = "--address", description = "address to listen on, reachable from every rank's host (default: this host's address)")
    String address;

    @Option(names = "--env-file", required = true, description = "file to write the ranks' variables to (shell syntax)")
    Path envFile;

    @Option(names = "--transport", description = "transport the ranks open (default: ${DEFAULT-VALUE})")
    String transport = "tcp";

    @Option(names = "--timeout", description = "give up after this many seconds (0: no limit)")
    long timeoutSeconds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (np < 1) {
            throw new CommandLine.ParameterException(new CommandLine(this), "-np must be at least 1, not " + np);
        }
        if (!transport.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new CommandLine.ParameterException(new CommandLine(this), "--transport must be a name, not " + transport);
        }
        InetAddress bind = address == null ? InetAddress.getLocalHost() : InetAddress.getByName(address);
        byte[] secret = BootstrapProtocol.newSecret();
        String jobId = ProcessJob.newJobId();
        BlockingQueue<JobEvent> events = new LinkedBlockingQueue<>();
        try (BootstrapServer server = BootstrapServer.start(bind, np, secret, JobEvent.into(events))) {
            writeEnvFile(server.address(), HexFormat.of().formatHex(secret), jobId);
            boolean[] finalized = new boolean[np];
            int done = 0;
            long deadline = timeoutSeconds > 0 ? System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds) : Long.MAX_VALUE;
            while (done < np) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    server.broadcastAbort("the bootstrap service timed out after " + timeoutSeconds + " s");
                    System.err.println("jmpi-bootstrap: timed out after " + timeoutSeconds + " s; " + done + " of " + np
                            + " ranks finalized");
                    Thread.sleep(ProcessJob.ABORT_GRACE_MILLIS);
                    return 124;
                }
                JobEvent e = events.poll(Math.min(left, TimeUnit.SECONDS.toNanos(1)), TimeUnit.NANOSECONDS);
                switch (e) {
                    case null -> {
                    }
                    case JobEvent.Finalized f -> {
                        if (!finalized[f.rank()]) {
                            finalized[f.rank()] = true;
                            done++;
                        }
                    }
                    case JobEvent.Aborted a -> {
                        server.broadcastAbort("rank " + a.rank() + " failed: " + a.reason());
                        JobResult.Failure failure = new JobResult.Failure(a.rank(), a.exitCode() == 0 ? 1 : a.exitCode(),
                                a.reason(), null);
                        System.err.println("jmpi-bootstrap: " + failure);
                        Thread.sleep(ProcessJob.ABORT_GRACE_MILLIS); // let every rank hear it before the connections close
                        return failure.exitCode();
                    }
                    case JobEvent.Connected c -> {
                        // ranks joining: nothing to decide until they finalize or abort
                    }
                    case JobEvent.Exited x -> throw new IllegalStateException(
                            "the standalone service starts no process, yet rank " + x.rank() + " exited");
                }
            }
            // Every rank finalized; the last ones may still be reading the answer to it.
            server.awaitRanksGone(java.time.Duration.ofSeconds(10));
            return 0;
        } finally {
            Files.deleteIfExists(envFile);
        }
    }

    /** Writes the file whole (a temporary file renamed), readable by its owner only: it holds the secret. */
    private void writeEnvFile(String boot, String secretHex, String jobId) throws IOException {
        Path dir = envFile.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, ".jmpi-boot", ".tmp", PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------")));
        String text = "export " + ProcessLaunchInfo.BOOT + "=" + boot + "\n"
                + "export " + ProcessLaunchInfo.SECRET + "=" + secretHex + "\n"
                + "export " + ProcessLaunchInfo.JOB_ID + "=" + jobId + "\n"
                + "export " + ProcessLaunchInfo.TRANSPORT + "=" + transport + "\n";
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, envFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    public static void main(String[] argv) {
        CommandLine cl = new CommandLine(new BootstrapService());
        int code = cl.execute(argv);
        System.exit(code);
    }
}
