// np: 2 3 4 5
import mpi.*;

/** Two halves joined with Create_intercomm: Remote_size, messages across it, then Merge with the low group first. */
public class IntercommMerge {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int lowSize = size / 2;
        boolean low = rank < lowSize;
        Intracomm local = MPI.COMM_WORLD.Split(low ? 0 : 1, rank);
        int remoteLeader = low ? lowSize : 0;
        Intercomm inter = MPI.COMM_WORLD.Create_intercomm(local, 0, remoteLeader, 99);
        if (!inter.Test_inter() || inter.Size() != local.Size() || inter.Remote_size() != size - local.Size()) {
            System.out.println("sizes " + inter.Size() + " " + inter.Remote_size()); System.exit(1);
        }
        // every rank of the low group sends to rank (its rank mod remote size) of the high group
        int me = inter.Rank(), remote = inter.Remote_size();
        if (low) {
            int[] v = {rank * 10};
            inter.Send(v, 0, 1, MPI.INT, me % remote, 1);
        } else {
            int expected = 0;
            for (int r = 0; r < remote; r++) if (r % local.Size() == me) expected++;
            for (int i = 0; i < expected; i++) {
                int[] v = new int[1];
                Status st = inter.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, 1);
                if (v[0] != st.source * 10 || st.source % local.Size() != me) { System.out.println("from " + st.source + " got " + v[0]); System.exit(1); }
            }
        }
        Intracomm merged = inter.Merge(!low);
        if (merged.Size() != size || merged.Rank() != rank) { System.out.println("merged rank " + merged.Rank() + " of " + merged.Size()); System.exit(1); }
        int[] one = {rank}, sum = new int[1];
        merged.Allreduce(one, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        if (sum[0] != size * (size - 1) / 2) { System.out.println("merged sum " + sum[0]); System.exit(1); }
        Intracomm highFirst = inter.Merge(low);
        int wantRank = low ? rank + (size - lowSize) : rank - lowSize;
        if (highFirst.Rank() != wantRank) { System.out.println("high-first rank " + highFirst.Rank() + " want " + wantRank); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS IntercommMerge");
        MPI.Finalize();
    }
}
