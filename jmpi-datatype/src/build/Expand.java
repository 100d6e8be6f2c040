import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Expands the per-type templates of a module into Java sources, at build time (Maven's
 * {@code generate-sources} phase runs it as a single-file program with the build's JDK). The idea is the
 * JDK's own: {@code java.nio}'s eight buffer classes are expanded from one {@code X-Buffer.java.template}
 * (the JDK build's {@code Spp} tool), and JCTools generates its queue variants the same way.
 *
 * <p>Usage: {@code java Expand.java TEMPLATES OUT}. Every {@code X.java.template} under {@code TEMPLATES}
 * becomes {@code X.java} at the same relative path under {@code OUT}; a file whose content is unchanged is
 * not rewritten (so that the compiler sees nothing new). A template is Java source with blocks
 *
 * <pre>
 * //$$ for byte char short int
 *         ... lines using $type$, $Type$, $LAYOUT$, $size$, $scale$ ...
 * //$$ end
 * </pre>
 *
 * each expanded once per listed type, in the order listed (type switches test cases in order: keep it). The
 * variables: {@code $type$} the Java type ({@code int}, {@code Object}), {@code $Type$} its capitalized name
 * ({@code Int}), {@code $TYPE$} its upper-case name ({@code INT}, as {@code BasicType} names it), {@code $narrow$}
 * the cast from {@code long} to it ({@code (int) }; empty for long), {@code $LAYOUT$} the unaligned {@code ValueLayout} constant ({@code JAVA_INT_UNALIGNED};
 * {@code JAVA_BYTE} for byte and boolean), {@code $size$} its bytes in a message, and {@code $scale$} the
 * product that turns an element count into bytes ({@code 4L * } for int, empty for a one-byte type, so that
 * {@code off + $scale$k} reads {@code off + k} there). Blocks do not nest. A {@code $name$} outside a block,
 * an unknown variable, a type not in the table, or an unclosed block fails the build naming file and line.
 */
public final class Expand {
    private static final String FOR = "//$$ for ";
    private static final String END = "//$$ end";

    /** type, Type, LAYOUT, size. */
    private static final Map<String, String[]> TYPES = Map.of(
            "byte", new String[] {"byte", "Byte", "JAVA_BYTE", "1"},
            "boolean", new String[] {"boolean", "Boolean", "JAVA_BYTE", "1"},
            "char", new String[] {"char", "Char", "JAVA_CHAR_UNALIGNED", "2"},
            "short", new String[] {"short", "Short", "JAVA_SHORT_UNALIGNED", "2"},
            "int", new String[] {"int", "Int", "JAVA_INT_UNALIGNED", "4"},
            "long", new String[] {"long", "Long", "JAVA_LONG_UNALIGNED", "8"},
            "float", new String[] {"float", "Float", "JAVA_FLOAT_UNALIGNED", "4"},
            "double", new String[] {"double", "Double", "JAVA_DOUBLE_UNALIGNED", "8"},
            "Object", new String[] {"Object", "Object", null, null});

    private Expand() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: java Expand.java TEMPLATES OUT");
        }
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        List<Path> templates;
        try (Stream<Path> files = Files.walk(in)) {
            templates = files.filter(p -> p.toString().endsWith(".java.template")).sorted().toList();
        }
        if (templates.isEmpty()) {
            throw new IllegalArgumentException("no *.java.template under " + in);
        }
        for (Path t : templates) {
            String rel = in.relativize(t).toString();
            Path target = out.resolve(rel.substring(0, rel.length() - ".template".length()));
            String text = expand(Files.readAllLines(t, StandardCharsets.UTF_8), rel);
            if (!Files.exists(target) || !Files.readString(target, StandardCharsets.UTF_8).equals(text)) {
                Files.createDirectories(target.getParent());
                Files.writeString(target, text, StandardCharsets.UTF_8);
            }
        }
    }

    /** The expansion of one template's lines ({@code name} for messages and the header). */
    static String expand(List<String> lines, String name) {
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated at build time by src/build/Expand.java from src/main/templates/").append(name)
                .append(": edit the template, not this file.\n");
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String trimmed = line.strip();
            if (trimmed.startsWith(FOR)) {
                String[] types = trimmed.substring(FOR.length()).strip().split("\\s+");
                int end = i + 1;
                while (end < lines.size() && !lines.get(end).strip().startsWith(END)) {
                    if (lines.get(end).strip().startsWith(FOR)) {
                        throw fail(name, end, "blocks do not nest");
                    }
                    end++;
                }
                if (end == lines.size()) {
                    throw fail(name, i, "block not closed by " + END);
                }
                for (String type : types) {
                    String[] vars = TYPES.get(type);
                    if (vars == null) {
                        throw fail(name, i, "unknown type " + type + " (known: " + TYPES.keySet() + ")");
                    }
                    for (int k = i + 1; k < end; k++) {
                        sb.append(substitute(lines.get(k), vars, name, k)).append('\n');
                    }
                }
                i = end;
            } else if (trimmed.startsWith(END)) {
                throw fail(name, i, END + " without a block");
            } else {
                if (line.matches(".*\\$[A-Za-z]+\\$.*")) {
                    throw fail(name, i, "a variable outside a //$$ for block");
                }
                sb.append(line).append('\n');
            }
        }
        return sb.toString();
    }

    private static String substitute(String line, String[] vars, String name, int index) {
        StringBuilder sb = new StringBuilder();
        int at = 0;
        while (true) {
            int open = line.indexOf('$', at);
            if (open < 0) {
                break;
            }
            int close = line.indexOf('$', open + 1);
            String var = close < 0 ? "" : line.substring(open + 1, close);
            if (close < 0 || !var.matches("[A-Za-z]+")) {
                sb.append(line, at, open + 1);
                at = open + 1;
                continue;
            }
            String value = switch (var) {
                case "type" -> vars[0];
                case "Type" -> vars[1];
                case "TYPE" -> vars[0].toUpperCase(java.util.Locale.ROOT);
                case "narrow" -> vars[0].equals("long") ? "" : "(" + vars[0] + ") ";
                case "LAYOUT" -> vars[2];
                case "size" -> vars[3];
                case "scale" -> vars[3] == null ? null : vars[3].equals("1") ? "" : vars[3] + "L * ";
                default -> throw fail(name, index, "unknown variable $" + var + "$");
            };
            if (value == null) {
                throw fail(name, index, "$" + var + "$ has no value for " + vars[0]);
            }
            sb.append(line, at, open).append(value);
            at = close + 1;
        }
        return sb.append(line.substring(at)).toString();
    }

    private static IllegalArgumentException fail(String name, int index, String why) {
        return new IllegalArgumentException(name + ":" + (index + 1) + ": " + why);
    }
}
