package jmpi.conformance;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

import jmpi.spi.Backoff;
import jmpi.spi.Setting;
import jmpi.spi.WaitSetting;

/**
 * The layers of docs/ARCHITECTURE.md: nothing depends upward, transports never see matching or the API.
 *
 * <p>{@link #LAYERS} states once, for every module of the build, which jmpi modules its main code may
 * use; the tests check that list against itself (bottom up, so no module points upward and there is no
 * cycle), against every module's pom (main and test dependencies), and against the compiled main code
 * of every module (each class is placed in its module by where it was loaded from). The package rules
 * below it say the same for packages, with the reasons. Single-threaded (JUnit, one class).
 */
class LayeringTest {
    /**
     * Every module of the build, bottom up, with the jmpi modules its main code may use (its pom may
     * declare no others; transitive ones it uses are named too). A module may only name modules listed
     * before it, the layers below it. Change a dependency here first.
     */
    static final Map<String, Set<String>> LAYERS = layers(
            "jmpi-spi", "",
            "jmpi-datatype", "",
            "jmpi-tasks", "jmpi-spi",
            "jmpi-mpj", "",
            "jmpi-wan", "",
            "jmpi-tck", "jmpi-spi",
            "jmpi-threads", "jmpi-spi",
            "jmpi-shm", "jmpi-spi",
            "jmpi-native", "jmpi-spi",
            "jmpi-core", "jmpi-spi jmpi-datatype",
            "jmpi-coll", "jmpi-spi jmpi-datatype jmpi-core",
            "jmpi-tcp", "jmpi-spi",
            "jmpi-launcher", "jmpi-spi jmpi-core jmpi-threads jmpi-shm jmpi-tcp jmpi-native",
            "jmpi-testkit", "jmpi-launcher",
            "jmpi-api", "jmpi-spi jmpi-datatype jmpi-core jmpi-coll jmpi-mpj",
            "jmpi-junit", "jmpi-spi jmpi-launcher",
            "jmpi-ompi", "jmpi-spi jmpi-datatype jmpi-core jmpi-coll",
            "jmpi-bom", "",
            "jmpi-examples", "jmpi-api jmpi-tasks",
            "jmpi-bench", "jmpi-api jmpi-coll",
            "jmpi-report", "jmpi-coll jmpi-bench",
            "jmpi-jcstress", "jmpi-spi jmpi-datatype jmpi-tasks jmpi-core jmpi-coll jmpi-threads jmpi-shm",
            "jmpi-conformance", "jmpi-api jmpi-ompi jmpi-testkit jmpi-wan",
            "jmpi-dist", "jmpi-api jmpi-ompi jmpi-launcher jmpi-tasks jmpi-examples jmpi-bench jmpi-wan jmpi-report",
            "jmpi-programs", "",
            "jmpi-samples", "jmpi-bom jmpi-api jmpi-launcher jmpi-junit");

    private static final Path ROOT = Path.of("..");
    private static JavaClasses classes;

    /**
     * The Open MPI Java API's classes (jmpi-ompi), read from its build directory: its package {@code mpi} repeats
     * jmpi-api's class names, so it is never on one class path with it (nor on this test's).
     */
    private static JavaClasses ompiClasses;

