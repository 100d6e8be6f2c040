package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * jmpi-bom (which has no parent, so it writes jmpi's version out) against the build: its version and every managed
 * version are the root pom's, every artifact it manages is a module of the build, and it manages every jmpi module
 * that the user-facing artifacts pull in (their closure in {@link LayeringTest#LAYERS}).
 */
class BomTest {
    private static final Path ROOT = Path.of("..");
    /** What README's "Using jmpi from Maven" tells users to depend on. */
    private static final Set<String> USER_FACING = Set.of("jmpi-api", "jmpi-ompi", "jmpi-launcher", "jmpi-junit", "jmpi-tasks");

    @Test
    void theBomManagesEveryArtifactUsersGetAtTheBuildsVersion() throws Exception {
        Element root = pom(ROOT.resolve("pom.xml"));
        Element bom = pom(ROOT.resolve("jmpi-bom/pom.xml"));
        String version = text(root, "version");
        assertEquals(version, text(bom, "version"), "jmpi-bom's version");
        assertEquals("org.jmpi", text(bom, "groupId"));
        assertTrue(child(bom, "parent") == null, "jmpi-bom has no parent (its dependencyManagement would come along)");

        Map<String, String> managed = new TreeMap<>();
        Element deps = child(child(bom, "dependencyManagement"), "dependencies");
        for (Node n = deps.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element d && d.getTagName().equals("dependency")) {
                assertEquals("org.jmpi", text(d, "groupId"), "jmpi-bom manages only jmpi's artifacts");
                managed.put(text(d, "artifactId"), text(d, "version"));
            }
        }
        managed.forEach((artifact, v) -> {
            assertEquals(version, v, "jmpi-bom's version of " + artifact);
            assertTrue(LayeringTest.LAYERS.containsKey(artifact), artifact + " is not a module of the build");
        });

        Set<String> needed = new TreeSet<>();
        Deque<String> todo = new ArrayDeque<>(USER_FACING);
        while (!todo.isEmpty()) {
            String m = todo.pop();
            if (needed.add(m)) {
                todo.addAll(LayeringTest.LAYERS.get(m));
            }
        }
        Set<String> missing = new TreeSet<>(needed);
        missing.removeAll(managed.keySet());
        assertTrue(missing.isEmpty(), "jmpi-bom lacks " + missing);
    }

    private static Element pom(Path file) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile()).getDocumentElement();
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element parent, String name) {
        Element c = child(parent, name);
        return c == null ? null : c.getTextContent().strip();
    }
}
