// np: 2 3
import mpi.*;

/** A user op on MPI.BOOLEAN receives boolean[] in the array form (logical or); predefined ops report commutative; Op.free makes it null. */
public class UserOpBoolean {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL UserOpBoolean: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        String[] problem = new String[1];
        Op or = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype t) {
                if (!(in instanceof boolean[]) || !(inOut instanceof boolean[])) { problem[0] = "got " + in.getClass(); return; }
                boolean[] a = (boolean[]) in, b = (boolean[]) inOut;
                for (int i = 0; i < count; i++) b[i] = a[i] || b[i];
            }
        }, true);
        boolean[] v = {rank == size - 1, false, true}, out = new boolean[3];
        c.allReduce(v, out, 3, MPI.BOOLEAN, or);
        check(problem[0] == null, problem[0]);
        check(out[0] && !out[1] && out[2], "boolean user op " + java.util.Arrays.toString(out));
        check(MPI.SUM.isCommutative() && MPI.MAXLOC.isCommutative() && MPI.BAND.isCommutative(), "predefined op not commutative");
        check(!or.isNull(), "user op null before free");
        or.free();
        check(or.isNull(), "user op not null after free");
        c.barrier();
        if (rank == 0) System.out.println("PASS UserOpBoolean");
        MPI.Finalize();
    }
}
