package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The spin phase's yields ({@code jmpi.wait.spinYieldSteps}) let a waiter's peer run when both share
 * one core: two threads of a JVM pinned to one CPU ({@code taskset}, util-linux) pass a turn back and
 * forth 400 times, each waiting with an endless spin phase. With yields every 64 steps a wait ends
 * within a few yields (the peer runs at the first); without them, as a control in the same test, a
 * wait lasts until the scheduler preempts the spinner, tens of thousands of steps. Steps are counted,
 * not times, so the machine's speed does not matter.
 */
class BackoffOneCoreTest {
    @Test
    @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aWaiterGivesItsCoreToAPeerQueuedBehindIt() throws Exception {
        long yielding = medianSteps(64, 400);
        assertTrue(yielding <= 4 * 64, "with a yield every 64 steps a wait took a median " + yielding + " steps");
        long control = medianSteps(0, 100);
        assertTrue(control > 20 * 64, "the control without yields took only a median " + control
                + " steps: the test cannot tell the two apart on this machine");
    }

    private static long medianSteps(int steps, int rounds) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of("taskset", "-c", "0", java, "-cp", System.getProperty("java.class.path"),
                OneCoreHandOff.class.getName(), Integer.toString(steps), Integer.toString(rounds)))
                .redirectErrorStream(true).start();
        if (!p.waitFor(50, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the one-core hand-off with spinYieldSteps " + steps + " did not end in 50 s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.exitValue(), out);
        String last = out.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("median-steps "), out);
        return Long.parseLong(last.substring("median-steps ".length()));
    }
}
