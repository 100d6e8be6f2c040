package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.BinaryOperator;

import org.junit.jupiter.api.Test;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/** coll's tunables: names and defaults as documented, malformed values are ERR_ARG naming the property. */
class CollSettingTest {
    private static BinaryOperator<String> source(Map<String, String> values) {
        return (property, dflt) -> values.getOrDefault(property, dflt);
    }

    @Test
    void namesAndDefaults() {
        assertEquals("jmpi.coll.table", CollSetting.TABLE.property());
        assertEquals("", CollSetting.TABLE.defaultValue());
        assertEquals("false", CollSetting.CHECK.defaultValue());
        assertEquals("0", CollSetting.NODES.defaultValue());
        assertEquals("65536", CollSetting.SEGMENT_BYTES.defaultValue());
        assertEquals("8192", CollSetting.STAGE_BYTES.defaultValue());
        assertEquals("false", CollSetting.STATS.defaultValue());
        for (CollSetting s : CollSetting.all()) {
            assertTrue(s.property().startsWith("jmpi.coll."), s.property());
            assertTrue(!s.doc().isBlank());
        }
    }

    @Test
    void valuesAreValidated() {
        BinaryOperator<String> none = source(Map.of());
        assertEquals(0, CollSetting.NODES.intValue(none, 0, Integer.MAX_VALUE, 0));
        assertEquals(4, CollSetting.NODES.intValue(source(Map.of("jmpi.coll.nodes", " 4 ")), 0, Integer.MAX_VALUE, 0));
        assertEquals(0, CollSetting.NODES.intValue(source(Map.of("jmpi.coll.nodes", "")), 0, Integer.MAX_VALUE, 0),
                "empty is off, as before");
        bad(() -> CollSetting.NODES.intValue(source(Map.of("jmpi.coll.nodes", "two")), 0, Integer.MAX_VALUE, 0),
                "jmpi.coll.nodes=two", "not an integer");
        bad(() -> CollSetting.NODES.intValue(source(Map.of("jmpi.coll.nodes", "-2")), 0, Integer.MAX_VALUE, 0),
                "jmpi.coll.nodes=-2", "outside");
        bad(() -> CollSetting.CHECK.booleanValue(source(Map.of("jmpi.coll.check", "yes")), false),
                "jmpi.coll.check=yes", "not true or false");
        assertTrue(CollSetting.CHECK.booleanValue(source(Map.of("jmpi.coll.check", "true")), false));
        bad(() -> CollSetting.SEGMENT_BYTES.longValue(source(Map.of("jmpi.coll.segmentBytes", "64k")), 1,
                Long.MAX_VALUE, 65536), "jmpi.coll.segmentBytes=64k");
    }

    @Test
    void clustersAreWholeNumbersOfNodes() {
        assertArrayEquals(new int[] {0, 0}, CollSetting.blocks(source(Map.of())));
        assertArrayEquals(new int[] {2, 0}, CollSetting.blocks(source(Map.of("jmpi.coll.nodes", "2"))));
        assertArrayEquals(new int[] {0, 3}, CollSetting.blocks(source(Map.of("jmpi.coll.clusters", "3"))));
        assertArrayEquals(new int[] {2, 4}, CollSetting.blocks(source(Map.of("jmpi.coll.nodes", "2",
                "jmpi.coll.clusters", "4"))));
        bad(() -> CollSetting.blocks(source(Map.of("jmpi.coll.nodes", "2", "jmpi.coll.clusters", "3"))),
                "jmpi.coll.clusters=3 is not a multiple of jmpi.coll.nodes=2");
        bad(() -> CollSetting.blocks(source(Map.of("jmpi.coll.clusters", "x"))), "jmpi.coll.clusters=x", "not an integer");
    }

    @Test
    void everySettingHasItsRowInTheConfigurationDoc() throws java.io.IOException {
        String doc = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "CONFIGURATION.md"));
        for (CollSetting s : CollSetting.all()) {
            String shown = s.defaultValue().isEmpty() ? "(none)" : "`" + s.defaultValue() + "`";
            String row = "| `" + s.property() + "` | " + shown + " | " + s.doc() + " |";
            assertTrue(doc.contains(row), "docs/CONFIGURATION.md lacks the row:\n" + row);
        }
    }

    private static void bad(org.junit.jupiter.api.function.Executable e, String... fragments) {
        MpiError err = assertThrows(MpiError.class, e);
        assertEquals(ErrorClass.ERR_ARG, err.errorClass());
        for (String f : fragments) {
            assertTrue(err.getMessage().contains(f), "'" + err.getMessage() + "' lacks '" + f + "'");
        }
    }
}
