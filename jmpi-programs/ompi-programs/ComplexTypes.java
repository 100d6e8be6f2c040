// np: 2 3
import mpi.*;
import java.nio.*;

/** DoubleComplex/FloatComplex views over double[]/DoubleBuffer/ByteBuffer, DOUBLE_COMPLEX and FLOAT_COMPLEX send/recv (count in complex numbers) and SUM/PROD reductions. */
public class ComplexTypes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ComplexTypes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        double[] a = new double[4];
        DoubleComplex z1 = DoubleComplex.get(a, 1);
        z1.putReal(3); z1.putImag(-4);
        check(a[2] == 3 && a[3] == -4, "DoubleComplex.get(array,1) writes a[2],a[3]: " + java.util.Arrays.toString(a));
        check(DoubleComplex.get(a).getReal() == 0, "get(array)");
        check(z1.getBuffer().get(0) == 3, "getBuffer of the second complex starts at it");
        DoubleBuffer db = MPI.newDoubleBuffer(2 * size);
        DoubleComplex.get(db, rank).putReal(rank + 1);
        DoubleComplex.get(db, rank).putImag(rank);
        ByteBuffer fb = MPI.newByteBuffer(8);
        FloatComplex fz = FloatComplex.get(fb);
        fz.putReal(1.5f); fz.putImag(2.5f);
        check(FloatComplex.get(fb.asFloatBuffer()).getImag() == 2.5f, "FloatComplex over a ByteBuffer");
        // sum of (r+1) + r i over all ranks
        DoubleBuffer mine = MPI.newDoubleBuffer(2), sum = MPI.newDoubleBuffer(2);
        mine.put(0, rank + 1).put(1, rank);
        c.allReduce(mine, sum, 1, MPI.DOUBLE_COMPLEX, MPI.SUM);
        double sr = size * (size + 1) / 2.0, si = size * (size - 1) / 2.0;
        check(sum.get(0) == sr && sum.get(1) == si, "SUM " + sum.get(0) + "+" + sum.get(1) + "i expected " + sr + "+" + si + "i");
        // product of i over all ranks: i^size
        float[] f = {0, 1}, prod = new float[2];
        c.allReduce(f, prod, 1, MPI.FLOAT_COMPLEX, MPI.PROD);
        float[][] pow = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
        check(prod[0] == pow[size % 4][0] && prod[1] == pow[size % 4][1], "PROD of i " + prod[0] + "+" + prod[1] + "i");
        if (rank == 0) c.send(new double[] {1, 2, 3, 4, 5, 6}, 3, MPI.DOUBLE_COMPLEX, 1, 1);
        else if (rank == 1) {
            double[] in = new double[6];
            Status s = c.recv(in, 3, MPI.DOUBLE_COMPLEX, 0, 1);
            check(s.getCount(MPI.DOUBLE_COMPLEX) == 3 && s.getCount(MPI.DOUBLE) == 6, "counts " + s.getCount(MPI.DOUBLE_COMPLEX));
            check(DoubleComplex.get(in, 2).getImag() == 6, "third complex " + java.util.Arrays.toString(in));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ComplexTypes");
        MPI.Finalize();
    }
}
