// np: 2
import mpi.*;

/** Status.getCount counts whole datatype instances (UNDEFINED when partial), getElements counts basic elements, for INT and a 3-int contiguous type. */
public class StatusCountElements {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL StatusCountElements: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Datatype three = Datatype.createContiguous(3, MPI.INT);
        three.commit();
        if (rank == 0) {
            c.send(new int[7], 7, MPI.INT, 1, 1);
            c.send(new int[9], 9, MPI.INT, 1, 2);
            c.send(new double[3], 3, MPI.DOUBLE, 1, 3);
        } else if (rank == 1) {
            int[] buf = new int[12];
            Status s = c.recv(buf, 4, three, 0, 1);                         // 7 ints: 2 whole triples + 1
            check(s.getCount(MPI.INT) == 7, "getCount(INT) " + s.getCount(MPI.INT));
            check(s.getCount(three) == MPI.UNDEFINED, "getCount(triple) of 7 ints " + s.getCount(three) + " expected UNDEFINED");
            check(s.getElements(three) == 7, "getElements(triple) " + s.getElements(three));
            s = c.recv(buf, 4, three, 0, 2);
            check(s.getCount(three) == 3 && s.getElements(three) == 9, "9 ints: count " + s.getCount(three) + " elements " + s.getElements(three));
            check(s.getError() == MPI.SUCCESS, "getError " + s.getError());
            check(!s.isCancelled(), "isCancelled");
            double[] d = new double[3];
            s = c.recv(d, 3, MPI.DOUBLE, 0, 3);
            check(s.getCount(MPI.DOUBLE) == 3 && s.getCount(MPI.BYTE) == 24 && s.getElements(MPI.BYTE) == 24,
                    "bytes of 3 doubles: " + s.getCount(MPI.BYTE));
            Count x = s.getElementsX(MPI.DOUBLE);
            check(x.getCount() == 3, "getElementsX " + x.getCount());
            s.setElements(MPI.INT, 5);
            check(s.getCount(MPI.INT) == 5 && s.getElements(MPI.INT) == 5, "after setElements(INT,5): " + s.getCount(MPI.INT));
            s.setElementsX(MPI.DOUBLE, new Count(2));
            check(s.getCount(MPI.DOUBLE) == 2, "after setElementsX(DOUBLE,2): " + s.getCount(MPI.DOUBLE));
            s.setCancelled(true);
            check(s.isCancelled(), "setCancelled(true)");
        }
        three.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS StatusCountElements");
        MPI.Finalize();
    }
}
