package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import jmpi.core.Config;

/**
 * docs/CONFIGURATION.md lists every property of {@link Config} with its default, and names every
 * {@code jmpi.coll.*} property the collective layer reads, which docs/COLLECTIVES.md describes.
 */
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

    @Test
    void everyCollectivePropertyIsDocumented() throws IOException {
        Set<String> properties = new TreeSet<>();
        Pattern literal = Pattern.compile("\"(jmpi\\.coll\\.[A-Za-z]+)\"");
        try (Stream<Path> files = Files.walk(Path.of("..", "jmpi-coll", "src", "main", "java"))) {
            for (Path f : files.filter(x -> x.toString().endsWith(".java")).toList()) {
                Matcher m = literal.matcher(Files.readString(f));
                while (m.find()) {
                    properties.add(m.group(1));
                }
            }
        }
        assertTrue(properties.contains("jmpi.coll.check"), "no jmpi.coll.* literal found: " + properties);
        String configuration = Files.readString(Path.of("..", "docs", "CONFIGURATION.md"));
        String collectives = Files.readString(Path.of("..", "docs", "COLLECTIVES.md"));
        for (String p : properties) {
            assertTrue(configuration.contains("`" + p + "`"), "docs/CONFIGURATION.md does not name " + p);
            assertTrue(collectives.contains("`" + p), "docs/COLLECTIVES.md does not describe " + p);
        }
    }
}
