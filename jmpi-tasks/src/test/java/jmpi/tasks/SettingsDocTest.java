package jmpi.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jmpi.spi.Backoff;
import jmpi.spi.Setting;
import jmpi.spi.WaitSetting;

/**
 * docs/CONFIGURATION.md lists every {@link TaskSetting} and {@link WaitSetting} with its default and
 * doc; malformed values fail naming the property; the deprecated {@code jmpi.tasks.spinMicros}
 * alias still sets the pool's spin.
 */
class SettingsDocTest {
    @Test
    void everySettingIsDocumented() throws IOException {
        String text = Files.readString(Path.of("..", "docs", "CONFIGURATION.md"));
        List<Setting> all = new ArrayList<>(List.of(TaskSetting.values()));
        all.addAll(List.of(WaitSetting.values()));
        for (Setting c : all) {
            String shown = c.defaultValue().isEmpty() ? "(none)" : "`" + c.defaultValue() + "`";
            String row = "| `" + c.property() + "` | " + shown + " | " + c.doc() + " |";
            assertTrue(text.contains(row), "docs/CONFIGURATION.md lacks the row:\n" + row);
        }
    }

    @Test
    void malformedValuesFailNamingTheProperty() {
        withProperty(TaskSetting.THREADS.property(), "four", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, TaskPool::defaultSize);
            assertTrue(e.getMessage().contains("jmpi.tasks.threads=four"), e.getMessage());
        });
        withProperty(TaskSetting.THREADS.property(), "0", () -> assertThrows(IllegalArgumentException.class,
                TaskPool::defaultSize));
        withProperty(TaskSetting.QUEUE_CAPACITY.property(), "-1", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TaskPool(1));
            assertTrue(e.getMessage().contains("jmpi.tasks.queueCapacity=-1"), e.getMessage());
        });
        withProperty(WaitSetting.YIELD_NANOS.property(), "1e3", () -> {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TaskPool(1));
            assertTrue(e.getMessage().contains("jmpi.wait.yieldNanos=1e3"), e.getMessage());
        });
    }

    @Test
    void valuesAreRead() {
        withProperty(TaskSetting.THREADS.property(), "3", () -> assertEquals(3, TaskPool.defaultSize()));
        assertEquals(1024, TaskSetting.queueCapacity());
        withProperty(TaskSetting.QUEUE_CAPACITY.property(), "1000", () -> assertEquals(1024, TaskSetting.queueCapacity()));
        withProperty(TaskSetting.QUEUE_CAPACITY.property(), "0", () -> assertEquals(2, TaskSetting.queueCapacity()));
        withProperty(TaskSetting.SPIN_MICROS.property(), "7",
                () -> assertEquals(Backoff.oversubscribed(1) ? 2_000 : 7_000, TaskSetting.backoff(1).spinNanos()));
        withProperty(WaitSetting.SPIN_NANOS.property(), "1234",
                () -> assertEquals(1234, TaskSetting.backoff(1).spinNanos()));
        assertEquals(Backoff.forThreads(1).toString(), TaskSetting.backoff(1).toString());
    }

    private static void withProperty(String property, String value, Runnable check) {
        String old = System.getProperty(property);
        System.setProperty(property, value);
        try {
            check.run();
        } finally {
            if (old == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, old);
            }
        }
    }
}
