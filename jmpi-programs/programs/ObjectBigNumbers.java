// np: 2 3 4
import mpi.*;
import java.math.BigDecimal;
import java.math.BigInteger;

/** BigInteger factorials and BigDecimal values broadcast as MPI.OBJECT, and a user Op multiplying BigIntegers with Allreduce. */
public class ObjectBigNumbers {
    static class Mul extends User_function {
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            Object[] in = (Object[]) invec, io = (Object[]) inoutvec;
            for (int k = 0; k < count; k++) io[inoutoffset + k] = ((BigInteger) in[inoffset + k]).multiply((BigInteger) io[inoutoffset + k]);
        }
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Object[] b = new Object[3];
        BigInteger f = BigInteger.ONE;
        for (int k = 2; k <= 60; k++) f = f.multiply(BigInteger.valueOf(k));
        BigDecimal third = BigDecimal.ONE.divide(BigDecimal.valueOf(3), 50, java.math.RoundingMode.HALF_EVEN);
        if (rank == 0) { b[0] = f; b[1] = third; b[2] = new BigInteger[]{BigInteger.TWO.pow(200), BigInteger.TEN.negate()}; }
        MPI.COMM_WORLD.Bcast(b, 0, 3, MPI.OBJECT, 0);
        BigInteger[] arr = (BigInteger[]) b[2];
        if (!f.equals(b[0]) || !third.equals(b[1]) || !arr[0].equals(BigInteger.TWO.pow(200)) || !arr[1].equals(BigInteger.valueOf(-10))) {
            System.out.println("rank " + rank + " got " + b[0] + " " + b[1]); System.exit(1);
        }
        Object[] in = {BigInteger.valueOf(rank + 1).pow(30), BigInteger.valueOf(-(rank + 2))};
        Object[] out = new Object[2];
        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 2, MPI.OBJECT, new Op(new Mul(), true));
        BigInteger w0 = BigInteger.ONE, w1 = BigInteger.ONE;
        for (int r = 0; r < size; r++) { w0 = w0.multiply(BigInteger.valueOf(r + 1).pow(30)); w1 = w1.multiply(BigInteger.valueOf(-(r + 2))); }
        if (!w0.equals(out[0]) || !w1.equals(out[1])) { System.out.println("product " + out[0] + " " + out[1]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ObjectBigNumbers");
        MPI.Finalize();
    }
}
