package jmpi.coll;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The algorithms of one collective, typed by that collective's algorithm interface ({@code A}): what the
 * selection table and {@code -Djmpi.coll.<collective>=NAME} choose from, so a choice is an {@code A}
 * ready to run, never an {@link Algorithm} to downcast. The {@link Registry} holds one per selectable
 * {@link Collective}. Immutable (algorithms are stateless singletons): safe from any thread.
 *
 * @param <A> the algorithm interface of the collective ({@link BcastAlgorithm}, ...)
 */
public final class Menu<A extends Algorithm> {
    private final Collective collective;
    private final Map<String, A> byName;

    @SafeVarargs
    Menu(Collective collective, A... algorithms) {
        if (!collective.selectable()) {
            throw new IllegalArgumentException(collective + " has no menu (one algorithm)");
        }
        this.collective = collective;
        Map<String, A> m = new LinkedHashMap<>();
        for (A a : algorithms) {
            if (m.put(a.name(), a) != null) {
                throw new IllegalArgumentException("two " + collective + " algorithms named '" + a.name() + "'");
            }
        }
        this.byName = m;
    }

    public Collective collective() {
        return collective;
    }

    /** The algorithms' names, in menu order. */
    public List<String> names() {
        return List.copyOf(byName.keySet());
    }

    /** The algorithm {@code name}; an unknown name is an error listing the known ones. */
    public A get(String name) {
        A a = byName.get(name);
        if (a == null) {
            throw new IllegalArgumentException("no " + collective + " algorithm named '" + name + "' (known: "
                    + byName.keySet() + ")");
        }
        return a;
    }

    @Override
    public String toString() {
        return collective + " " + byName.keySet();
    }
}
