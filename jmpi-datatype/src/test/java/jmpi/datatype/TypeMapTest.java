package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/** Bounds, extents and sizes of each constructor, per the MPI standard with mpiJava's element units. */
class TypeMapTest {
    private static final TypeMap INT = TypeMap.of(BasicType.INT);
    private static final TypeMap DOUBLE = TypeMap.of(BasicType.DOUBLE);

    private static void bounds(TypeMap t, int lb, int ub, int elements, long size) {
        assertEquals(lb, t.lb(), "lb of " + t);
        assertEquals(ub, t.ub(), "ub of " + t);
        assertEquals(ub - lb, t.extent(), "extent of " + t);
        assertEquals(elements, t.elementCount(), "elements of " + t);
        assertEquals(size, t.size(), "size of " + t);
    }

    /** The int elements of one item of {@code t} in stream order, packed from an array holding 0, 1, 2, ... */
    private static int[] order(TypeMap t, int offset, int count) {
        PackPlan p = t.compile();
        int[] a = new int[200];
        for (int i = 0; i < a.length; i++) {
            a[i] = i;
        }
        MemorySegment out = MemorySegment.ofArray(new int[(int) p.elementsOf(count)]);
        p.pack(a, offset, count, out, 0);
        return out.toArray(ValueLayout.JAVA_INT);
    }

    @Test
    void basicTypes() {
        bounds(INT, 0, 1, 1, 4);
        bounds(DOUBLE, 0, 1, 1, 8);
        bounds(TypeMap.of(BasicType.BOOLEAN), 0, 1, 1, 1);
        bounds(TypeMap.of(BasicType.OBJECT), 0, 1, 1, 1);
        assertEquals(BasicType.INT, INT.base());
    }

    @Test
    void markers() {
        bounds(TypeMap.LB, 0, 0, 0, 0);
        bounds(TypeMap.UB, 0, 0, 0, 0);
        assertNull(TypeMap.LB.base());
        assertTrue(TypeMap.LB.isMarker() && TypeMap.LB.hasExplicitLb() && !TypeMap.LB.hasExplicitUb());
    }

    @Test
    void contiguous() {
        bounds(TypeMap.contiguous(3, DOUBLE), 0, 3, 3, 24);
        bounds(TypeMap.contiguous(0, INT), 0, 0, 0, 0);
        TypeMap v = TypeMap.vector(2, 1, 3, INT); // 0, 3: extent 4
        TypeMap c = TypeMap.contiguous(2, v); // 0, 3, 4, 7
        bounds(c, 0, 8, 4, 16);
        assertArrayEquals(new int[] {0, 3, 4, 7}, order(c, 0, 1));
    }

    @Test
    void vectorOfTheIssue() {
        // vector(2, 3, 4) of INT: {0,1,2, 4,5,6}: extent 7, size 24
        TypeMap v = TypeMap.vector(2, 3, 4, INT);
        bounds(v, 0, 7, 6, 24);
        assertArrayEquals(new int[] {0, 1, 2, 4, 5, 6}, order(v, 0, 1));
        // two items: the second starts one extent (7) later
        assertArrayEquals(new int[] {10, 11, 12, 14, 15, 16, 17, 18, 19, 21, 22, 23}, order(v, 10, 2));
    }

    @Test
    void vectorStrideIsInOldExtents() {
        TypeMap pair = TypeMap.contiguous(2, INT); // extent 2
        TypeMap v = TypeMap.vector(3, 1, 2, pair); // blocks 4 elements apart
        bounds(v, 0, 10, 6, 24);
        assertArrayEquals(new int[] {0, 1, 4, 5, 8, 9}, order(v, 0, 1));
    }

    @Test
    void negativeAndZeroStrides() {
        TypeMap v = TypeMap.vector(3, 1, -2, INT); // 0, -2, -4
        bounds(v, -4, 1, 3, 12);
        assertArrayEquals(new int[] {10, 8, 6}, order(v, 10, 1));
        TypeMap z = TypeMap.vector(3, 2, 0, INT); // 0,1 three times
        bounds(z, 0, 2, 6, 24);
        assertArrayEquals(new int[] {5, 6, 5, 6, 5, 6}, order(z, 5, 1));
        assertTrue(z.compile().isOverlapping());
    }

    @Test
    void hvectorStrideIsInBaseElements() {
        TypeMap h = TypeMap.hvector(2, 1, 3, INT); // 3 ints apart
        bounds(h, 0, 4, 2, 8);
        assertArrayEquals(new int[] {0, 3}, order(h, 0, 1));
        TypeMap hd = TypeMap.hvector(3, 1, 8, DOUBLE); // 8 doubles apart
        bounds(hd, 0, 17, 3, 24);
        // the stride counts base elements, not old extents (vector's unit): pairs 5 elements apart
        TypeMap pairs = TypeMap.contiguous(2, INT);
        assertArrayEquals(new int[] {0, 1, 5, 6}, order(TypeMap.hvector(2, 1, 5, pairs), 0, 1));
        assertArrayEquals(new int[] {0, 1, 10, 11}, order(TypeMap.vector(2, 1, 5, pairs), 0, 1));
        assertArrayEquals(new int[] {3, 4, 0, 1}, order(TypeMap.hvector(2, 1, -3, pairs), 3, 1));
    }

