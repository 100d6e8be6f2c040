package jmpi.conformance.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code jmpirun --transport ...} as a user runs it: a JVM of its own that spawns the ranks' JVMs. */
@Timeout(60)
class ProcessJmpirunTest {
    private static Commands.Result jmpirun(String... args) throws IOException, InterruptedException {
        return Commands.jmpirun(40, args);
    }

    @Test
    void threeRankProcessesPrintTaggedOutputAndEndWell() throws Exception {
        Commands.Result r = jmpirun("-np", "3", "--transport", "tcp", "--tag-output", "-cp", "",
                ProcessPrograms.Hello.class.getName(), "a", "b");
        assertEquals(0, r.exit(), r.err());
        for (int rank = 0; rank < 3; rank++) {
            assertTrue(r.out().contains("[" + rank + "] I am " + rank + " of 3 args a,b self " + (rank * 10 + 1)), r.out());
        }
    }

    @Test
    void optionErrorsGiveUsage() throws Exception {
        Commands.Result zero = jmpirun("--transport", "tcp", "-np", "0", ProcessPrograms.Hello.class.getName());
        assertEquals(2, zero.exit(), zero.err());
        assertTrue(zero.err().contains("-np must be at least 1") && zero.err().contains("Usage: jmpirun"), zero.err());
        Commands.Result unknown = jmpirun("--transport", "carrier-pigeon", "-np", "2", ProcessPrograms.Hello.class.getName());
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("--transport carrier-pigeon is not available")
                && unknown.err().contains("tcp") && unknown.err().contains("Usage: jmpirun"), unknown.err());
    }
}
