package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * {@link Walk}, the {@link Sink} protocol and {@link Cursor} on their own, against the reference packer's
 * element indices ({@link RefType#index}): for random type maps and random ranges of a message, the pieces a
 * walk feeds a sink are exactly the message's elements in stream order, with consecutive stream positions,
 * each piece consecutive in the array, strided blocks well formed; a cursor started anywhere visits the same
 * elements. Seeds as in {@link PackPlanPropertiesTest}.
 */
class WalkTest {
    /** Records every element a walk feeds, expanding strided blocks itself (and counting them). */
    private static final class Recorder extends Sink {
        final List<Long> indices = new ArrayList<>();
        long nextPos;
        int stridedCalls;

        Recorder(long from) {
            this.nextPos = from;
        }

        @Override
        void piece(int index, long pos, int n) {
            assertEquals(nextPos, pos, "stream position of a piece");
            assertTrue(n > 0, "empty piece");
            for (int k = 0; k < n; k++) {
                indices.add((long) index + k);
            }
            nextPos += n;
        }

        @Override
        void strided(int index, int stride, int length, int blocks, long pos) {
            assertTrue(blocks >= 2 && length > 0, "strided blocks " + blocks + " of " + length);
            stridedCalls++;
            super.strided(index, stride, length, blocks, pos);
        }
    }

    @TestFactory
    Stream<DynamicTest> walksAndCursorsVisitTheReferenceElements() {
        return LongStream.range(1, 601).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> runCase(seed)));
    }

    private static void runCase(long seed) {
        Random rnd = new Random(seed);
        BasicType[] bases = {BasicType.INT, BasicType.DOUBLE, BasicType.BYTE, BasicType.OBJECT};
        RandomTypes.Pair p = new RandomTypes(rnd, bases[rnd.nextInt(bases.length)]).next();
        PackPlan plan = p.map().compile();
        int count = rnd.nextInt(6);
        int offset = 1000; // far enough from 0 that negative displacements stay non-negative
        long total = plan.elementsOf(count);
        long from = total == 0 ? 0 : rnd.nextLong(total + 1);
        long n = total - from == 0 ? 0 : rnd.nextLong(total - from + 1);
        String what = "seed " + seed + ", " + p.ref() + " x" + count + ", elements [" + from + ", " + (from + n) + ")";

        Recorder r = new Recorder(from);
        Walk.walk(plan, offset, from, n, r);
        assertEquals(n, r.indices.size(), what);
        for (int e = 0; e < n; e++) {
            assertEquals(p.ref().index(offset, from + e), (long) r.indices.get(e), what + ": element " + (from + e));
        }
        if (plan.isRegular() && plan.runCount() > 1 && n >= 4L * plan.elementsPerItem() && !plan.isDense()) {
            assertTrue(r.stridedCalls > 0, what + ": a regular plan walks its runs as strided blocks");
        }

        if (n > 0 && plan.elementsPerItem() > 0) {
            Cursor c = new Cursor(plan, offset, from);
            for (long e = 0; e < n; ) {
                int take = (int) Math.min(c.left(), n - e);
                assertTrue(take > 0, what + ": cursor with nothing left");
                for (int k = 0; k < take; k++) {
                    assertEquals(p.ref().index(offset, from + e + k), (long) c.index() + k, what + ": cursor at " + (from + e + k));
                }
                c.advance(take);
                e += take;
            }
        }
    }

    @Test
    void aDenseWalkIsOnePiece() {
        PackPlan contiguous = TypeMap.contiguous(4, TypeMap.of(BasicType.INT)).compile();
        Recorder r = new Recorder(3);
        Walk.walk(contiguous, 10, 3, 9, r);
        assertEquals(9, r.indices.size());
        assertEquals(13L, r.indices.getFirst());
        assertEquals(0, r.stridedCalls);
        Walk.walk(contiguous, 10, 3, 0, new Recorder(3)); // nothing to walk: no piece at all
    }
}
