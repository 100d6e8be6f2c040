package jmpi.coll;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicLongArray;

import jmpi.core.CoreComm;
import jmpi.spi.Endpoint;

/**
 * A real {@link Board} of {@code size} members for the jcstress tests of its counter protocol, made
 * without engines or messages: the board through its private constructor, each {@link Board.Member}
 * through its own constructor on a {@link Ctx} of an engine-less communicator, every member's endpoint
 * a stand-in whose {@code wake} does nothing (no test here parks). So the tests may only use what
 * never waits: {@code reach}, {@code publish}, {@code refs}, {@code declare}, {@code agree}, and
 * {@code begin} once the others are known to be done. Reflection reaches the private parts; a change of
 * Board's fields fails here, by name, when the rig is made. One rig per jcstress state.
 */
final class BoardRig {
    private static final Constructor<Board> NEW_BOARD;
    private static final Field COUNTERS;
    private static final Field ENDPOINTS;
    /** Longs per member slot in the counter array: member j's counter is at {@code PAD + j * PAD}. */
    private static final int PAD;
    private static final Constructor<CoreComm> NEW_COMM;
    private static final Constructor<?> NEW_CTX;
    private static final Endpoint NO_WAKE = (Endpoint) Proxy.newProxyInstance(Endpoint.class.getClassLoader(),
            new Class<?>[] {Endpoint.class}, (proxy, method, args) -> switch (method.getName()) {
                case "wake" -> null;
                case "toString" -> "no-op endpoint of the Board stress tests";
                case "hashCode" -> 0;
                case "equals" -> proxy == args[0];
                default -> throw new UnsupportedOperationException(
                        "the Board stress tests never communicate: Endpoint." + method.getName());
            });

    static {
        try {
            NEW_BOARD = Board.class.getDeclaredConstructor(int.class);
            NEW_BOARD.setAccessible(true);
            COUNTERS = Board.class.getDeclaredField("counters");
            COUNTERS.setAccessible(true);
            ENDPOINTS = Board.class.getDeclaredField("endpoints");
            ENDPOINTS.setAccessible(true);
            Field pad = Board.class.getDeclaredField("PAD");
            pad.setAccessible(true);
            PAD = pad.getInt(null);
            NEW_COMM = CoreComm.class.getDeclaredConstructor(jmpi.core.Engine.class, int.class, int.class, int[].class);
            NEW_COMM.setAccessible(true);
            NEW_CTX = ctxConstructor();
            NEW_CTX.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Ctx's constructor that starts with the communicator (its other parameters are not used here). */
    private static Constructor<?> ctxConstructor() throws NoSuchMethodException {
        for (Constructor<?> c : Ctx.class.getDeclaredConstructors()) {
            if (c.getParameterCount() > 0 && c.getParameterTypes()[0] == CoreComm.class) {
                return c;
            }
        }
        throw new NoSuchMethodException("Ctx(CoreComm, ...)");
    }

    final Board board;
    final Board.Member[] members;
    final Ctx[] contexts;
    private final AtomicLongArray counters;

    BoardRig(int size) {
        try {
            board = NEW_BOARD.newInstance(size);
            counters = (AtomicLongArray) COUNTERS.get(board);
            Endpoint[] endpoints = (Endpoint[]) ENDPOINTS.get(board);
            members = new Board.Member[size];
            contexts = new Ctx[size];
            int[] world = new int[size];
            for (int i = 0; i < size; i++) {
                world[i] = i;
            }
            for (int i = 0; i < size; i++) {
                endpoints[i] = NO_WAKE;
                CoreComm comm = NEW_COMM.newInstance(null, 0, i, world);
                contexts[i] = newCtx(comm);
                members[i] = new Board.Member(board, contexts[i]);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a Board for the stress tests: " + e, e);
        }
    }

    private static Ctx newCtx(CoreComm comm) throws ReflectiveOperationException {
        Class<?>[] types = NEW_CTX.getParameterTypes();
        Object[] args = new Object[types.length];
        args[0] = comm;
        for (int i = 1; i < types.length; i++) {
            if (types[i] == int.class) {
                args[i] = 0;
            } else if (types[i] == long.class) {
                args[i] = 0L;
            } else if (types[i] == boolean.class) {
                args[i] = false;
            } else if (types[i] == String.class) {
                args[i] = "stress";
            } else if (types[i].isEnum()) {
                args[i] = types[i].getEnumConstants()[0];
            }
        }
        return (Ctx) NEW_CTX.newInstance(args);
    }

    /** Member {@code j}'s counter, read as {@code Member.await} reads it (an acquire load). */
    long counter(int j) {
        return counters.getAcquire(PAD + j * PAD);
    }
}
