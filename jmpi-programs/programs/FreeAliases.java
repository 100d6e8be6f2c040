// np: 2
import mpi.*;

/** MPJ Express's lowercase free() on Datatype, Group, Op and Status next to mpiJava's Free(); Attr_delete; Comm.Free. */
public class FreeAliases {
    static class Sum extends User_function {
        public void Call(Object a, int ao, Object b, int bo, int count, Datatype t) {
            int[] x = (int[]) a, y = (int[]) b;
            for (int k = 0; k < count; k++) y[bo + k] += x[ao + k];
        }
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype t = Datatype.Contiguous(2, MPI.INT);
        t.Commit();
        Op op = new Op(new Sum(), true);
        int[] in = {rank, 10 * rank}, out = new int[2];
        MPI.COMM_WORLD.Allreduce(in, 0, out, 0, 1, t, op);
        if (out[0] != 1 || out[1] != 10) { System.out.println("allreduce " + out[0] + " " + out[1]); System.exit(1); }
        Group g = MPI.COMM_WORLD.Group().Incl(new int[]{0});
        Status st = MPI.COMM_WORLD.Sendrecv(in, 0, 2, MPI.INT, 1 - rank, 0, out, 0, 2, MPI.INT, 1 - rank, 0);
        if (out[0] != 1 - rank) { System.out.println("sendrecv " + out[0]); System.exit(1); }
        st.free();
        t.free();
        op.free();
        g.free();
        Intracomm d = MPI.COMM_WORLD.Dup();
        d.Attr_delete(MPI.TAG_UB);
        d.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS FreeAliases");
        MPI.Finalize();
    }
}
