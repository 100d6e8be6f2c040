package jmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import org.junit.jupiter.api.Test;

/** Every driver runs to the end on tiny sizes and few iterations, on 2 ranks and with an idle third rank. */
class DriversSmokeTest {
    private static final String[] TINY = {"--min", "0", "--max", "200K", "--iters", "20", "--warmup", "2",
        "--warmup-seconds", "0.05"};
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void latency() {
        MultiRank.runOk(2, Latency.class, LIMIT, TINY);
    }

    @Test
    void bandwidthBothWays() {
        MultiRank.runOk(2, Bandwidth.class, LIMIT, TINY);
        MultiRank.runOk(2, BiBandwidth.class, LIMIT, TINY);
    }

    @Test
    void commsWithAnIdleRank() {
        MultiRank.runOk(3, Comms1.class, LIMIT, TINY);
        MultiRank.runOk(3, Comms2.class, LIMIT, TINY);
    }

    @Test
    void noncontigWithItsTable3Rounds() {
        JobResult r = MultiRank.run(2, Noncontig.class, LIMIT, "--min", "8", "--max", "128K", "--iters", "10", "--warmup", "2",
                "--warmup-seconds", "0.05", "--rounds", "3");
        assertTrue(r.ok(), r.describe());
    }

    @Test
    void badOptionEndsEveryRankWithCodeTwo() {
        assertEquals(2, MultiRank.run(2, Latency.class, LIMIT, "--max", "huge").exitCode());
        assertEquals(2, MultiRank.run(1, Latency.class, LIMIT).exitCode());
        assertEquals(2, MultiRank.run(2, Latency.class, LIMIT, "--warmup-seconds", "-1").exitCode());
        assertEquals(2, MultiRank.run(2, Noncontig.class, LIMIT, "--rounds", "0").exitCode());
    }
}
