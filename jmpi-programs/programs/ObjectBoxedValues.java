// np: 2
import mpi.*;
import java.util.*;
import java.time.Month;

/** Boxed primitives, JDK enums, Date, UUID and arrays of primitives as MPI.OBJECT. */
public class ObjectBoxedValues {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Object[] want = {Integer.MIN_VALUE, Long.MAX_VALUE, 3.25, 2.5f, (short) -3, (byte) 7, 'q', Boolean.TRUE,
            java.time.DayOfWeek.FRIDAY, new Date(1234567890123L), UUID.fromString("123e4567-e89b-12d3-a456-426614174000"),
            new int[]{1, 2, 3}, new long[][]{{1}, {2, 3}}, new char[]{'a', 'b'}, Month.MAY, "end"};
        if (rank == 0) {
            MPI.COMM_WORLD.Send(want, 0, want.length, MPI.OBJECT, 1, 0);
        } else if (rank == 1) {
            Object[] got = new Object[want.length];
            MPI.COMM_WORLD.Recv(got, 0, want.length, MPI.OBJECT, 0, 0);
            for (int k = 0; k < want.length; k++) {
                boolean same = want[k].getClass().isArray() ? Arrays.deepEquals(new Object[]{want[k]}, new Object[]{got[k]}) : want[k].equals(got[k]);
                if (!same) { System.out.println("[" + k + "] " + got[k] + " != " + want[k]); System.exit(1); }
            }
            System.out.println("PASS ObjectBoxedValues");
        }
        MPI.Finalize();
    }
}
