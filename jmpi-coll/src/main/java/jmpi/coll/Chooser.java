package jmpi.coll;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import jmpi.coll.Coll.State;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * How one rank picks the algorithm of one collective: the forced one ({@code -Djmpi.coll.<collective>})
 * for a program's call, else the table's answer, remembered per {@link Choice}. Typed by the
 * collective's algorithm interface, so the pick is ready to run. Threads: concurrent maps.
 */
final class Chooser<A extends Algorithm> {
    private final State state;
    private final Menu<A> menu;
    /** The forced algorithm, or null (the table decides); read again when {@link Coll#FORCED_GENERATION} moves. */
    private A forced;
    /** The {@link Coll#FORCED_GENERATION} {@link #forced} was read at. */
    private int forcedRead;
    /** Choices already made: the table's answer depends only on the key. */
    private final Map<Choice, A> chosen = new ConcurrentHashMap<>();
    /** Per algorithm, its counter (no string building per call). */
    private final Map<A, LongAdder> runs = new ConcurrentHashMap<>();
    /**
     * The last table answer with its counter, compared field by field before the map is asked: a program
     * repeating one call (the common case) pays no key allocation and no hashing. Immutable and published
     * by one reference write, so threads calling at once see one whole answer or the other.
     */
    private Last<A> last;
    /** The forced algorithm with its run counter (one immutable pair: the forced one may change). */
    private Counted<A> forcedRuns;

    Chooser(State state, Menu<A> menu) {
        this.state = state;
        this.menu = menu;
        this.forcedRead = Coll.FORCED_GENERATION.get();
        this.forced = readForced();
    }

    /** The algorithm {@code -Djmpi.coll.<collective>} forces, or null. */
    private A readForced() {
        String property = menu.collective().property();
        String name = System.getProperty(property, "").trim();
        if (name.isEmpty() || name.equals("auto")) {
            return null;
        }
        try {
            return menu.get(name);
        } catch (IllegalArgumentException e) {
            throw new MpiError(ErrorClass.ERR_ARG, property + "=" + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Chooses, counts and returns the algorithm for {@code p} on the communicator of {@code c}: the
     * forced one when {@code mayForce} (a call of the program), else the table's (the inner steps of a
     * hierarchical algorithm, on its node and leaders communicators).
     */
    A pick(Ctx c, Problem p, boolean mayForce) {
        int g = Coll.FORCED_GENERATION.get();
        if (g != forcedRead) {
            forced = readForced();
            forcedRead = g;
        }
        A a = mayForce ? forced : null;
        if (a != null) {
            String why = a.unusable(p);
            if (why != null) {
                Collective k = menu.collective();
                throw new MpiError(ErrorClass.ERR_ARG, k + " algorithm '" + a.name() + "' forced by "
                        + k.property() + " cannot run this call: " + why);
            }
            Counted<A> n = forcedRuns;
            if (n == null || n.algorithm() != a) {
                n = new Counted<>(a, counter(a));
                forcedRuns = n;
            }
            n.runs().increment();
            return a;
        } else {
            Locality loc = c.info().locality();
            Last<A> l = last;
            if (l != null && l.key().matches(loc, p)) {
                l.runs().increment();
                return l.algorithm();
            }
            // Restrictions look at the count (elements per block) only through thresholds; keep the count
            // in the key so a cached choice is always one the table would make for this very call.
            Choice key = Choice.of(loc, p);
            a = chosen.get(key);
            if (a == null) {
                try {
                    a = state.table.choose(menu, loc, p);
                } catch (IllegalStateException e) {
                    throw new MpiError(ErrorClass.ERR_INTERN, e.getMessage(), e);
                }
                if (state.choicesKept.get() < Coll.CHOICES_KEPT && chosen.putIfAbsent(key, a) == null) {
                    state.choicesKept.incrementAndGet();
                }
            }
            LongAdder n = counter(a);
            last = new Last<>(key, a, n);
            n.increment();
            return a;
        }
    }

    /** The run counter of {@code a} ("bcast.binomial" in the rank's counts). */
    private LongAdder counter(A a) {
        LongAdder n = runs.get(a);
        if (n == null) {
            n = runs.computeIfAbsent(a, k -> state.counts.computeIfAbsent(menu.collective() + "." + a.name(),
                    x -> new LongAdder()));
        }
        return n;
    }

    /** An algorithm with its run counter. */
    private record Counted<A>(A algorithm, LongAdder runs) {
    }

    /** A chooser's last table answer: its {@link Choice}, the algorithm and the algorithm's run counter. */
    private record Last<A>(Choice key, A algorithm, LongAdder runs) {
    }

    /** A selection made once: the table's answer depends only on these (and on the collective). */
    record Choice(Locality locality, int size, long bytes, int count, boolean commutative, boolean sharedMemory,
                  Nodes nodes, boolean library) {
        /** The key of {@code p} on a communicator of {@code locality}. */
        static Choice of(Locality locality, Problem p) {
            return new Choice(locality, p.size(), p.bytes(), p.count(), p.commutative(), p.sharedMemory(), p.nodes(),
                    p.library() == null);
        }

        /** Whether {@link #of}{@code (locality, p)} would equal this key, without making it (a call's hot path). */
        boolean matches(Locality locality, Problem p) {
            return bytes == p.bytes() && count == p.count() && size == p.size() && this.locality == locality
                    && commutative == p.commutative() && sharedMemory == p.sharedMemory()
                    && library == (p.library() == null) && java.util.Objects.equals(nodes, p.nodes());
        }
    }
}
