package jmpi.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import jmpi.coll.Problem;
import jmpi.coll.Registry;
import jmpi.coll.Selection;
import org.junit.jupiter.api.Test;

/** The tuner's table parses, covers every call of every collective, and picks the measured winners. */
class TuneTest {
    private static Sweep randomSweep(long seed) {
        Random rnd = new Random(seed);
        List<Sweep.Point> pts = new ArrayList<>();
        for (String c : Registry.collectives()) {
            for (int np : new int[] {2, 4, 8}) {
                for (long bytes = 8; bytes <= 1 << 20; bytes *= 8) {
                    for (String a : Registry.algorithms(c)) {
                        if (Registry.algorithm(c, a).unusable(CollKernel.problem(c, np, bytes, "jvm")) == null) {
                            pts.add(new Sweep.Point(c, np, bytes, a, 1 + rnd.nextDouble() * 100));
                        }
                    }
                    pts.add(new Sweep.Point(c, np, bytes, "default:x", 0.001)); // not a menu name: ignored
                }
            }
        }
        return new Sweep(pts);
    }

    @Test
    void tableParsesCoversEveryCallAndPicksTheWinners() {
        for (long seed = 1; seed <= 20; seed++) {
            Sweep sweep = randomSweep(seed);
            Selection built = Tune.build(sweep, "jvm");
            Selection t = Selection.parse(built.format(), "tuned");
            assertEquals(built.rules().size(), t.rules().size());
            for (String c : Registry.collectives()) {
                for (String loc : new String[] {"jvm", "processes"}) {
                    for (int size = 1; size <= 40; size += size < 10 ? 1 : 7) {
                        for (long bytes : new long[] {0, 1, 8, 100, 4096, 1 << 20, 1L << 33}) {
                            for (boolean commutative : new boolean[] {false, true}) {
                                int count = (int) Math.min(Integer.MAX_VALUE, bytes / 8);
                                assertNotNull(t.choose(c, loc, new Problem(size, bytes, count, commutative)));
                            }
                        }
                    }
                }
                for (int np : sweep.ranks(c)) {
                    for (long bytes : sweep.sizes(c, np)) {
                        var times = sweep.times(c, np, bytes);
                        times.keySet().retainAll(Registry.algorithms(c));
                        String winner = Sweep.best(times);
                        String chosen = t.choose(c, "jvm", CollKernel.problem(c, np, bytes, "jvm")).name();
                        // the winner, or the previous size's winner within Tune.TIE of it
                        assertTrue(times.containsKey(chosen) && times.get(chosen) <= times.get(winner) * (1 + Tune.TIE),
                                c + " np=" + np + " bytes=" + bytes + ": chose " + chosen + " " + times.get(chosen)
                                        + " us, best " + winner + " " + times.get(winner) + " us");
                    }
                }
            }
        }
    }

    @Test
    void aBaseTableKeepsItsOtherLocalitiesAfterTheMeasuredLines() {
        Selection base = Selection.parse("bcast jvm * * linear\nbcast processes * 0-100 binary\nbcast any * * binomial\n",
                "base");
        Selection t = Selection.parse(Tune.build(randomSweep(7), "jvm", base).format(), "tuned");
        List<String> bcast = new ArrayList<>();
        for (Selection.Rule r : t.rules()) {
            if (r.collective().equals("bcast")) {
                bcast.add(r.locality() + " " + r.algorithm());
            }
        }
        assertTrue(bcast.indexOf("processes binary") > 0, "measured lines first, then the base's: " + bcast);
        assertEquals("processes binary", bcast.get(bcast.size() - 2), bcast.toString());
        assertEquals("any binomial", bcast.get(bcast.size() - 1), "one catch-all, not two: " + bcast);
        for (String line : bcast.subList(0, bcast.size() - 2)) {
            assertTrue(line.startsWith("jvm "), "only measured lines before the base's: " + bcast);
        }
        assertEquals("binary", t.choose("bcast", "processes", new Problem(4, 80, 10, true)).name());
    }

    @Test
    void sweepLinesParse() {
        var pts = Sweep.parse("# header\nSWEEP bcast 4 800 linear 12.5 10 14 200\nnoise\n"
                + "SWEEP bcast 4 800 binomial 11.0 10 14 200\nSWEEP bcast 4 800 linear 12.0 1 1 1\n");
        Sweep s = new Sweep(pts);
        assertEquals(3, pts.size());
        assertEquals(12.0, s.times("bcast", 4, 800).get("linear"));
        assertEquals("binomial", Sweep.best(s.times("bcast", 4, 800)));
        // a table of its own (the built-in one is re-measured from time to time and may pick an unmeasured algorithm)
        String text = CollTables.render(s, Selection.parse("bcast any * * linear\n", "test"), "jvm");
        assertTrue(text.contains("bcast, 4 ranks"), text);
        assertTrue(text.contains("of 1 points"), text);
    }
}