    @BeforeAll
    static void load() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("mpi", "jmpi", "mpjbuf", "mpjdev");
        Path ompi = ROOT.resolve("jmpi-ompi/target/classes");
        assertTrue(Files.isDirectory(ompi), ompi + " is not built (the build runs jmpi-ompi before jmpi-conformance)");
        ompiClasses = new ClassFileImporter().importPath(ompi);
    }

    private static Map<String, Set<String>> layers(String... moduleAndUses) {
        Map<String, Set<String>> m = new LinkedHashMap<>();
        for (int i = 0; i < moduleAndUses.length; i += 2) {
            Set<String> uses = new TreeSet<>();
            for (String u : moduleAndUses[i + 1].split(" ")) {
                if (!u.isEmpty()) {
                    uses.add(u);
                }
            }
            m.put(moduleAndUses[i], uses);
        }
        return m;
    }

    /** Each module names only modules below it: so none points upward and the graph has no cycle. */
    @Test
    void theLayersAreBottomUp() {
        List<String> order = new ArrayList<>(LAYERS.keySet());
        LAYERS.forEach((module, uses) -> {
            for (String u : uses) {
                assertTrue(order.contains(u), module + " uses " + u + ", which is not a module of the build");
                assertTrue(order.indexOf(u) < order.indexOf(module), module + " points upward to " + u);
            }
        });
    }

    @Test
    void everyModuleOfTheBuildHasALayer() throws Exception {
        List<String> built = new ArrayList<>();
        Element root = pom(ROOT.resolve("pom.xml"));
        for (Element modules : children(root, "modules")) {
            for (Element module : children(modules, "module")) {
                built.add(module.getTextContent().strip());
            }
        }
        assertEquals(new TreeSet<>(built), new TreeSet<>(LAYERS.keySet()),
                "the modules of pom.xml and of LayeringTest.LAYERS");
    }

    /**
     * Every pom declares (main scope) only jmpi modules its layer allows, and (test scope) only modules
     * below it, so Maven's graph, test dependencies included, has no cycle either.
     */
    @Test
    void everyPomStaysInItsLayer() throws Exception {
        List<String> order = new ArrayList<>(LAYERS.keySet());
        List<String> wrong = new ArrayList<>();
        for (String module : order) {
            Element project = pom(ROOT.resolve(module).resolve("pom.xml"));
            for (Element deps : children(project, "dependencies")) {
                for (Element dep : children(deps, "dependency")) {
                    if (!"org.jmpi".equals(text(dep, "groupId"))) {
                        continue;
                    }
                    String on = text(dep, "artifactId");
                    String scope = Optional.ofNullable(text(dep, "scope")).orElse("compile");
                    boolean ok = scope.equals("test") ? order.contains(on) && order.indexOf(on) < order.indexOf(module)
                            : LAYERS.get(module).contains(on);
                    if (!ok) {
                        wrong.add(module + "/pom.xml: " + on + " (" + scope + ")");
                    }
                }
            }
        }
        assertTrue(wrong.isEmpty(), "dependencies outside LayeringTest.LAYERS:\n" + String.join("\n", wrong));
    }

    /**
     * The main code of every module uses only classes of itself and of the modules its layer allows
     * (fields, signatures, calls, annotations: every dependency ArchUnit sees in the byte code).
     */
    @Test
    void everyModulesCodeStaysInItsLayer() throws IOException {
        Map<String, Set<String>> wrong = new TreeMap<>();
        Set<String> seen = new TreeSet<>();
        List<JavaClass> all = new ArrayList<>();
        classes.forEach(all::add);
        ompiClasses.forEach(all::add);
        for (JavaClass c : all) {
            String module = moduleOf(c);
            if (module == null) {
                continue;
            }
            seen.add(module);
            Set<String> uses = LAYERS.get(module);
            assertTrue(uses != null, c.getName() + " was loaded from " + module + ", which has no layer");
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = moduleOf(d.getTargetClass());
                if (target != null && !target.equals(module) && !uses.contains(target)) {
                    wrong.computeIfAbsent(module + " -> " + target, k -> new TreeSet<>()).add(d.getDescription());
                }
            }
        }
        StringBuilder report = new StringBuilder();
        wrong.forEach((edge, what) -> report.append(edge).append(":\n  ")
                .append(String.join("\n  ", what.stream().limit(5).toList())).append('\n'));
        assertTrue(wrong.isEmpty(), "code outside LayeringTest.LAYERS:\n" + report);
        Set<String> withCode = new TreeSet<>();
        for (String module : LAYERS.keySet()) {
            if (Files.isDirectory(ROOT.resolve(module).resolve("src/main/java"))) {
                withCode.add(module);
            }
        }
        assertEquals(withCode, seen, "modules with main code, and those on this test's class path"
                + " (add a module with code to jmpi-conformance's test dependencies)");
    }

    private static final Pattern MODULE_DIR = Pattern.compile("/(jmpi-[a-z]+)/target/classes/");
    private static final Pattern MODULE_JAR = Pattern.compile("/(jmpi-[a-z]+)(-[0-9][^/]*)?\\.jar");

    /** The module a class was loaded from (its target directory or its jar); null for JDK and libraries. */
    private static String moduleOf(JavaClass c) {
        Optional<Source> source = c.getSource();
        if (source.isEmpty()) {
            return null;
        }
        String uri = source.get().getUri().toString();
        Matcher dir = MODULE_DIR.matcher(uri);
        if (dir.find()) {
            return dir.group(1);
        }
        Matcher jar = MODULE_JAR.matcher(uri);
        return jar.find() ? jar.group(1) : null;
    }

    private static Element pom(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }

    /** The direct child elements of {@code parent} named {@code name}. */
    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static String text(Element parent, String name) {
        List<Element> c = children(parent, name);
        return c.isEmpty() ? null : c.get(0).getTextContent().strip();
    }

    @Test
    void runtimeNeverSeesTheApi() {
        noClasses().that().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.datatype..", "jmpi.transport..",
                        "jmpi.launcher..")
                .should().dependOnClassesThat().resideInAPackage("mpi..")
                .check(classes);
    }

    /** The JUnit extension works with either mpi API (it reaches the rank's copy reflectively), so it names neither. */
    @Test
    void junitExtensionNamesNeitherApi() {
        noClasses().that().resideInAPackage("jmpi.junit..")
                .should().dependOnClassesThat().resideInAnyPackage("mpi..", "mpjbuf..", "mpjdev..")
                .check(classes);
    }

    @Test
    void spiIsTheBottom() {
        noClasses().that().resideInAPackage("jmpi.spi..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.datatype..", "jmpi.transport..",
                        "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void datatypeIsPure() {
        noClasses().that().resideInAPackage("jmpi.datatype..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.transport..",
                        "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void transportsOnlySeeTheSpi() {
        noClasses().that().resideInAPackage("jmpi.transport..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.core..", "jmpi.launcher..", "jmpi.datatype..")
                .check(classes);
    }

    @Test
    void coreDoesNotKnowTransportsOrLauncher() {
        noClasses().that().resideInAPackage("jmpi.core..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    @Test
    void apiDoesNotKnowTransportsOrLauncher() {
        noClasses().that().resideInAPackage("mpi..")
                .should().dependOnClassesThat().resideInAnyPackage("jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    /** MPJ Express's buffers (jmpi-mpj) stand alone: the API uses them, they use nothing of jmpi. */
    @Test
    void mpjBuffersStandAlone() {
        noClasses().that().resideInAnyPackage("mpjbuf..", "mpjdev..", "jmpi.mpj..")
                .should().dependOnClassesThat().resideInAnyPackage("mpi..", "jmpi.core..", "jmpi.spi..", "jmpi.coll..",
                        "jmpi.datatype..", "jmpi.transport..", "jmpi.launcher..", "jmpi.tasks..")
                .check(classes);
    }

    /** The buffers are per rank (loaded with the API); the shared runtime never refers to them. */
    @Test
    void runtimeNeverSeesMpjBuffers() {
        noClasses().that().resideInAnyPackage("jmpi.core..", "jmpi.spi..", "jmpi.coll..", "jmpi.datatype..",
                        "jmpi.transport..", "jmpi.launcher..")
                .should().dependOnClassesThat().resideInAnyPackage("mpjbuf..", "mpjdev..", "jmpi.mpj..")
                .check(classes);
    }

    @Test
    void tasksDependOnNothingOfJmpi() {
        noClasses().that().resideInAPackage("jmpi.tasks..")
                .should().dependOnClassesThat().resideInAnyPackage("mpi..", "jmpi.core..", "jmpi.datatype..",
                        "jmpi.transport..", "jmpi.launcher..")
                .check(classes);
    }

    /** Of the SPI the task pool uses only the settings mechanism and the idle policy it shares with the engine. */
    @Test
    void tasksUseOnlyTheSettingsAndTheIdlePolicyOfTheSpi() {
        noClasses().that().resideInAPackage("jmpi.tasks..")
                .should().dependOnClassesThat(resideInAPackage("jmpi.spi..")
                        .and(not(belongToAnyOf(Setting.class, WaitSetting.class, Backoff.class))))
                .check(classes);
    }
}
