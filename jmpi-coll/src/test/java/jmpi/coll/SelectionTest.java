package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The selection table: its parser (good and bad tables), thresholds and their edges, localities, restrictions. */
class SelectionTest {
    private static final String TABLE = """
            # a comment line, then a blank one

            bcast    jvm        *     0-1023   linear   # inclusive edges
            bcast    jvm        1-4   1024-*   binary
            bcast    processes  *     *        pipeline
            bcast    any        *     *        binomial
            allreduce jvm       *     *        shared
            allreduce any       *     *        ring
            """;

    private static Problem problem(int ranks, long bytes) {
        return new Problem(ranks, bytes, (int) Math.max(1, bytes / 8), true);
    }

    @Test
    void parsesEveryRuleInOrder() {
        Selection s = Selection.parse(TABLE, "test");
        assertEquals(6, s.rules().size());
        Selection.Rule first = s.rules().get(0);
        assertEquals("bcast", first.collective());
        assertEquals("jvm", first.locality());
        assertEquals(0, first.minRanks());
        assertEquals(Long.MAX_VALUE, first.maxRanks());
        assertEquals(0, first.minBytes());
        assertEquals(1023, first.maxBytes());
        assertEquals("linear", first.algorithm());
        assertEquals(3, first.line(), "lines count comments and blank lines");
        Selection.Rule second = s.rules().get(1);
        assertEquals(1, second.minRanks());
        assertEquals(4, second.maxRanks());
        assertEquals(1024, second.minBytes());
        assertEquals(Long.MAX_VALUE, second.maxBytes());
        assertEquals("test", s.source());
    }

    @Test
    void thresholdsAreInclusiveAtBothEdges() {
        Selection s = Selection.parse(TABLE, "test");
        assertEquals("linear", s.choose(Registry.BCAST, Locality.JVM, problem(8, 0)).name());
        assertEquals("linear", s.choose(Registry.BCAST, Locality.JVM, problem(8, 1023)).name());
        assertEquals("binary", s.choose(Registry.BCAST, Locality.JVM, problem(4, 1024)).name());
        assertEquals("binary", s.choose(Registry.BCAST, Locality.JVM, problem(1, 1 << 30)).name());
        assertEquals("binomial", s.choose(Registry.BCAST, Locality.JVM, problem(5, 1024)).name(),
                "5 ranks are past 1-4: the catch-all");
    }

    @Test
    void localitiesCoverAsDocumented() {
        Selection s = Selection.parse(TABLE, "test");
        assertEquals("pipeline", s.choose(Registry.BCAST, Locality.HOST, problem(8, 4096)).name());
        assertEquals("pipeline", s.choose(Registry.BCAST, Locality.HOSTS, problem(8, 4096)).name());
        assertEquals("binomial", s.choose(Registry.BCAST, Locality.JVM, problem(8, 4096)).name());
        for (Locality line : Locality.values()) {
            for (Locality comm : List.of(Locality.JVM, Locality.HOST, Locality.HOSTS)) {
                boolean expected = line == Locality.ANY || line == comm
                        || line == Locality.PROCESSES && comm != Locality.JVM;
                assertEquals(expected, line.covers(comm), line + " covers " + comm);
            }
        }
    }

    @Test
    void anAlgorithmThatCannotRunPassesToTheNextLine() {
        Selection s = Selection.parse(TABLE, "test");
        Problem notShared = new Problem(4, 64, 8, true, false);
        Problem shared = new Problem(4, 64, 8, true, true);
        assertEquals("ring", s.choose(Registry.ALLREDUCE, Locality.JVM, notShared).name());
        assertEquals("shared", s.choose(Registry.ALLREDUCE, Locality.JVM, shared).name());
    }