    @Test
    void indexedKeepsTypeMapOrder() {
        TypeMap t = TypeMap.indexed(new int[] {3, 1}, new int[] {4, 0}, INT);
        bounds(t, 0, 7, 4, 16);
        assertArrayEquals(new int[] {4, 5, 6, 0}, order(t, 0, 1));
        // zero-length blocks add nothing, not even to the bounds
        bounds(TypeMap.indexed(new int[] {0, 2}, new int[] {100, 1}, INT), 1, 3, 2, 8);
        // displacements count old extents
        TypeMap pairs = TypeMap.indexed(new int[] {1, 1}, new int[] {2, 0}, TypeMap.contiguous(2, INT));
        assertArrayEquals(new int[] {4, 5, 0, 1}, order(pairs, 0, 1));
    }

    @Test
    void emptyTypesKeepTheirBase() {
        TypeMap none = TypeMap.indexed(new int[0], new int[0], DOUBLE);
        bounds(none, 0, 0, 0, 0);
        assertEquals(BasicType.DOUBLE, none.base());
        assertEquals(BasicType.DOUBLE, TypeMap.vector(0, 5, 1, DOUBLE).base());
        assertNull(TypeMap.struct(new int[0], new int[0], new TypeMap[0]).base());
    }

    @Test
    void hindexedDisplacementsAreBaseElements() {
        bounds(TypeMap.hindexed(new int[] {2, 1}, new int[] {2, -1}, DOUBLE), -1, 4, 3, 24);
        TypeMap t = TypeMap.hindexed(new int[] {2, 1}, new int[] {2, -1}, INT);
        bounds(t, -1, 4, 3, 12);
        assertArrayEquals(new int[] {3, 4, 0}, order(t, 1, 1));
        // displacements count base elements, not old extents (indexed's unit)
        TypeMap pairs = TypeMap.contiguous(2, INT);
        assertArrayEquals(new int[] {3, 4, 0, 1}, order(TypeMap.hindexed(new int[] {1, 1}, new int[] {3, 0}, pairs), 0, 1));
        assertArrayEquals(new int[] {6, 7, 0, 1}, order(TypeMap.indexed(new int[] {1, 1}, new int[] {3, 0}, pairs), 0, 1));
    }

    @Test
    void structWithMarkers() {
        // MPI-1 3.12.3: LB at -3, data at 0, UB at 6: extent 9
        TypeMap s = TypeMap.struct(new int[] {1, 1, 1}, new int[] {-3, 0, 6},
                new TypeMap[] {TypeMap.LB, INT, TypeMap.UB});
        bounds(s, -3, 6, 1, 4);
        assertTrue(s.hasExplicitLb() && s.hasExplicitUb());
        // markers are inherited: two copies, 9 apart; lb is the lowest LB, ub the highest UB
        TypeMap c = TypeMap.contiguous(2, s);
        bounds(c, -3, 15, 2, 8);
        assertArrayEquals(new int[] {3, 12}, order(c, 3, 1));
        assertArrayEquals(new int[] {3, 12, 21, 30}, order(c, 3, 2));
    }

    @Test
    void markersWidenButDoNotNarrowTheOtherBound() {
        // no UB marker: ub is the highest entry of any kind, the LB marker included (MPI-1 3.12.3)
        TypeMap s = TypeMap.struct(new int[] {1, 1}, new int[] {0, 10}, new TypeMap[] {INT, TypeMap.LB});
        bounds(s, 10, 10, 1, 4);
        // a UB marker inside the data shortens the extent: items overlap when received
        TypeMap t = TypeMap.struct(new int[] {2, 1}, new int[] {0, 1}, new TypeMap[] {INT, TypeMap.UB});
        bounds(t, 0, 1, 2, 8);
        PackPlan p = t.compile();
        assertFalse(p.isOverlapping());
        assertFalse(p.overlapsAsReceive(1));
        assertTrue(p.overlapsAsReceive(2));
    }

    @Test
    void structOfMarkersOnlyHasNoBase() {
        TypeMap s = TypeMap.struct(new int[] {1, 1}, new int[] {-2, 5}, new TypeMap[] {TypeMap.LB, TypeMap.UB});
        bounds(s, -2, 5, 0, 0);
        assertNull(s.base());
        // and may join a struct of any base
        TypeMap t = TypeMap.struct(new int[] {1, 2}, new int[] {0, 1}, new TypeMap[] {s, DOUBLE});
        assertEquals(BasicType.DOUBLE, t.base());
        bounds(t, -2, 5, 2, 16);
    }

