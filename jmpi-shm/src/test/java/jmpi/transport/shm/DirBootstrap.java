package jmpi.transport.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import jmpi.spi.Bootstrap;

/**
 * A {@link Bootstrap} for ranks in separate processes of this host, through files in a directory
 * they share (test and benchmark use only: the launcher's service replaces it). A key is a file
 * written under a temporary name and renamed into place; fence round k of rank r is a file
 * {@code fence-k-r}, and a rank waits until all ranks' files of round k exist.
 */
final class DirBootstrap implements Bootstrap {
    private final Path dir;
    private final int rank;
    private final int size;
    private int round;

    DirBootstrap(Path dir, int rank, int size) {
        this.dir = dir;
        this.rank = rank;
        this.size = size;
    }

    @Override
    public void put(String key, String value) {
        try {
            Path tmp = dir.resolve(".tmp-" + rank + "-" + key);
            Files.writeString(tmp, value, StandardCharsets.UTF_8);
            Files.move(tmp, dir.resolve("key-" + key), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String get(String key, Duration timeout) {
        Path p = dir.resolve("key-" + key);
        waitFor(p, timeout);
        try {
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void fence(Duration timeout) {
        int k = round++;
        put("fence-" + k + "-" + rank, "");
        for (int r = 0; r < size; r++) {
            waitFor(dir.resolve("key-fence-" + k + "-" + r), timeout);
        }
    }

    private static void waitFor(Path p, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!Files.exists(p)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("bootstrap: timed out waiting for " + p);
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("bootstrap: interrupted waiting for " + p, e);
            }
        }
    }
}
