package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import jmpi.spi.Setting;

/**
 * docs/CONFIGURATION.md has, for every module, one table with one row per entry of every
 * {@code enum ... implements Setting} (or core's {@code RankSetting}) in that module's {@code src/main/java} (found by scanning the
 * sources, loaded by name: no list kept here), and no row for a property no enum has. On failure
 * it prints every module's section as it should be, to paste into the document. It also names every
 * {@code jmpi.coll.*} property the collective layer reads, which docs/COLLECTIVES.md describes.
 */
class ConfigurationDocTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern SETTING_ENUM =
            Pattern.compile("\\benum\\s+(\\w+)\\s+implements\\s+([\\w.,\\s<>]+?)\\{");
    /** A property row of the document: {@code | `name` | ...}. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `([^`]+)` \\| .*$");

    /** The module's directory name to the classes of its Setting enums, by scanning every module's sources. */
    static Map<String, List<String>> settingEnums() throws IOException {
        Map<String, List<String>> found = new TreeMap<>();
        List<Path> modules;
        try (Stream<Path> dirs = Files.list(ROOT)) {
            modules = dirs.filter(d -> Files.isDirectory(d.resolve(Path.of("src", "main", "java")))).sorted().toList();
        }
        for (Path module : modules) {
            List<Path> sources;
            try (Stream<Path> files = Files.walk(module.resolve(Path.of("src", "main", "java")))) {
                sources = files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
            }
            for (Path f : sources) {
                String text = Files.readString(f);
                Matcher m = SETTING_ENUM.matcher(text);
                while (m.find()) {
                    if (!List.of(m.group(2).split("[,\\s]+")).stream().anyMatch(
                            t -> t.equals("Setting") || t.equals("jmpi.spi.Setting") || t.equals("RankSetting")
                                    || t.equals("jmpi.core.RankSetting"))) {
                        continue;
                    }
                    Matcher p = PACKAGE.matcher(text);
                    assertTrue(p.find(), f + " declares no package");
                    String file = f.getFileName().toString().replace(".java", "");
                    String name = p.group(1) + "." + (m.group(1).equals(file) ? file : file + "$" + m.group(1));
                    found.computeIfAbsent(module.getFileName().toString(), k -> new ArrayList<>()).add(name);
                }
            }
        }
        return found;
    }

    /** The document's row for {@code s}. */
    static String row(Setting s) {
        String shown = s.defaultValue().isEmpty() ? "(none)" : "`" + s.defaultValue() + "`";
        return "| `" + s.property() + "` | " + shown + " | " + s.doc() + " |";
    }

    /** The section of module {@code module} as the document should have it. */
    static String section(String module, List<String> classes, List<Setting> entries) {
        StringBuilder b = new StringBuilder("## " + module + "\n\n");
        b.append(String.join(", ", classes.stream().map(c -> "`" + c.replace('$', '.') + "`").toList())).append("\n\n");
        b.append("| property | default | meaning |\n|---|---|---|\n");
        for (Setting s : entries) {
            b.append(row(s)).append('\n');
        }
        return b.toString();
    }

    @Test
    void everySettingOfEveryModuleHasItsRow() throws IOException {
        String text = Files.readString(ROOT.resolve(Path.of("docs", "CONFIGURATION.md")));
        Map<String, List<String>> enums = settingEnums();
        assertTrue(enums.containsKey("jmpi-core") && enums.containsKey("jmpi-shm") && enums.containsKey("jmpi-tcp")
                && enums.containsKey("jmpi-launcher"), "the scan found too few Setting enums: " + enums);
        StringBuilder expected = new StringBuilder();
        List<String> problems = new ArrayList<>();
        Set<String> properties = new HashSet<>();
        for (Map.Entry<String, List<String>> e : enums.entrySet()) {
            String module = e.getKey();
            List<Setting> entries = new ArrayList<>();
            for (String name : e.getValue()) {
                Class<?> c;
                try {
                    c = Class.forName(name, false, ConfigurationDocTest.class.getClassLoader());
                } catch (ClassNotFoundException x) {
                    fail(name + " (in " + module + ") is not on jmpi-conformance's test class path:"
                            + " add " + module + " as a dependency of jmpi-conformance");
                    return;
                }
                for (Object o : c.getEnumConstants()) {
                    entries.add((Setting) o);
                }
            }
            expected.append(section(module, e.getValue(), entries)).append('\n');
            for (Setting s : entries) {
                if (!properties.add(s.property())) {
                    problems.add("two entries for " + s.property());
                }
            }
            int start = text.indexOf("\n## " + module + "\n");
            if (start < 0) {
                problems.add("no section '## " + module + "'");
                continue;
            }
            int end = text.indexOf("\n## ", start + 1);
            String sectionText = text.substring(start, end < 0 ? text.length() : end);
            for (Setting s : entries) {
                if (!sectionText.contains("\n" + row(s) + "\n") && !sectionText.endsWith("\n" + row(s))) {
                    problems.add("section " + module + " lacks the row " + row(s));
                }
            }
        }
        Matcher m = ROW.matcher(text);
        Set<String> rows = new TreeSet<>();
        while (m.find()) {
            if (!rows.add(m.group(1))) {
                problems.add("two rows for " + m.group(1));
            }
            if (!properties.contains(m.group(1))) {
                problems.add("a row for " + m.group(1) + ", which no Setting enum has");
            }
        }
        assertEquals(List.of(), problems, "docs/CONFIGURATION.md is out of step with the Setting enums."
                + " The module sections should read:\n\n" + expected);
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