    @Test
    void structOfDerivedTypesOfOneBase() {
        TypeMap v = TypeMap.vector(2, 1, 2, INT); // 0, 2
        TypeMap s = TypeMap.struct(new int[] {1, 2}, new int[] {10, 0}, new TypeMap[] {v, INT});
        bounds(s, 0, 13, 4, 16);
        assertArrayEquals(new int[] {10, 12, 0, 1}, order(s, 0, 1));
    }

    @Test
    void plansMergeRunsAndFindFastPaths() {
        assertTrue(TypeMap.contiguous(100, INT).compile().isDense());
        PackPlan v = TypeMap.vector(1000, 1, 8, DOUBLE).compile();
        assertTrue(v.isRegular());
        assertFalse(v.isDense());
        assertEquals(1000, v.runCount());
        // blocks that touch merge into one run
        PackPlan touching = TypeMap.vector(4, 2, 2, INT).compile();
        assertEquals(1, touching.runCount());
        assertTrue(touching.isDense());
        PackPlan idx = TypeMap.indexed(new int[] {2, 3, 1}, new int[] {0, 2, 9}, INT).compile();
        assertEquals(2, idx.runCount());
        assertFalse(idx.isRegular());
    }

    @Test
    void resizedSetsBoundsAndKeepsData() {
        TypeMap v = TypeMap.vector(2, 1, 3, INT); // data at 0 and 3
        TypeMap r = TypeMap.resized(v, -2, 10);
        bounds(r, -2, 8, 2, 8);
        assertEquals(0, r.trueLb());
        assertEquals(4, r.trueUb());
        assertArrayEquals(new int[] {10, 13, 20, 23}, order(r, 10, 2), "items 10 elements apart");
        // Markers of the old type do not survive: the new bounds are exactly the ones asked for.
        TypeMap marked = TypeMap.struct(new int[] {1, 1, 1}, new int[] {-5, 0, 9}, new TypeMap[] {TypeMap.LB, INT, TypeMap.UB});
        bounds(TypeMap.resized(marked, 0, 1), 0, 1, 1, 4);
        bounds(TypeMap.resized(INT, 0, 0), 0, 0, 1, 4);
    }

    @Test
    void inBytesScalesEveryUnitAndPacksTheSameBytes() {
        TypeMap[] types = {
            INT,
            TypeMap.contiguous(3, INT),
            TypeMap.vector(3, 2, 4, INT),
            TypeMap.vector(2, 1, -3, TypeMap.contiguous(2, INT)),
            TypeMap.hvector(2, 2, 7, INT),
            TypeMap.indexed(new int[] {2, 0, 1}, new int[] {5, 1, 0}, INT),
            TypeMap.hindexed(new int[] {1, 3}, new int[] {9, 2}, TypeMap.vector(2, 1, 2, INT)),
            TypeMap.struct(new int[] {1, 2, 1}, new int[] {0, 4, 12}, new TypeMap[] {TypeMap.LB, INT, TypeMap.UB}),
            TypeMap.resized(TypeMap.vector(2, 1, 2, INT), 1, 5),
        };
        int[] data = new int[64];
        for (int i = 0; i < data.length; i++) {
            data[i] = 0x01010101 * i + 0x00FF00;
        }
        byte[] raw = MemorySegment.ofArray(data).toArray(ValueLayout.JAVA_BYTE);
        for (TypeMap t : types) {
            TypeMap b = t.inBytes();
            assertEquals(BasicType.BYTE, b.base(), "base of " + b);
            assertEquals(4L * t.lb(), b.lb(), "lb of " + t);
            assertEquals(4L * t.extent(), b.extent(), "extent of " + t);
            assertEquals(4L * t.trueLb(), b.trueLb(), "true lb of " + t);
            assertEquals(4L * t.elementCount(), b.elementCount(), "elements of " + t);
            assertEquals(t.size(), b.size(), "size of " + t);
            int offset = 16;
            PackPlan pi = t.compile();
            PackPlan pb = b.compile();
            MemorySegment asInts = MemorySegment.ofArray(new byte[(int) pi.packedSize(2)]);
            MemorySegment asBytes = MemorySegment.ofArray(new byte[(int) pb.packedSize(2)]);
            pi.pack(data, offset, 2, asInts, 0);
            pb.pack(raw, offset * 4, 2, asBytes, 0);
            assertArrayEquals(asInts.toArray(ValueLayout.JAVA_BYTE), asBytes.toArray(ValueLayout.JAVA_BYTE), "bytes of " + t);
        }
        assertEquals(TypeMap.LB, TypeMap.LB.inBytes());
    }
}
