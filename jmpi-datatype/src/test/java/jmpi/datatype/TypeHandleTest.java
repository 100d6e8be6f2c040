package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Commit and Free: a freed or uncommitted handle is refused with ERR_TYPE; types built before Free live on. */
class TypeHandleTest {
    private static void failsWithType(Executable call) {
        DatatypeException e = assertThrows(DatatypeException.class, call);
        assertEquals(DatatypeException.Kind.ERR_TYPE, e.errorClass(), e.getMessage());
    }

    @Test
    void derivedLifeCycle() {
        TypeHandle h = TypeHandle.derived(TypeMap.vector(2, 1, 3, TypeMap.of(BasicType.INT)), "v");
        assertFalse(h.committed());
        failsWithType(h::plan); // not committed
        h.commit();
        h.commit(); // again: harmless
        assertTrue(h.committed());
        PackPlan p = h.plan();
        assertSame(p, h.plan());
        TypeMap built = TypeMap.contiguous(2, h.map());
        h.free();
        assertTrue(h.freed());
        failsWithType(h::plan);
        failsWithType(h::map);
        failsWithType(h::commit);
        failsWithType(h::free);
        // a type built from it before Free still works
        PackPlan q = built.compile();
        int[] a = {1, 2, 3, 4, 5, 6, 7, 8};
        int[] out = new int[4];
        assertEquals(4, PackPlan.copy(a, 0, 1, q, out, 0, 4, PackPlan.of(BasicType.INT)));
        assertEquals(1, out[0]);
        assertEquals(4, out[1]);
        assertEquals(5, out[2]);
        assertEquals(8, out[3]);
    }

    @Test
    void predefinedAreCommittedAndPermanent() {
        TypeHandle h = TypeHandle.predefined(BasicType.DOUBLE, "DOUBLE");
        assertTrue(h.committed());
        assertTrue(h.isPredefined());
        assertSame(PackPlan.of(BasicType.DOUBLE), h.plan());
        h.commit();
        failsWithType(h::free);
        h.plan();
    }

    @Test
    void markersBuildStructsButCarryNoMessages() {
        TypeHandle lb = TypeHandle.marker(TypeMap.LB, "LB");
        assertSame(TypeMap.LB, lb.map());
        failsWithType(lb::plan);
        failsWithType(lb::commit);
        failsWithType(lb::free);
        failsWithType(() -> TypeHandle.marker(TypeMap.of(BasicType.INT), "INT"));
        failsWithType(() -> TypeHandle.derived(null, "x"));
    }
}
