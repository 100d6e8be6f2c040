package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BinaryOperator;

import org.junit.jupiter.api.Test;

/**
 * {@link Setting}'s parsing: defaults, {@code auto} and empty values, bounds, booleans, and malformed
 * values failing with the property, the value and the entry's documentation named. Values come from a
 * map here (a transport's {@link TransportContext#property} works the same way); one test goes through
 * real system properties. Single-threaded.
 */
class SettingTest {
    /** Entries of a module as a test would declare them. */
    enum Knob implements Setting {
        LIMIT("jmpi.test.limit", "auto", "bytes, in [1, 1024]; auto: 64"),
        FIXED("jmpi.test.fixed", "16", "elements, at least 0"),
        FLAG("jmpi.test.flag", "auto", "true or false; auto: true"),
        EMPTY("jmpi.test.empty", "", "(none) unless set");

        private final Spec spec;

        Knob(String property, String defaultValue, String doc) {
            this.spec = new Spec(property, defaultValue, doc);
        }

        @Override
        public Spec spec() {
            return spec;
        }
    }

    /** An entry whose module throws its own exception type. */
    enum OwnError implements Setting {
        ONLY;

        @Override
        public Spec spec() {
            return new Spec("jmpi.test.own", "1", "a count");
        }

        @Override
        public RuntimeException invalid(String value, String problem) {
            return new IllegalStateException("own: " + property() + " " + value + " " + problem);
        }
    }

