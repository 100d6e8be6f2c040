package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import jmpi.core.Config;

/** docs/CONFIGURATION.md lists every property of {@link Config} with its default. */
class ConfigurationDocTest {
    @Test
    void everyPropertyIsDocumented() throws IOException {
        Path doc = Path.of("..", "docs", "CONFIGURATION.md");
        String text = Files.readString(doc);
        for (Config c : Config.all()) {
            String shown = c.defaultValue().isEmpty() ? "(none)" : "`" + c.defaultValue() + "`";
            String row = "| `" + c.property() + "` | " + shown + " | " + c.doc() + " |";
            assertTrue(text.contains(row), "docs/CONFIGURATION.md lacks the row:\n" + row);
        }
    }
}
