package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import jmpi.core.CollectiveTags;

/** The collectives, localities and menus: names as the table and the properties spell them, typed menus. */
class RegistryTest {
    @Test
    void theSelectableCollectivesAreTheTenWithAMenu() {
        assertEquals(List.of("barrier", "bcast", "reduce", "allreduce", "gather", "scatter", "allgather", "alltoall",
                "reduce_scatter", "scan"), Registry.collectives());
        for (Collective c : Collective.values()) {
            if (c.selectable()) {
                assertSame(c, Registry.menu(c).collective());
                assertEquals("jmpi.coll." + c.tableName(), c.property());
                assertSame(c, Collective.of(c.tableName().toUpperCase(java.util.Locale.ROOT)));
            } else {
                assertThrows(IllegalArgumentException.class, () -> Registry.menu(c));
            }
        }
        var e = assertThrows(IllegalArgumentException.class, () -> Collective.of("gatherv"));
        assertTrue(e.getMessage().contains("no collective named 'gatherv'") && e.getMessage().contains("reduce_scatter"),
                e.getMessage());
    }

    @Test
    void ordinalsAreTheTagIndexesAndFitTheTagLayout() {
        assertTrue(Collective.values().length <= CollectiveTags.COLLECTIVES);
        assertEquals(0, Collective.BARRIER.ordinal());
        assertEquals(14, Collective.CHECK.ordinal());
        assertEquals("jmpi.coll.check", Collective.nameOf(Collective.CHECK.ordinal()));
        assertNull(Collective.nameOf(Collective.values().length));
        assertNull(Collective.nameOf(-1));
        assertEquals("reduce call 2 (root 3)", CollectiveTags.describe(
                CollectiveTags.call(Collective.REDUCE.ordinal(), 3, 2), Collective::nameOf));
    }

    @Test
    void menusAreTypedAndNamedAlike() {
        BcastAlgorithm b = Registry.BCAST.get("pipeline");
        assertSame(b, Registry.algorithm("bcast", "pipeline"));
        assertEquals(List.of("binomial", "linear", "binary", "split_binary", "pipeline", "scatter_allgather", "shared",
                "hierarchical", "hierarchical_pipeline", "library"), Registry.BCAST.names());
        for (String c : Registry.collectives()) {
            for (String a : Registry.algorithms(c)) {
                assertEquals(a, Registry.algorithm(c, a).name());
            }
            assertTrue(Registry.algorithms(c).contains(c.equals("scatter") || c.equals("alltoall")
                    || c.equals("reduce_scatter") || c.equals("scan") ? "shared" : "hierarchical"), c);
        }
        var e = assertThrows(IllegalArgumentException.class, () -> Registry.algorithm("bcast", "fastest"));
        assertTrue(e.getMessage().contains("no bcast algorithm named 'fastest'") && e.getMessage().contains("binomial"),
                e.getMessage());
    }

    @Test
    void localitiesParseByTheirTableNames() {
        assertEquals(List.of("any", "jvm", "host", "hosts", "processes", "native", "clusters"), Locality.NAMES);
        for (Locality l : Locality.values()) {
            assertSame(l, Locality.of(l.tableName()));
        }
        var e = assertThrows(IllegalArgumentException.class, () -> Locality.of("threads"));
        assertTrue(e.getMessage().contains("'threads'") && e.getMessage().contains("processes"), e.getMessage());
    }
}