    private static BinaryOperator<String> source(String... propertyValuePairs) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < propertyValuePairs.length; i += 2) {
            m.put(propertyValuePairs[i], propertyValuePairs[i + 1]);
        }
        return (property, fallback) -> m.getOrDefault(property, fallback);
    }

    @Test
    void unsetTakesTheDefault() {
        BinaryOperator<String> none = source();
        assertEquals("auto", Knob.LIMIT.value(none));
        assertEquals("16", Knob.FIXED.value(none));
        assertEquals(16, Knob.FIXED.longValue(none, 0, Long.MAX_VALUE, -1));
        assertEquals(16, Knob.FIXED.intValue(none, 0, Integer.MAX_VALUE, -1));
    }

    @Test
    void aSourceAnsweringNullTakesTheDefault() {
        assertEquals("16", Knob.FIXED.value((p, d) -> null));
        assertEquals(16, Knob.FIXED.intValue((p, d) -> null, 0, 100, -1));
    }

    @Test
    void autoAndEmptyResolveToTheCallersAuto() {
        assertEquals(64, Knob.LIMIT.longValue(source(), 1, 1024, 64));
        assertEquals(64, Knob.LIMIT.longValue(source("jmpi.test.limit", "auto"), 1, 1024, 64));
        assertEquals(64, Knob.LIMIT.longValue(source("jmpi.test.limit", ""), 1, 1024, 64));
        assertEquals(64, Knob.LIMIT.longValue(source("jmpi.test.limit", "   "), 1, 1024, 64));
        assertEquals(7, Knob.EMPTY.intValue(source(), 0, 10, 7), "an empty default is auto");
        assertEquals("", Knob.EMPTY.value(source()));
    }

    @Test
    void autoIsNotCheckedAgainstTheBounds() {
        assertEquals(-1, Knob.LIMIT.longValue(source(), 1, 1024, -1));
    }

    @Test
    void valuesAreTrimmed() {
        assertEquals("12", Knob.LIMIT.value(source("jmpi.test.limit", " 12\t")));
        assertEquals(12, Knob.LIMIT.longValue(source("jmpi.test.limit", " 12\t"), 1, 1024, 64));
    }

    @Test
    void boundsAreInclusive() {
        assertEquals(1, Knob.LIMIT.longValue(source("jmpi.test.limit", "1"), 1, 1024, 64));
        assertEquals(1024, Knob.LIMIT.longValue(source("jmpi.test.limit", "1024"), 1, 1024, 64));
        assertEquals(Long.MAX_VALUE, Knob.LIMIT.longValue(source("jmpi.test.limit", String.valueOf(Long.MAX_VALUE)),
                0, Long.MAX_VALUE, 64));
        assertEquals(Integer.MIN_VALUE, Knob.LIMIT.intValue(source("jmpi.test.limit", String.valueOf(Integer.MIN_VALUE)),
                Integer.MIN_VALUE, Integer.MAX_VALUE, 0));
    }

    @Test
    void outOfBoundsFailsNamingPropertyValueRangeAndDoc() {
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class,
                () -> Knob.LIMIT.longValue(source("jmpi.test.limit", "0"), 1, 1024, 64));
        assertEquals("property jmpi.test.limit=0 is outside [1, 1024] (bytes, in [1, 1024]; auto: 64)", low.getMessage());
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class,
                () -> Knob.LIMIT.intValue(source("jmpi.test.limit", "1025"), 1, 1024, 64));
        assertTrue(high.getMessage().contains("jmpi.test.limit=1025"), high.getMessage());
        assertTrue(high.getMessage().contains("outside [1, 1024]"), high.getMessage());
    }

    @Test
    void anIntBeyondIntRangeFailsRatherThanWrapping() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Knob.LIMIT.intValue(source("jmpi.test.limit", "4294967297"), 0, Integer.MAX_VALUE, 1));
        assertTrue(e.getMessage().contains("jmpi.test.limit=4294967297"), e.getMessage());
    }

    @Test
    void malformedNumbersFailNamingTheProperty() {
        for (String bad : new String[] {"12k", "1.5", "0x10", "ten", "99999999999999999999", "AUTO", "+"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Knob.LIMIT.longValue(source("jmpi.test.limit", bad), 1, 1024, 64), bad);
            assertEquals("property jmpi.test.limit=" + bad + " is not an integer (bytes, in [1, 1024]; auto: 64)",
                    e.getMessage());
        }
    }

    @Test
    void booleansAreExactlyTrueOrFalse() {
        assertTrue(Knob.FLAG.booleanValue(source("jmpi.test.flag", "true"), false));
        assertFalse(Knob.FLAG.booleanValue(source("jmpi.test.flag", "false"), true));
        assertTrue(Knob.FLAG.booleanValue(source("jmpi.test.flag", " true "), false));
        assertTrue(Knob.FLAG.booleanValue(source(), true), "auto");
        assertFalse(Knob.FLAG.booleanValue(source(), false), "auto");
        assertFalse(Knob.FLAG.booleanValue(source("jmpi.test.flag", ""), false), "empty");
        for (String bad : new String[] {"yes", "1", "TRUE", "False", "on"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Knob.FLAG.booleanValue(source("jmpi.test.flag", bad), true), bad);
            assertEquals("property jmpi.test.flag=" + bad + " is not true or false (true or false; auto: true)",
                    e.getMessage());
        }
    }

    @Test
    void aModuleMayThrowItsOwnType() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> OwnError.ONLY.longValue(source("jmpi.test.own", "x"), 0, 9, 1));
        assertEquals("own: jmpi.test.own x is not an integer", e.getMessage());
        IllegalStateException b = assertThrows(IllegalStateException.class,
                () -> OwnError.ONLY.booleanValue(source("jmpi.test.own", "x"), true));
        assertEquals("own: jmpi.test.own x is not true or false", b.getMessage());
    }

    @Test
    void theSourceIsAskedForThePropertyWithTheDefault() {
        String[] asked = new String[2];
        Knob.FIXED.value((p, d) -> {
            asked[0] = p;
            asked[1] = d;
            return d;
        });
        assertEquals("jmpi.test.fixed", asked[0]);
        assertEquals("16", asked[1]);
    }

    @Test
    void systemPropertiesAreTheDefaultSource() {
        String key = Knob.LIMIT.property();
        String before = System.getProperty(key);
        try {
            System.clearProperty(key);
            assertEquals(64, Knob.LIMIT.longValue(1, 1024, 64));
            assertEquals(64, Knob.LIMIT.longValue(64));
            System.setProperty(key, "300");
            assertEquals("300", Knob.LIMIT.value());
            assertEquals(300, Knob.LIMIT.longValue(1, 1024, 64));
            assertEquals(300, Knob.LIMIT.longValue(64));
            System.setProperty(key, "-3");
            assertThrows(IllegalArgumentException.class, () -> Knob.LIMIT.longValue(64), "negative for the non-negative form");
            System.setProperty(Knob.FLAG.property(), "false");
            assertFalse(Knob.FLAG.booleanValue(true));
        } finally {
            System.clearProperty(Knob.FLAG.property());
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
    }
}
