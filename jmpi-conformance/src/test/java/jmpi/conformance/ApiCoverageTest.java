package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.Attributes;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassModel;
import java.lang.classfile.FieldModel;
import java.lang.classfile.attribute.ConstantValueAttribute;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import mpi.MPI;

/**
 * jmpi's package {@code mpi} against two API lists (src/test/resources/api): the mpiJava 1.2
 * specification and MPJ Express's user-facing API. Every line is checked by reflection (the member
 * exists and is public, static or not as listed, parameter types exact, return or field type exact,
 * final and compile-time constant values where listed); a line marked {@code # differs: <what>: <why>}
 * must show exactly the deviation {@code <what>}. Failures list every missing or differing member,
 * class by class.
 */
@Timeout(60)
class ApiCoverageTest {
    /** One line of a list: what it says, where it is, and the deviation it documents (or null). */
    private record Line(String file, int number, String text, String deviation) {
        String where() {
            return file + ":" + number + ": " + text;
        }
    }

    private static final Pattern METHOD = Pattern.compile(
            "(\\w+)((?:\\s+(?:static|final|abstract))*)\\s+(\\S+)\\s+(\\w+)\\(([^)]*)\\)");
    private static final Pattern CONSTRUCTOR = Pattern.compile("(\\w+)\\s+(\\w+)\\(([^)]*)\\)");
    private static final Pattern FIELD = Pattern.compile(
            "(\\w+)((?:\\s+(?:static|final))*)\\s+(\\S+)\\s+(\\w+)(?:\\s*=\\s*(-?\\w+))?");
    private static final Pattern EXTENDS = Pattern.compile("(\\w+)\\s+extends\\s+(\\S+)");
    private static final Pattern CLASS = Pattern.compile("(\\w+)\\s+class");

    /** Problems by class, in class order. */
    private final Map<String, List<String>> problems = new TreeMap<>();

    @Test
    void mpiJava12() throws IOException {
        check("mpijava-1.2.txt", 170);
    }

    @Test
    void mpjExpress() throws IOException {
        check("mpj-express.txt", 180);
    }

    /** Checks every line of {@code file}, which must hold at least {@code atLeast} members (a truncated list is a failure). */
    private void check(String file, int atLeast) throws IOException {
        List<Line> lines = read(file);
        assertTrue(lines.size() >= atLeast, file + " has " + lines.size() + " members, expected at least " + atLeast);
        for (Line l : lines) {
            checkLine(l);
        }
        StringBuilder report = new StringBuilder();
        problems.forEach((cls, list) -> {
            report.append("\n").append(cls).append(":");
            list.forEach(p -> report.append("\n  ").append(p));
        });
        assertTrue(problems.isEmpty(), file + ": " + problems.values().stream().mapToInt(List::size).sum()
                + " members missing or differing" + report);
    }

    private static List<Line> read(String file) throws IOException {
        List<Line> out = new ArrayList<>();
        try (InputStream in = ApiCoverageTest.class.getResourceAsStream("/api/" + file)) {
            if (in == null) {
                throw new AssertionError("no resource /api/" + file);
            }
            String[] text = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
            for (int i = 0; i < text.length; i++) {
                String t = text[i].strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String deviation = null;
                int hash = t.indexOf('#');
                if (hash >= 0) {
                    String note = t.substring(hash + 1).strip();
                    t = t.substring(0, hash).strip();
                    if (note.startsWith("differs:")) {
                        String rest = note.substring("differs:".length()).strip();
                        int colon = rest.indexOf(':');
                        if (colon < 0 || rest.substring(colon + 1).isBlank()) {
                            throw new AssertionError(file + ":" + (i + 1) + ": a deviation needs \"<what>: <why>\"");
                        }
                        deviation = rest.substring(0, colon).strip();
                    }
                }
                out.add(new Line(file, i + 1, t, deviation));
            }
        }
        return out;
    }

    private void problem(String cls, Line l, String what) {
        problems.computeIfAbsent(cls, k -> new ArrayList<>()).add(what + "   [" + l.where() + "]");
    }

