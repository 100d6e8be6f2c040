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
            MultiRank.runOk(3, Collective.class, LIMIT, c, "--max", "2K", "--iters", "3", "--warmup", "1",
                    "--point-warmup-calls", "5");
        }
    }

    @Test
    void explicitSizesOnFourRanks() {
        MultiRank.runOk(4, Collective.class, LIMIT, "allreduce", "--sizes", "4,8,800,80000", "--iters", "3", "--warmup", "1",
                "--point-warmup-calls", "5");
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
                        "--warmup", "1", "--warmup-seconds", "0.05", "--point-warmup-calls", "5");
            } finally {
                set.forEach(c -> System.clearProperty("jmpi.coll." + c));
            }
        }
    }

    /**
     * {@code --menu true}: one job runs every algorithm of every menu at every size, switching between them; each
     * (collective, size) accounts for every tunable algorithm, measured or skipped with its reason.
     */
    @Test
    void sweepOfEveryMenuInOneJob() {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        java.io.PrintStream out = System.out;
        System.setOut(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            MultiRank.runOk(3, CollSweep.class, LIMIT, "--menu", "true", "--sizes", "8,64,4096", "--iters", "3",
                    "--warmup", "1", "--warmup-seconds", "0.01", "--repeat", "2", "--point-warmup-calls", "7");
        } finally {
            System.setOut(out);
        }
        String text = bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
        java.util.Map<String, java.util.Set<String>> seen = new java.util.TreeMap<>();
        java.util.Set<String> warmed = new java.util.TreeSet<>();
        java.util.Set<String> timed = new java.util.TreeSet<>();
        for (String line : text.split("\n")) {
            String[] f = line.split(" ");
            if (line.startsWith("# point warm-up ")) {
                // "# point warm-up C RANKS BYTES ALG: 7 calls, S s": the count asked for, each algorithm at each point
                assertEquals("7", f[7], line);
                warmed.add(f[3] + " " + f[5] + " " + f[6].replace(":", ""));
            } else if (line.startsWith("SWEEP ")) {
                timed.add(f[1] + " " + f[3] + " " + f[4]);
                seen.computeIfAbsent(f[1] + " " + f[3], k -> new java.util.TreeSet<>()).add(f[4]);
            } else if (line.startsWith("# skipped ")) {
                seen.computeIfAbsent(f[2] + " " + f[4], k -> new java.util.TreeSet<>()).add(f[5].replace(":", ""));
            }
        }
        assertEquals(timed, warmed, "every timed (collective, size, algorithm) warmed up at its size first");
        int points = 0;
        for (String c : CollKernel.COLLECTIVES) {
            java.util.Set<String> want = new java.util.TreeSet<>(CollKernel.tunable(c));
            for (java.util.Map.Entry<String, java.util.Set<String>> e : seen.entrySet()) {
                if (e.getKey().startsWith(c + " ")) {
                    assertEquals(want, e.getValue(), "algorithms accounted for at " + e.getKey() + "\n" + text);
                    points++;
                }
            }
        }
        assertEquals(true, points >= 3 * (CollKernel.COLLECTIVES.size() - 1) + 1, points + " points\n" + text);
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
