package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.function.IntPredicate;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;

/** The choice of protocol, made once per send ({@link Protocol#choose}). */
class ProtocolTest {
    private static final int SMALL = 48;
    private static final int EAGER = 16384;
    private static final IntPredicate SAME_JVM = peer -> true;
    private static final IntPredicate OTHER_PROCESS = peer -> false;
    private static final IntPredicate NOT_ASKED = peer -> fail("whether the peer shares memory does not matter here");

    private static Protocol choose(SendMode mode, BasicType type, long bytes, PackPlan plan, IntPredicate shares) {
        return Protocol.choose(mode, type, bytes, plan, SMALL, EAGER, shares, 1);
    }

    @Test
    void smallStandardAndReadySendsTakeTheSmallPathWithoutAskingWhereThePeerIs() {
        assertEquals(Protocol.SMALL, choose(SendMode.STANDARD, BasicType.INT, 8, null, NOT_ASKED));
        assertEquals(Protocol.SMALL, choose(SendMode.READY, BasicType.DOUBLE, SMALL, null, NOT_ASKED));
        assertEquals(Protocol.SMALL, choose(SendMode.STANDARD, BasicType.BYTE, 0, null, NOT_ASKED));
    }

    @Test
    void synchronousBufferedObjectsAndLargerMessagesAreNotSmall() {
        assertEquals(Protocol.EAGER, choose(SendMode.SYNCHRONOUS, BasicType.INT, 8, null, NOT_ASKED));
        assertEquals(Protocol.EAGER, choose(SendMode.BUFFERED, BasicType.INT, 8, null, NOT_ASKED));
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.OBJECT, 8, null, NOT_ASKED));
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.INT, SMALL + 4, null, NOT_ASKED));
    }

    @Test
    void theEagerLimitSeparatesEagerFromRendezvous() {
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.INT, EAGER, null, NOT_ASKED));
        assertEquals(Protocol.RENDEZVOUS, choose(SendMode.STANDARD, BasicType.INT, EAGER + 4, null, SAME_JVM));
        assertEquals(Protocol.RENDEZVOUS, choose(SendMode.SYNCHRONOUS, BasicType.INT, EAGER + 4, null, OTHER_PROCESS));
    }

    @Test
    void bufferedSendsAreAlwaysEager() {
        assertEquals(Protocol.EAGER, choose(SendMode.BUFFERED, BasicType.INT, 1L << 30, null, NOT_ASKED));
    }

    @Test
    void largeObjectsGoEagerInOneJvmAndByRendezvousBetweenProcesses() {
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.OBJECT, EAGER + 1, null, SAME_JVM));
        assertEquals(Protocol.RENDEZVOUS, choose(SendMode.STANDARD, BasicType.OBJECT, EAGER + 1, null, OTHER_PROCESS));
    }

    @Test
    void aDerivedTypeAboveTheEagerLimitIsReadThroughItsPlanOnlyInOneJvmWhateverItsBlocks() {
        // Blocks of 64 doubles (512 bytes) every 100, and of 1 double every 8: read in place by the receiver.
        PackPlan wide = PackPlan.compile(TypeMap.vector(100, 64, 100, TypeMap.of(BasicType.DOUBLE)));
        assertEquals(Protocol.RENDEZVOUS_THROUGH_PLANS, choose(SendMode.STANDARD, BasicType.DOUBLE, 51200, wide, SAME_JVM));
        assertEquals(Protocol.RENDEZVOUS, choose(SendMode.STANDARD, BasicType.DOUBLE, 51200, wide, OTHER_PROCESS));
        PackPlan narrow = PackPlan.compile(TypeMap.vector(4000, 1, 8, TypeMap.of(BasicType.DOUBLE)));
        assertEquals(Protocol.RENDEZVOUS_THROUGH_PLANS, choose(SendMode.STANDARD, BasicType.DOUBLE, 32000, narrow, SAME_JVM));
        assertEquals(Protocol.RENDEZVOUS, choose(SendMode.SYNCHRONOUS, BasicType.DOUBLE, 32000, narrow, OTHER_PROCESS));
        // below the eager limit a derived type is gathered and goes eager, in one JVM or not
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.DOUBLE, EAGER, narrow, NOT_ASKED));
        // objects are serialized first, and go eager in one JVM
        PackPlan objects = PackPlan.compile(TypeMap.vector(4000, 1, 8, TypeMap.of(BasicType.OBJECT)));
        assertEquals(Protocol.EAGER, choose(SendMode.STANDARD, BasicType.OBJECT, EAGER + 1, objects, SAME_JVM));
    }
}