    private void checkLine(Line l) {
        Matcher m;
        if ((m = EXTENDS.matcher(l.text())).matches()) {
            checkExtends(l, m.group(1), m.group(2));
        } else if ((m = CLASS.matcher(l.text())).matches()) {
            owner(l, m.group(1));
        } else if ((m = CONSTRUCTOR.matcher(l.text())).matches() && m.group(1).equals(m.group(2))) {
            checkConstructor(l, m.group(1), m.group(3));
        } else if ((m = METHOD.matcher(l.text())).matches()) {
            checkMethod(l, m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
        } else if ((m = FIELD.matcher(l.text())).matches()) {
            checkField(l, m.group(1), m.group(2), m.group(3), m.group(4), m.group(5));
        } else {
            problem("(list)", l, "line not understood");
        }
    }

    /** The public class of package mpi named {@code name}, or null (a problem) when there is none. */
    private Class<?> owner(Line l, String name) {
        Optional<Class<?>> c = type("mpi." + name);
        if (c.isEmpty()) {
            problem(name, l, "class mpi." + name + " missing");
            return null;
        }
        if (!Modifier.isPublic(c.get().getModifiers())) {
            problem(name, l, "class mpi." + name + " is not public");
            return null;
        }
        return c.get();
    }

    private static Optional<Class<?>> type(String name) {
        if (name.endsWith("[]")) {
            return type(name.substring(0, name.length() - 2)).map(Class::arrayType);
        }
        String qualified = switch (name) {
            case "int" -> null;
            case "long", "short", "byte", "char", "boolean", "float", "double", "void" -> null;
            case "Object", "String", "Integer", "Exception", "RuntimeException", "Throwable" -> "java.lang." + name;
            case "ByteBuffer" -> "java.nio.ByteBuffer";
            default -> name.contains(".") ? name : "mpi." + name;
        };
        if (qualified == null) {
            return Optional.of(switch (name) {
                case "int" -> int.class;
                case "long" -> long.class;
                case "short" -> short.class;
                case "byte" -> byte.class;
                case "char" -> char.class;
                case "boolean" -> boolean.class;
                case "float" -> float.class;
                case "double" -> double.class;
                default -> void.class;
            });
        }
        try {
            return Optional.of(Class.forName(qualified, false, ApiCoverageTest.class.getClassLoader()));
        } catch (ClassNotFoundException e) {
            return Optional.empty();
        }
    }

    /** The parameter types, or null when one of them is not a class here (reported by the caller). */
    private static Class<?>[] params(String list, List<String> unknown) {
        if (list.isBlank()) {
            return new Class<?>[0];
        }
        String[] names = list.split(",");
        Class<?>[] out = new Class<?>[names.length];
        for (int i = 0; i < names.length; i++) {
            Optional<Class<?>> t = type(names[i].strip());
            if (t.isEmpty()) {
                unknown.add(names[i].strip());
            } else {
                out[i] = t.get();
            }
        }
        return unknown.isEmpty() ? out : null;
    }

    private static String simple(Class<?> c) {
        return c.isArray() ? simple(c.getComponentType()) + "[]" : c.getName().replaceFirst("^(java\\.lang|java\\.nio|mpi)\\.", "");
    }

    /** The deviation's argument when it is of {@code kind} ("returns X" gives "X"), else null. */
    private static String deviation(Line l, String kind) {
        String d = l.deviation();
        if (d == null || !(d.equals(kind) || d.startsWith(kind + " "))) {
            return null;
        }
        return d.substring(kind.length()).strip();
    }

    private void checkKnownDeviation(String cls, Line l) {
        String d = l.deviation();
        if (d != null && !d.startsWith("returns ") && !d.startsWith("type ") && !d.equals("instance")
                && !d.equals("static") && !d.startsWith("extends ") && !d.equals("absent")) {
            problem(cls, l, "unknown deviation \"" + d + "\"");
        }
    }

    private void checkExtends(Line l, String cls, String superName) {
        checkKnownDeviation(cls, l);
        Class<?> c = owner(l, cls);
        if (c == null) {
            return;
        }
        String documented = deviation(l, "extends");
        String want = documented != null ? documented : superName;
        String has = simple(c.getSuperclass());
        if (!has.equals(want) && !c.getSuperclass().getName().equals(want)) {
            problem(cls, l, cls + " extends " + has + ", not " + want + (documented != null ? " (the documented deviation)" : ""));
        }
    }

    private void checkConstructor(Line l, String cls, String paramList) {
        checkKnownDeviation(cls, l);
        Class<?> c = owner(l, cls);
        if (c == null) {
            return;
        }
        List<String> unknown = new ArrayList<>();
        Class<?>[] p = params(paramList, unknown);
        boolean absentOk = "".equals(deviation(l, "absent"));
        if (p == null) {
            if (!absentOk) {
                problem(cls, l, "constructor " + cls + "(" + paramList + "): no class " + unknown);
            }
            return;
        }
        try {
            c.getConstructor(p);
            if (absentOk) {
                problem(cls, l, "documented as absent, but constructor " + cls + "(" + paramList + ") exists: update the list");
            }
        } catch (NoSuchMethodException e) {
            if (!absentOk) {
                problem(cls, l, "public constructor " + cls + "(" + paramList + ") missing");
            }
        }
    }

    private void checkMethod(Line l, String cls, String modifiers, String returns, String name, String paramList) {
        checkKnownDeviation(cls, l);
        Class<?> c = owner(l, cls);
        if (c == null) {
            return;
        }
        String sig = name + "(" + paramList + ")";
        boolean absentOk = "".equals(deviation(l, "absent"));
        List<String> unknown = new ArrayList<>();
        Class<?>[] p = params(paramList, unknown);
        if (p == null) {
            if (!absentOk) {
                problem(cls, l, sig + ": no class " + unknown);
            }
            return;
        }
        Method m;
        try {
            m = c.getMethod(name, p);
        } catch (NoSuchMethodException e) {
            if (!absentOk) {
                problem(cls, l, "public " + sig + " missing");
            }
            return;
        }
        if (absentOk) {
            problem(cls, l, "documented as absent, but " + sig + " exists: update the list");
            return;
        }
        boolean listedStatic = modifiers.contains("static");
        boolean wantStatic = listedStatic;
        if ("".equals(deviation(l, "instance"))) {
            wantStatic = false;
        } else if ("".equals(deviation(l, "static"))) {
            wantStatic = true;
        }
        if (l.deviation() != null && (l.deviation().equals("instance") || l.deviation().equals("static"))
                && wantStatic == listedStatic) {
            problem(cls, l, "the deviation \"" + l.deviation() + "\" is what the line already says");
        }
        if (deviation(l, "returns") != null && deviation(l, "returns").equals(returns)) {
            problem(cls, l, "the deviation \"" + l.deviation() + "\" is what the line already says");
        }
        if (Modifier.isStatic(m.getModifiers()) != wantStatic) {
            problem(cls, l, sig + " is " + (Modifier.isStatic(m.getModifiers()) ? "static" : "an instance method")
                    + ", should be " + (wantStatic ? "static" : "an instance method")
                    + (wantStatic != listedStatic ? " (the documented deviation)" : ""));
        }
        if (modifiers.contains("abstract") && !Modifier.isAbstract(m.getModifiers())) {
            problem(cls, l, sig + " should be abstract");
        }
        if (modifiers.contains("final") && !Modifier.isFinal(m.getModifiers())) {
            problem(cls, l, sig + " should be final");
        }
        String documented = deviation(l, "returns");
        String want = documented != null ? documented : returns;
        Optional<Class<?>> wantType = type(want);
        if (wantType.isEmpty()) {
            problem(cls, l, sig + ": no return type class " + want);
        } else if (m.getReturnType() != wantType.get()) {
            problem(cls, l, sig + " returns " + simple(m.getReturnType()) + ", not " + want
                    + (documented != null ? " (the documented deviation)" : ""));
        }
    }

    private void checkField(Line l, String cls, String modifiers, String typeName, String name, String value) {
        checkKnownDeviation(cls, l);
        Class<?> c = owner(l, cls);
        if (c == null) {
            return;
        }
        Field f;
        try {
            f = c.getField(name);
        } catch (NoSuchFieldException e) {
            problem(cls, l, "public field " + name + " missing");
            return;
        }
        boolean wantStatic = modifiers.contains("static");
        if (Modifier.isStatic(f.getModifiers()) != wantStatic) {
            problem(cls, l, name + " should " + (wantStatic ? "" : "not ") + "be static");
        }
        boolean wantFinal = modifiers.contains("final");
        if (wantFinal && !Modifier.isFinal(f.getModifiers())) {
            problem(cls, l, name + " should be final");
        }
        String documented = deviation(l, "type");
        if (documented != null && documented.equals(typeName)) {
            problem(cls, l, "the deviation \"" + l.deviation() + "\" is what the line already says");
        }
        String want = documented != null ? documented : typeName;
        Optional<Class<?>> wantType = type(want);
        if (wantType.isEmpty()) {
            problem(cls, l, name + ": no type class " + want);
        } else if (f.getType() != wantType.get()) {
            problem(cls, l, name + " is a " + simple(f.getType()) + ", not " + want
                    + (documented != null ? " (the documented deviation)" : ""));
        }
        if (value != null) {
            Object constant = constantValue(c, name);
            if (constant == null) {
                problem(cls, l, name + " is not a compile-time constant (programs compiled against the original inline "
                        + value + ")");
            } else if (!String.valueOf(constant).equals(value)) {
                problem(cls, l, name + " is the constant " + constant + ", not " + value);
            }
        }
    }

    /** The ConstantValue of a static final field in {@code c}'s class file (what javac inlines), or null. */
    private static Object constantValue(Class<?> c, String field) {
        try (InputStream in = c.getResourceAsStream(c.getSimpleName() + ".class")) {
            if (in == null) {
                throw new AssertionError("no class file for " + c.getName());
            }
            ClassModel model = ClassFile.of().parse(in.readAllBytes());
            for (FieldModel fm : model.fields()) {
                if (fm.fieldName().equalsString(field)) {
                    return fm.findAttribute(Attributes.constantValue()).map(ConstantValueAttribute::constant)
                            .map(e -> e.constantValue()).orElse(null);
                }
            }
            return null;
        } catch (IOException e) {
            throw new AssertionError("reading the class file of " + c.getName(), e);
        }
    }

    // ------------------------------------------------------------------ the checker checks itself

    /** Each kind of mismatch is caught: the lists' checks could not pass by accident. */
    @Test
    void checkerFindsEveryKindOfMismatch() {
        String[] wrong = {
            "Comm void NoSuchMethod(int)",              // missing method
            "Comm static int Rank()",                   // instance listed as static
            "Comm long Rank()",                         // wrong return type
            "Comm Status Recv(Object,int,int,Datatype,int,long)", // wrong parameter type
            "MPI static long ANY_SOURCE",               // wrong field type
            "MPI static final int CONGRUENT = 1",       // wrong constant value
            "MPI static final int BSEND_OVERHEAD = 0",  // not final, not a constant
            "MPI static int NO_SUCH_FIELD",             // missing field
            "Intracomm extends Intercomm",              // wrong superclass
            "Nothing class",                            // missing class
            "Op Op(int)",                               // missing constructor
            "Comm int Rank()  # differs: returns long: documented, but not what jmpi has",
            "Comm int Rank()  # differs: absent: documented as absent, but present",
            "Comm int Rank()  # differs: instance: documented, but the line already says instance",
            "Comm int Rank()  # differs: bigger: an unknown kind of deviation",
            "MPI = 3",                                  // not understood
        };
        for (int i = 0; i < wrong.length; i++) {
            String t = wrong[i];
            String deviation = null;
            int hash = t.indexOf("# differs:");
            if (hash >= 0) {
                String rest = t.substring(hash + "# differs:".length()).strip();
                deviation = rest.substring(0, rest.indexOf(':')).strip();
                t = t.substring(0, hash).strip();
            }
            problems.clear();
            checkLine(new Line("self-test", i + 1, t, deviation));
            assertTrue(!problems.isEmpty(), "the checker accepted the wrong line " + wrong[i]);
        }
        problems.clear();
        checkLine(new Line("self-test", 0, "Comm int Rank()", null));
        checkLine(new Line("self-test", 0, "MPI static final int IDENT = 0", null));
        checkLine(new Line("self-test", 0, "Comm int Attr_get(int)", "returns Integer"));
        assertTrue(problems.isEmpty(), "the checker refused right lines: " + problems);
    }

    // ------------------------------------------------------------------ values

    @Test
    void constantsHaveDistinctValues() {
        assertTrue(MPI.ANY_SOURCE != MPI.PROC_NULL && MPI.ANY_SOURCE < 0 && MPI.PROC_NULL < 0 && MPI.UNDEFINED < 0
                && MPI.UNDEFINED != MPI.ANY_SOURCE && MPI.UNDEFINED != MPI.PROC_NULL, "rank constants");
        assertTrue(MPI.ANY_TAG < 0, "ANY_TAG");
        assertTrue(MPI.BSEND_OVERHEAD >= 0, "BSEND_OVERHEAD");
        assertTrue(MPI.THREAD_SINGLE < MPI.THREAD_FUNNELED && MPI.THREAD_FUNNELED < MPI.THREAD_SERIALIZED
                && MPI.THREAD_SERIALIZED < MPI.THREAD_MULTIPLE, "thread levels are ordered");
        assertEquals(Runtime.getRuntime().availableProcessors(), MPI.NUM_OF_PROCESSORS, "NUM_OF_PROCESSORS");
    }

    /** MPJ Express's values (its MPI.java), which programs may print or compare with. */
    @Test
    void mpjExpressValues() {
        assertEquals(-2, MPI.ANY_SOURCE, "ANY_SOURCE");
        assertEquals(-2, MPI.ANY_TAG, "ANY_TAG");
        assertEquals(-3, MPI.PROC_NULL, "PROC_NULL");
        assertEquals(-1, MPI.UNDEFINED, "UNDEFINED");
        assertEquals(1, MPI.GRAPH, "GRAPH");
        assertEquals(2, MPI.CART, "CART");
        assertEquals(1, MPI.THREAD_SINGLE, "THREAD_SINGLE");
        assertEquals(2, MPI.THREAD_FUNNELED, "THREAD_FUNNELED");
        assertEquals(3, MPI.THREAD_SERIALIZED, "THREAD_SERIALIZED");
        assertEquals(4, MPI.THREAD_MULTIPLE, "THREAD_MULTIPLE");
        assertEquals(0, MPI.RECV_OVERHEAD, "RECV_OVERHEAD");
    }

    /** Every MPI.ERR_* constant is the engine's error class of that name; ERR_LASTCODE is the last one. */
    @Test
    void errorClassesMatchTheEngine() throws IllegalAccessException {
        for (jmpi.core.ErrorClass c : jmpi.core.ErrorClass.values()) {
            String name = c == jmpi.core.ErrorClass.SUCCESS ? "SUCCESS" : c.name();
            try {
                assertTrue(MPI.class.getField(name).getInt(null) == c.code(), "MPI." + name + " != " + c.code());
            } catch (NoSuchFieldException e) {
                throw new AssertionError("MPI." + name + " missing", e);
            }
        }
        assertTrue(MPI.ERR_LASTCODE == jmpi.core.ErrorClass.lastCode(), "ERR_LASTCODE");
    }

    @Test
    void wtimeIsMonotonicWithFineResolution() {
        double tick = MPI.Wtick();
        assertTrue(tick > 0 && tick <= 1e-6, "Wtick " + tick);
        double a = MPI.Wtime();
        double b = MPI.Wtime();
        assertTrue(b >= a, "Wtime went back");
        long spinUntil = System.nanoTime() + 2_000_000;
        while (System.nanoTime() < spinUntil) {
            Thread.onSpinWait();
        }
        double c = MPI.Wtime() - b;
        assertTrue(c >= 1.5e-3 && c < 1.0, "2 ms measured by Wtime as " + c + " s");
    }
}
