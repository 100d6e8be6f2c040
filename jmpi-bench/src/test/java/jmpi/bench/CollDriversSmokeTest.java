package jmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jmpi.coll.Registry;
import org.junit.jupiter.api.Test;

/** The collective drivers, the sweep and the noncontig driver run to the end on tiny sizes. */
class CollDriversSmokeTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void everyCollectiveDriverOnThreeRanks() {
        for (String c : CollKernel.COLLECTIVES) {
            MultiRank.runOk(3, Collective.class, LIMIT, c, "--max", "2K", "--iters", "3", "--warmup", "1");
        }
    }

    @Test
    void explicitSizesOnFourRanks() {
        MultiRank.runOk(4, Collective.class, LIMIT, "allreduce", "--sizes", "4,8,800,80000", "--iters", "3", "--warmup", "1");
    }

    @Test
    void badCollectiveEndsWithCodeTwo() {
        assertEquals(2, MultiRank.run(2, Collective.class, LIMIT, "allgatherz").exitCode());
    }

    /** Forces the k-th algorithm of every menu, as the tuner does; unusable points are skipped, not fatal. */
    @Test
    void sweepWithEveryAlgorithmForced() {
        for (int k = 0; k < 6; k++) {
            List<String> set = new ArrayList<>();
            for (String c : Registry.collectives()) {
                List<String> menu = CollKernel.tunable(c);
                if (k < menu.size()) {
                    System.setProperty("jmpi.coll." + c, menu.get(k));
                    set.add(c);
                }
            }
            try {
                MultiRank.runOk(3, CollSweep.class, LIMIT, "--forced-only", "true", "--sizes", "8,64,4096", "--iters", "3",
                        "--warmup", "1", "--warmup-seconds", "0.05");
            } finally {
                set.forEach(c -> System.clearProperty("jmpi.coll." + c));
            }
        }
    }

    @Test
    void noncontig() {
        MultiRank.runOk(2, Noncontig.class, LIMIT, "--max", "4K", "--iters", "5", "--warmup", "1");
        MultiRank.runOk(3, Noncontig.class, LIMIT, "--min", "8", "--max", "2K", "--iters", "3", "--warmup", "0");
    }

    /** MultiRank of the testkit, under the name the tests above use. */
    private static final class MultiRank {
        static void runOk(int np, Class<?> body, Duration limit, String... args) {
            jmpi.testkit.MultiRank.runOk(np, body, limit, args);
        }

        static jmpi.launcher.JobResult run(int np, Class<?> body, Duration limit, String... args) {
            return jmpi.testkit.MultiRank.run(np, body, limit, args);
        }
    }
}
