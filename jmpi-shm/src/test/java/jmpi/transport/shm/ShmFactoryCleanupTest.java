package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ShmTransportFactory#cleanup} deletes a job's files (rings and doorbell sockets) in the
 * directory its ranks were told ({@code jmpi.shm.dir}), and nothing else.
 */
class ShmFactoryCleanupTest {
    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void deletesTheJobsFilesInTheConfiguredDirectoryOnly(@TempDir Path dir) throws IOException {
        String job = ShmTestJobs.uniqueJobId();
        for (String name : List.of("jmpi-" + job + "-0", "jmpi-" + job + "-1", "jmpi-" + job + "-1.bell",
                "jmpi-other-0", "unrelated")) {
            Files.writeString(dir.resolve(name), "x");
        }
        Map<String, String> props = Map.of(ShmConfig.DIR, dir.toString());
        new ShmTransportFactory().cleanup(job, props::getOrDefault);
        assertEquals(List.of("jmpi-other-0", "unrelated"), names(dir));
    }

    @Test
    void aMissingDirectoryHasNothingToCleanAndABadJobIdIsRefused(@TempDir Path dir) throws IOException {
        Map<String, String> props = Map.of(ShmConfig.DIR, dir.resolve("absent").toString());
        new ShmTransportFactory().cleanup("job", props::getOrDefault);
        Map<String, String> here = Map.of(ShmConfig.DIR, dir.toString());
        assertThrows(IllegalArgumentException.class, () -> new ShmTransportFactory().cleanup("../x", here::getOrDefault));
    }
}
