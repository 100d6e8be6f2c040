// np: 2
import mpi.*;

/** createContiguous of INT and of DOUBLE: getSize/getExtent in base elements, send/recv counts in instances, a contiguous of a contiguous. */
public class TypeContiguous {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeContiguous: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Datatype four = Datatype.createContiguous(4, MPI.INT);
        four.commit();
        check(four.getSize() == 4 && four.getExtent() == 4 && four.getLb() == 0, "INTx4 size " + four.getSize() + " extent " + four.getExtent());
        Datatype twelve = Datatype.createContiguous(3, four);
        twelve.commit();
        check(twelve.getSize() == 12 && twelve.getExtent() == 12, "(INTx4)x3 size " + twelve.getSize());
        Datatype d3 = Datatype.createContiguous(3, MPI.DOUBLE);
        d3.commit();
        check(d3.getSize() == 3 && d3.getExtent() == 3, "DOUBLEx3 size " + d3.getSize() + " extent " + d3.getExtent());
        if (rank == 0) {
            int[] a = new int[24];
            for (int i = 0; i < 24; i++) a[i] = i * i;
            c.send(a, 6, four, 1, 1);
            c.send(a, 2, twelve, 1, 2);
            c.send(new double[] {1, 2, 3, 4, 5, 6}, 2, d3, 1, 3);
        } else if (rank == 1) {
            int[] a = new int[24];
            Status s = c.recv(a, 6, four, 0, 1);
            check(s.getCount(four) == 6 && s.getElements(four) == 24, "count " + s.getCount(four) + " elements " + s.getElements(four));
            for (int i = 0; i < 24; i++) check(a[i] == i * i, "INTx4 [" + i + "] = " + a[i]);
            int[] b = new int[24];
            c.recv(b, 24, MPI.INT, 0, 2);                          // type signatures match: 24 ints
            for (int i = 0; i < 24; i++) check(b[i] == i * i, "(INTx4)x3 received as INT [" + i + "] = " + b[i]);
            double[] d = new double[6];
            c.recv(d, 2, d3, 0, 3);
            check(d[5] == 6 && d[0] == 1, "DOUBLEx3 " + java.util.Arrays.toString(d));
        }
        four.free(); twelve.free(); d3.free();
        check(four.isNull(), "free() did not null the type");
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeContiguous");
        MPI.Finalize();
    }
}
