package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;

/**
 * The per-thread arrays of small non-contiguous messages ({@link Scratch}) and a receive staged in them
 * ({@link RecvRequest#stageInScratch}): kept per thread, set and element type, grown when needed, never shared
 * between the send and the receive set or between threads; a staged receive scattered at finish, one after the
 * other on one thread.
 */
class ScratchTest {
    @Test
    void arraysArePerThreadSetAndTypeAndGrow() throws Exception {
        Object send = Scratch.take(Scratch.SEND, BasicType.DOUBLE, 10);
        assertTrue(send instanceof double[] d && d.length >= 10);
        assertSame(send, Scratch.take(Scratch.SEND, BasicType.DOUBLE, 3), "kept for the next message");
        Object receive = Scratch.take(Scratch.RECEIVE, BasicType.DOUBLE, 10);
        assertNotSame(send, receive, "a receive completed inside a send must not reuse the send's array");
        assertTrue(Scratch.take(Scratch.SEND, BasicType.INT, 10) instanceof int[]);
        assertTrue(Scratch.take(Scratch.SEND, BasicType.BOOLEAN, 10) instanceof boolean[]);
        Object larger = Scratch.take(Scratch.SEND, BasicType.DOUBLE, 5000);
        assertTrue(((double[]) larger).length >= 5000);
        assertSame(larger, Scratch.take(Scratch.SEND, BasicType.DOUBLE, 10), "the grown array is kept");

        AtomicReference<Object> other = new AtomicReference<>();
        Thread t = new Thread(() -> other.set(Scratch.take(Scratch.SEND, BasicType.DOUBLE, 10)));
        t.start();
        t.join();
        assertNotSame(larger, other.get(), "another thread has its own");

        int over = (int) (Scratch.MAX_BYTES / 8) + 1;
        Object big = Scratch.take(Scratch.SEND, BasicType.DOUBLE, over);
        assertEquals(over, ((double[]) big).length);
        assertNotSame(big, Scratch.take(Scratch.SEND, BasicType.DOUBLE, over), "above the limit: fresh every time");
        assertSame(larger, Scratch.take(Scratch.SEND, BasicType.DOUBLE, 10), "and the kept one stays");
    }

    @Test
    void stagedReceivesOneAfterAnotherOnOneThread() {
        PackPlan plan = PackPlan.compile(TypeMap.vector(4, 1, 3, TypeMap.of(BasicType.DOUBLE)));
        double[][] users = new double[3][12];
        for (int k = 0; k < users.length; k++) {
            Arrays.fill(users[k], -1);
            double[] values = {k + 0.5, k + 1.5, k + 2.5, k + 3.5};
            RecvRequest r = RecvRequest.of(null, 0, Engine.ANY_SOURCE, Engine.ANY_TAG, users[k], 1, 1,
                    BasicType.DOUBLE, plan);
            r.stageInScratch(4);
            Delivery.fromSegment(r, 0, 7, BasicType.DOUBLE.code(), 4, MemorySegment.ofArray(values), 0);
            r.finish();
            assertEquals(4, r.count);
        }
        for (int k = 0; k < users.length; k++) {
            double[] want = new double[12];
            Arrays.fill(want, -1);
            for (int e = 0; e < 4; e++) {
                want[1 + 3 * e] = k + 0.5 + e;
            }
            assertArrayEquals(want, users[k], "receive " + k);
        }
    }

    @Test
    void stagedReceiveTruncatesToItsCapacity() {
        PackPlan plan = PackPlan.compile(TypeMap.vector(2, 1, 2, TypeMap.of(BasicType.INT)));
        int[] user = new int[4];
        RecvRequest r = RecvRequest.of(null, 0, Engine.ANY_SOURCE, Engine.ANY_TAG, user, 0, 1, BasicType.INT, plan);
        r.stageInScratch(5);
        Delivery.fromSegment(r, 0, 7, BasicType.INT.code(), 5, MemorySegment.ofArray(new int[] {9, 8, 7, 6, 5}), 0);
        r.finish();
        assertEquals(ErrorClass.ERR_TRUNCATE, r.error);
        assertArrayEquals(new int[] {9, 0, 8, 0}, user);
    }
}
