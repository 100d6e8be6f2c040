// np: 1 3 4
import mpi.*;

/** splitType(Comm.TYPE_SHARED, key, INFO_NULL): each rank is in exactly one node communicator, ordered by key, the node communicators partition the world; UNDEFINED type gives a null communicator. */
public class CommSplitTypeShared {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommSplitTypeShared: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Intracomm node = w.splitType(Comm.TYPE_SHARED, rank, MPI.INFO_NULL);
        check(!node.isNull() && node.getSize() >= 1 && node.getSize() <= size, "node communicator size " + node.getSize());
        int[] leaders = new int[1];
        w.allReduce(new int[] {node.getRank() == 0 ? 1 : 0}, leaders, 1, MPI.INT, MPI.SUM);
        int[] sizes = new int[1];
        w.allReduce(new int[] {node.getRank() == 0 ? node.getSize() : 0}, sizes, 1, MPI.INT, MPI.SUM);
        check(sizes[0] == size, "node communicators do not partition the world: sizes add to " + sizes[0]);
        int[] members = new int[node.getSize()];
        node.allGather(new int[] {rank}, 1, MPI.INT, members, 1, MPI.INT);
        for (int i = 1; i < members.length; i++) check(members[i] > members[i - 1], "not ordered by key: " + java.util.Arrays.toString(members));
        Intracomm none = w.splitType(MPI.UNDEFINED, rank, MPI.INFO_NULL);
        check(none.isNull(), "splitType(UNDEFINED) not null");
        node.free();
        w.barrier();
        if (rank == 0) System.out.println(leaders[0] + " node communicator(s)");
        if (rank == 0) System.out.println("PASS CommSplitTypeShared");
        MPI.Finalize();
    }
}
