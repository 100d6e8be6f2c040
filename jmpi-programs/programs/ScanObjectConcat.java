// np: 2 3 4 5
import mpi.*;

/** Scan over MPI.OBJECT Strings with a non-commutative user operation (concatenation): rank r gets "0,1,...,r". */
public class ScanObjectConcat {
    static class Concat extends User_function {
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            Object[] a = (Object[]) invec, b = (Object[]) inoutvec;
            for (int k = 0; k < count; k++) b[inoutoffset + k] = a[inoffset + k] + "," + b[inoutoffset + k];
        }
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Op concat = new Op(new Concat(), false);
        Object[] in = {"" + rank, "x" + rank}, out = new Object[2];
        MPI.COMM_WORLD.Scan(in, 0, out, 0, 2, MPI.OBJECT, concat);
        StringBuilder a = new StringBuilder(), b = new StringBuilder();
        for (int r = 0; r <= rank; r++) { if (r > 0) { a.append(','); b.append(','); } a.append(r); b.append('x').append(r); }
        if (!a.toString().equals(out[0]) || !b.toString().equals(out[1])) { System.out.println("rank " + rank + " got " + out[0] + " / " + out[1]); System.exit(1); }
        Object[] all = new Object[1];
        MPI.COMM_WORLD.Allreduce(new Object[]{"" + rank}, 0, all, 0, 1, MPI.OBJECT, concat);
        StringBuilder w = new StringBuilder();
        for (int r = 0; r < size; r++) { if (r > 0) w.append(','); w.append(r); }
        if (!w.toString().equals(all[0])) { System.out.println("allreduce " + all[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ScanObjectConcat");
        MPI.Finalize();
    }
}
