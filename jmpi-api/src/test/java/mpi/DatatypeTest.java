package mpi;

import static mpi.Errors.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Datatype}'s constructors: size, extent, lower and upper bound in mpiJava 1.2's units (elements
 * of the buffer's array; Vector and Indexed count old extents, Hvector, Hindexed and Struct base
 * elements), and bad arguments failing with the right error class. Local; single-threaded.
 */
class DatatypeTest {
    /** Size, extent, lb, ub of {@code t}. */
    private static void shape(Datatype t, int size, int extent, int lb, int ub) {
        assertEquals(size, t.Size(), () -> t + ": size");
        assertEquals(extent, t.Extent(), () -> t + ": extent");
        assertEquals(lb, t.Lb(), () -> t + ": lb");
        assertEquals(ub, t.Ub(), () -> t + ": ub");
    }

    @Test
    void basicTypesAreOneElement() {
        for (Datatype t : new Datatype[] {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT,
                MPI.DOUBLE, MPI.OBJECT}) {
            shape(t, 1, 1, 0, 1);
        }
    }

    @Test
    void pairTypesAreTwoElements() {
        for (Datatype t : new Datatype[] {MPI.SHORT2, MPI.INT2, MPI.LONG2, MPI.FLOAT2, MPI.DOUBLE2}) {
            shape(t, 2, 2, 0, 2);
        }
    }

    @Test
    void contiguous() {
        shape(Datatype.Contiguous(3, MPI.INT), 3, 3, 0, 3);
        shape(MPI.INT.Contiguous(3), 3, 3, 0, 3);
        shape(Datatype.Contiguous(0, MPI.INT), 0, 0, 0, 0);
        shape(Datatype.Contiguous(2, Datatype.Vector(2, 1, 3, MPI.INT)), 4, 8, 0, 8);
    }

    @Test
    void vectorStridesCountOldExtents() {
        shape(Datatype.Vector(3, 2, 4, MPI.INT), 6, 10, 0, 10);
        shape(MPI.INT.Vector(3, 2, 4), 6, 10, 0, 10);
        shape(Datatype.Vector(2, 1, 3, Datatype.Contiguous(2, MPI.INT)), 4, 8, 0, 8);
        shape(Datatype.Vector(3, 1, -2, MPI.DOUBLE), 3, 5, -4, 1);
    }

    @Test
    void hvectorStridesCountBaseElements() {
        shape(Datatype.Hvector(2, 2, 5, MPI.INT), 4, 7, 0, 7);
        shape(Datatype.Hvector(2, 1, 3, Datatype.Contiguous(2, MPI.INT)), 4, 5, 0, 5);
        shape(MPI.INT.Contiguous(2).Hvector(2, 1, 3), 4, 5, 0, 5);
    }

    @Test
    void indexedDisplacementsCountOldExtents() {
        shape(Datatype.Indexed(new int[] {2, 1}, new int[] {0, 5}, MPI.INT), 3, 6, 0, 6);
        shape(Datatype.Indexed(new int[] {2, 1}, new int[] {0, 5}, Datatype.Contiguous(2, MPI.INT)), 6, 12, 0, 12);
        shape(Datatype.Indexed(new int[] {1, 1}, new int[] {3, 1}, MPI.LONG), 2, 3, 1, 4);
    }

    @Test
    void hindexedDisplacementsCountBaseElements() {
        shape(Datatype.Hindexed(new int[] {2, 1}, new int[] {0, 5}, Datatype.Contiguous(2, MPI.INT)), 6, 7, 0, 7);
        shape(MPI.INT.Hindexed(new int[] {1}, new int[] {4}), 1, 1, 4, 5);
    }

    @Test
    void structWithMarkersSetsTheBounds() {
        Datatype t = Datatype.Struct(new int[] {1, 2, 1}, new int[] {-2, 0, 10}, new Datatype[] {MPI.LB, MPI.INT, MPI.UB});
        shape(t, 2, 12, -2, 10);
        shape(MPI.LB, 0, 0, 0, 0);
        shape(MPI.UB, 0, 0, 0, 0);
        shape(Datatype.Struct(new int[] {2, 1}, new int[] {0, 4}, new Datatype[] {MPI.DOUBLE, MPI.DOUBLE}), 3, 5, 0, 5);
    }

    @Test
    void committedTypesKeepTheirShapeAndBuildOthers() {
        Datatype v = Datatype.Vector(2, 2, 3, MPI.INT);
        v.Commit();
        shape(v, 4, 5, 0, 5);
        Datatype c = Datatype.Contiguous(2, v);
        v.Free();
        c.Commit();
        shape(c, 8, 10, 0, 10);
    }

    @Test
    void badArgumentsAreErrors() {
        fails(MPI.ERR_TYPE, "oldtype is null", () -> Datatype.Contiguous(2, null));
        fails(MPI.ERR_TYPE, "array_of_types[1] is null",
                () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1}, new Datatype[] {MPI.INT, null}));
        fails(MPI.ERR_ARG, "array_of_types is null", () -> Datatype.Struct(new int[] {1}, new int[] {0}, null));
        fails(MPI.ERR_TYPE, "MPI.NULL", () -> Datatype.Contiguous(1, MPI.NULL));
        fails(MPI.ERR_TYPE, "MPI.NULL", MPI.NULL::Size);
        fails(MPI.ERR_TYPE, "", MPI.INT::Free);
    }

    @Test
    void negativeCountsAndMismatchedArraysAreErrors() {
        Errors.fails(MPI.ERR_COUNT, "", () -> Datatype.Contiguous(-1, MPI.INT));
        Errors.fails(MPI.ERR_COUNT, "", () -> Datatype.Vector(-1, 1, 1, MPI.INT));
        Errors.fails(MPI.ERR_ARG, "", () -> Datatype.Indexed(new int[] {1, 1}, new int[] {0}, MPI.INT));
    }

    @Test
    void structOfTwoBaseTypesIsAnError() {
        Errors.fails(MPI.ERR_TYPE, "", () -> Datatype.Struct(new int[] {1, 1}, new int[] {0, 1},
                new Datatype[] {MPI.INT, MPI.DOUBLE}));
    }
}
