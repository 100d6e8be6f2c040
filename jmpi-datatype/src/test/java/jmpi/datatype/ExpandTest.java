package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build's template expander ({@code src/build/Expand.java}, which writes {@link Kernels} and
 * {@link ReduceKernels}), compiled once with this JDK's compiler and its {@code main} called as the build
 * calls it (the build runs it as a single-file program: the same code, without a compile per case). Checks the
 * expansion of every variable, the order of the types, that an unchanged output is left alone, and that
 * each malformed template fails naming file and line.
 */
class ExpandTest {
    private static Method main;

    @TempDir
    Path dir;

    @BeforeAll
    static void compile(@TempDir Path classes) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", classes.toString(), Path.of("src", "build", "Expand.java").toString());
        assertEquals(0, rc, "src/build/Expand.java does not compile");
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, null);
        main = loader.loadClass("Expand").getMethod("main", String[].class);
    }

    private record Run(int exit, String output) {
    }

    private Run expand(String template) throws Exception {
        Path in = dir.resolve("in/p");
        Files.createDirectories(in);
        Files.writeString(in.resolve("T.java.template"), template);
        try {
            main.invoke(null, (Object) new String[] {dir.resolve("in").toString(), dir.resolve("out").toString()});
            return new Run(0, "");
        } catch (InvocationTargetException e) {
            return new Run(1, String.valueOf(e.getCause()));
        }
    }

    private Path out() {
        return dir.resolve("out/p/T.java");
    }

    @Test
    void expandsEveryVariableInTheOrderGiven() throws Exception {
        String template = String.join("\n", "class T {", "//$$ for long byte int Object",
                "    // $type$ $Type$ $TYPE$ [$narrow$]", "//$$ end", "//$$ for char double",
                "    // $LAYOUT$ $size$ off + $scale$k", "//$$ end", "    String s = \"$ not a variable $\";", "}", "");
        Run r = expand(template);
        assertEquals(0, r.exit(), r.output());
        List<String> lines = Files.readAllLines(out());
        assertTrue(lines.getFirst().startsWith("// Generated at build time by src/build/Expand.java from"),
                lines.getFirst());
        assertEquals(List.of("class T {",
                "    // long Long LONG []",
                "    // byte Byte BYTE [(byte) ]",
                "    // int Int INT [(int) ]",
                "    // Object Object OBJECT [(Object) ]",
                "    // JAVA_CHAR_UNALIGNED 2 off + 2L * k",
                "    // JAVA_DOUBLE_UNALIGNED 8 off + 8L * k",
                "    String s = \"$ not a variable $\";",
                "}"), lines.subList(1, lines.size()));
    }

    @Test
    void anUnchangedOutputIsNotRewritten() throws Exception {
        String template = "//$$ for int\nint $type$Value;\n//$$ end\n";
        assertEquals(0, expand(template).exit());
        FileTime old = FileTime.fromMillis(0);
        Files.setLastModifiedTime(out(), old);
        assertEquals(0, expand(template).exit());
        assertEquals(old, Files.getLastModifiedTime(out()));
        assertEquals(0, expand(template.replace("Value", "Count")).exit());
        assertNotEquals(old, Files.getLastModifiedTime(out()));
    }

    @Test
    void malformedTemplatesFailNamingFileAndLine() throws Exception {
        assertFails("x\n//$$ for int quad\n$type$\n//$$ end\n", "p/T.java.template:2: unknown type quad");
        assertFails("x\n//$$ for int\n$type$\n", "p/T.java.template:2: block not closed");
        assertFails("//$$ for int\n//$$ for long\n//$$ end\n", "p/T.java.template:2: blocks do not nest");
        assertFails("x\n//$$ end\n", "p/T.java.template:2: //$$ end without a block");
        assertFails("int $type$;\n", "p/T.java.template:1: a variable outside");
        assertFails("//$$ for int\n$kind$\n//$$ end\n", "p/T.java.template:2: unknown variable $kind$");
        assertFails("//$$ for Object\n$LAYOUT$\n//$$ end\n", "p/T.java.template:2: $LAYOUT$ has no value for Object");
    }

    private void assertFails(String template, String message) throws Exception {
        Run r = expand(template);
        assertNotEquals(0, r.exit(), template);
        assertTrue(r.output().contains(message), r.output());
    }
}
