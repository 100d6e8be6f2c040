// np: 2
import mpi.*;

/** createHVector takes its stride in BYTES: every third int (stride 12) and every other double (stride 16); getExtent answers in base elements. */
public class TypeHVector {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeHVector: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Datatype every3 = Datatype.createHVector(4, 1, 12, MPI.INT);
        every3.commit();
        check(every3.getExtent() == 10 && every3.getSize() == 4, "int hvector extent " + every3.getExtent() + " (expected 10 ints) size " + every3.getSize());
        Datatype pairs = Datatype.createHVector(3, 2, 32, MPI.DOUBLE);    // 2 doubles every 4 doubles
        pairs.commit();
        check(pairs.getExtent() == 10 && pairs.getSize() == 6, "double hvector extent " + pairs.getExtent() + " size " + pairs.getSize());
        if (rank == 0) {
            int[] a = new int[12];
            for (int i = 0; i < 12; i++) a[i] = i + 1;
            c.send(a, 1, every3, 1, 1);
            double[] d = new double[12];
            for (int i = 0; i < 12; i++) d[i] = i * 0.5;
            c.send(d, 1, pairs, 1, 2);
        } else if (rank == 1) {
            int[] a = new int[4];
            c.recv(a, 4, MPI.INT, 0, 1);
            int[] exp = {1, 4, 7, 10};
            for (int i = 0; i < 4; i++) check(a[i] == exp[i], "int [" + i + "] expected " + exp[i] + ", got " + a[i]);
            double[] d = new double[6];
            c.recv(d, 6, MPI.DOUBLE, 0, 2);
            double[] dexp = {0, 0.5, 2, 2.5, 4, 4.5};
            for (int i = 0; i < 6; i++) check(d[i] == dexp[i], "double [" + i + "] expected " + dexp[i] + ", got " + d[i]);
        }
        every3.free(); pairs.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeHVector");
        MPI.Finalize();
    }
}