    @Test
    void typedAndNamedChoicesAgree() {
        Selection s = Selection.defaults();
        for (Collective c : Collective.selectables()) {
            for (int ranks : new int[] {2, 3, 8, 64}) {
                for (long bytes : new long[] {0, 8, 1000, 1 << 20}) {
                    Problem p = new Problem(ranks, bytes, (int) Math.max(ranks, bytes / 8), true, true);
                    Algorithm typed = s.choose(Registry.menu(c), Locality.JVM, p);
                    assertSame(typed, s.choose(c.tableName(), "jvm", p));
                    assertTrue(typed.unusable(p) == null, c + " chose " + typed.name() + " which cannot run " + p);
                }
            }
        }
    }

    @Test
    void aTableWithoutACatchAllFailsClearly() {
        Selection s = Selection.parse("bcast jvm * 0-10 linear\n", "small table");
        var e = assertThrows(IllegalStateException.class,
                () -> s.choose(Registry.BCAST, Locality.JVM, problem(4, 11)));
        assertTrue(e.getMessage().contains("small table") && e.getMessage().contains("bcast")
                && e.getMessage().contains("4 ranks") && e.getMessage().contains("11 bytes"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> s.choose(Registry.SCAN, Locality.JVM, problem(4, 0)));
    }

    @Test
    void badTablesFailNamingTheLine() {
        bad("bcast jvm * *\n", "t line 1", "expected 5 words");
        bad("\nbcast jvm * * binomial extra\n", "t line 2", "found 6");
        bad("bcast threads * * binomial\n", "t line 1", "locality 'threads'");
        bad("bcast jvm x * binomial\n", "t line 1", "bad range 'x'");
        bad("bcast jvm 1-y * binomial\n", "t line 1", "bad range '1-y'");
        bad("bcast jvm * * binomial\nbroadcast jvm * * binomial\n", "t line 2", "no collective named 'broadcast'");
        bad("bcast jvm * * fastest\n", "t line 1", "no bcast algorithm named 'fastest'");
        bad("gatherv jvm * * linear\n", "t line 1", "no collective named 'gatherv'");
    }

    private static void bad(String text, String... fragments) {
        var e = assertThrows(IllegalArgumentException.class, () -> Selection.parse(text, "t"));
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), "'" + e.getMessage() + "' lacks '" + f + "'");
        }
    }

    @Test
    void namesAreCaseInsensitiveInTheFileAndTheFormatRoundTrips() {
        Selection s = Selection.parse("BCAST JVM 2-8 100-* linear\nbcast any * * binomial\n", "t");
        assertEquals("bcast", s.rules().get(0).collective());
        assertEquals("jvm", s.rules().get(0).locality());
        Selection again = Selection.parse(s.format(), "again");
        assertEquals(s.rules().size(), again.rules().size());
        for (int i = 0; i < s.rules().size(); i++) {
            Selection.Rule a = s.rules().get(i);
            Selection.Rule b = again.rules().get(i);
            assertEquals(List.of(a.collective(), a.locality(), a.minRanks(), a.maxRanks(), a.minBytes(), a.maxBytes(),
                    a.algorithm()), List.of(b.collective(), b.locality(), b.minRanks(), b.maxRanks(), b.minBytes(),
                    b.maxBytes(), b.algorithm()));
        }
        Selection d = Selection.defaults();
        assertEquals(d.rules().size(), Selection.parse(d.format(), "defaults again").rules().size());
    }

    @Test
    void rulesBuiltByToolsAreChecked() {
        var e = assertThrows(IllegalArgumentException.class, () -> Selection.of(List.of(
                new Selection.Rule("bcast", "jvm", 0, 9, 0, 9, "nope", 0)), "tuner"));
        assertTrue(e.getMessage().contains("tuner line 0") && e.getMessage().contains("nope"), e.getMessage());
        var f = assertThrows(IllegalArgumentException.class, () -> Selection.of(List.of(
                new Selection.Rule("bcast", "cluster", 0, 9, 0, 9, "linear", 0)), "tuner"));
        assertTrue(f.getMessage().contains("cluster"), f.getMessage());
    }
}
