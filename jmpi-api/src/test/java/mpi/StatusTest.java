package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;

/**
 * {@link Status}: the empty status, and Get_count / Get_elements counting a received message in the
 * asked datatype ({@code MPI.UNDEFINED} when not a whole number of items). Local; single-threaded.
 */
class StatusTest {
    /** A status for 12 ints from rank 1, tag 7. */
    private static Status twelveInts() {
        return new Status(1, 7, 12, BasicType.INT.code(), false);
    }

    @Test
    void emptyStatus() {
        Status s = new Status();
        assertEquals(MPI.ANY_SOURCE, s.source);
        assertEquals(MPI.ANY_TAG, s.tag);
        assertEquals(MPI.UNDEFINED, s.index);
        assertEquals(0, s.Get_count(MPI.BYTE));
        assertEquals(0, s.Get_elements(MPI.INT));
        assertFalse(s.Test_cancelled());
        assertEquals(MPI.ANY_SOURCE, MPI.EMPTY_STATUS.source);
    }

    @Test
    void countInTheSentType() {
        Status s = twelveInts();
        assertEquals(1, s.source);
        assertEquals(7, s.tag);
        assertEquals(12, s.Get_count(MPI.INT));
        assertEquals(12, s.Get_elements(MPI.INT));
        assertFalse(s.Test_cancelled());
    }

    @Test
    void countInDerivedTypesIsWholeItemsOrUndefined() {
        Status s = twelveInts();
        Datatype three = Datatype.Contiguous(3, MPI.INT);
        three.Commit();
        Datatype five = Datatype.Contiguous(5, MPI.INT);
        five.Commit();
        assertEquals(4, s.Get_count(three));
        assertEquals(12, s.Get_elements(three));
        assertEquals(MPI.UNDEFINED, s.Get_count(five));
        assertEquals(12, s.Get_elements(five), "elements count partial items");
        Datatype markers = Datatype.Struct(new int[] {1, 1}, new int[] {0, 2}, new Datatype[] {MPI.LB, MPI.UB});
        markers.Commit();
        assertEquals(0, new Status(0, 0, 0, BasicType.BYTE.code(), false).Get_count(markers), "no data, no items");
    }

    @Test
    void countInAnotherBasicTypeGoesThroughBytes() {
        Status s = twelveInts();
        assertEquals(48, s.Get_count(MPI.BYTE));
        assertEquals(6, s.Get_count(MPI.LONG));
        assertEquals(6, s.Get_count(MPI.DOUBLE));
        assertEquals(MPI.UNDEFINED, new Status(0, 0, 3, BasicType.INT.code(), false).Get_count(MPI.LONG));
        assertEquals(MPI.UNDEFINED, s.Get_count(MPI.OBJECT), "objects have no size in bytes");
        assertEquals(MPI.UNDEFINED, new Status(0, 0, 2, BasicType.OBJECT.code(), false).Get_count(MPI.INT));
    }

    @Test
    void cancelledAndToString() {
        Status s = new Status(2, 3, 0, BasicType.DOUBLE.code(), true);
        assertTrue(s.Test_cancelled());
        assertTrue(s.toString().contains("cancelled"), s.toString());
        assertTrue(s.toString().contains("source=2"), s.toString());
    }

    @Test
    void aNullDatatypeIsAnError() {
        Errors.fails(MPI.ERR_TYPE, "datatype is null", () -> twelveInts().Get_count(null));
    }
}
