package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.instruction.InvokeInstruction;

import org.junit.jupiter.api.Test;

/** The rewriter turns exit calls into ExitTrap calls and leaves other classes byte-identical. */
class ExitCallRewriterTest {
    static class Exits {
        static void a(int c) {
            System.exit(c);
        }

        static void b(int c) {
            Runtime.getRuntime().exit(c);
        }

        static void d(int c) {
            Runtime.getRuntime().halt(c);
        }
    }

    static class Quiet {
        static int f(int x) {
            return x + 1;
        }
    }

    private static byte[] bytesOf(Class<?> c) throws IOException {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName().replace('.', '$') + ".class")) {
            if (in != null) {
                return in.readAllBytes();
            }
        }
        String name = c.getName().substring(c.getName().lastIndexOf('.') + 1) + ".class";
        try (InputStream in = c.getResourceAsStream(name)) {
            return in.readAllBytes();
        }
    }

    private static boolean calls(byte[] bytes, String owner, String name) {
        return ClassFile.of().parse(bytes).methods().stream()
                .flatMap(m -> m.code().stream())
                .flatMap(code -> code.elementStream())
                .anyMatch(e -> e instanceof InvokeInstruction i && i.owner().asInternalName().equals(owner)
                        && i.name().equalsString(name));
    }

    @Test
    void exitCallsGoToTheTrap() throws IOException {
        byte[] original = bytesOf(Exits.class);
        byte[] rewritten = new ExitCallRewriter(getClass().getClassLoader()).rewrite(original);
        assertTrue(calls(original, "java/lang/System", "exit"));
        assertFalse(calls(rewritten, "java/lang/System", "exit"));
        assertFalse(calls(rewritten, "java/lang/Runtime", "exit"));
        assertFalse(calls(rewritten, "java/lang/Runtime", "halt"));
        assertTrue(calls(rewritten, "jmpi/spi/ExitTrap", "exit"));
        assertTrue(calls(rewritten, "jmpi/spi/ExitTrap", "runtimeExit"));
    }

    @Test
    void classesWithoutExitAreUntouched() throws IOException {
        byte[] original = bytesOf(Quiet.class);
        assertArrayEquals(original, new ExitCallRewriter(getClass().getClassLoader()).rewrite(original));
    }
}
