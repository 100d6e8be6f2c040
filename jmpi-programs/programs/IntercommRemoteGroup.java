// np: 3 4 5
import mpi.*;

/** An inter-communicator between rank 0 and the rest: Remote_group translated to the world, a ping-pong between the leaders. */
public class IntercommRemoteGroup {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        boolean alone = rank == 0;
        Intracomm local = MPI.COMM_WORLD.Split(alone ? 0 : 1, rank);
        Intercomm inter = MPI.COMM_WORLD.Create_intercomm(local, 0, alone ? 1 : 0, 7);
        Group remote = inter.Remote_group();
        int[] rr = new int[remote.Size()];
        for (int k = 0; k < rr.length; k++) rr[k] = k;
        int[] inWorld = Group.Translate_ranks(remote, rr, MPI.COMM_WORLD.Group());
        for (int k = 0; k < rr.length; k++) {
            int want = alone ? k + 1 : 0;
            if (inWorld[k] != want) { System.out.println("remote " + k + " is world " + inWorld[k]); System.exit(1); }
        }
        if (inter.Remote_size() != (alone ? size - 1 : 1)) { System.out.println("Remote_size " + inter.Remote_size()); System.exit(1); }
        if (alone) {
            for (int k = 0; k < size - 1; k++) {
                int[] v = new int[1];
                Status st = inter.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                if (v[0] != st.source * st.source) { System.out.println("from " + st.source + ": " + v[0]); System.exit(1); }
                inter.Send(new int[]{v[0] + 1}, 0, 1, MPI.INT, st.source, 2);
            }
        } else {
            int me = inter.Rank();
            inter.Send(new int[]{me * me}, 0, 1, MPI.INT, 0, 1);
            int[] back = new int[1];
            inter.Recv(back, 0, 1, MPI.INT, 0, 2);
            if (back[0] != me * me + 1) { System.out.println("back " + back[0]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS IntercommRemoteGroup");
        MPI.Finalize();
    }
}
