package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BinaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's cleanup sees the ranks' {@code -D} options (over its own system properties) and
 * has the installed transports delete what a job left: shm's files in {@code jmpi.shm.dir}.
 */
class TransportCleanupTest {
    @Test
    void theRanksOptionsWinOverTheLaunchersProperties() {
        BinaryOperator<String> p = TransportCleanup.rankProperties(
                List.of("-Xmx1g", "-Djmpi.shm.dir=/a", "-Djmpi.x", "-Djmpi.shm.dir=/b=c"));
        assertEquals("/b=c", p.apply("jmpi.shm.dir", "d"));
        assertEquals("", p.apply("jmpi.x", "d"));
        assertEquals("d", p.apply("jmpi.test.absent", "d"));
        assertEquals(System.getProperty("java.version"), p.apply("java.version", "d"));
    }

    @Test
    void theShmFilesOfTheJobGoFromTheRanksDirectory(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("jmpi-job1-0"), "ring");
        Files.writeString(dir.resolve("jmpi-job1-0.bell"), "socket");
        Files.writeString(dir.resolve("jmpi-job2-0"), "another job's");
        new TransportCleanup("job1", List.of("-Djmpi.shm.dir=" + dir)).run();
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of("jmpi-job2-0"), left.map(f -> f.getFileName().toString()).toList());
        }
    }
}
