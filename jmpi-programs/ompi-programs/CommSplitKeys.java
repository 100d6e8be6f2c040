// np: 2 5 8
import mpi.*;

/** split by parity with a reversing key: sub-ranks ordered by key; a colour MPI.UNDEFINED gives a null communicator; collectives inside each part; compare with world UNEQUAL/SIMILAR. */
public class CommSplitKeys {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommSplitKeys: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Intracomm half = w.split(rank % 2, size - rank);
        int mySize = (size + 1 - rank % 2) / 2;
        check(half.getSize() == mySize, "part size " + half.getSize() + " expected " + mySize);
        int expRank = mySize - 1 - rank / 2;          // reversed by key
        check(half.getRank() == expRank, "part rank " + half.getRank() + " expected " + expRank);
        int[] sum = new int[1];
        half.allReduce(new int[] {rank}, sum, 1, MPI.INT, MPI.SUM);
        int e = 0; for (int r = rank % 2; r < size; r += 2) e += r;
        check(sum[0] == e, "sum in part " + sum[0] + " expected " + e);
        int[] roots = new int[1];
        if (half.getRank() == 0) roots[0] = rank;
        half.bcast(roots, 1, MPI.INT, 0);
        int highest = -1;
        for (int r = size - 1; r >= 0; r--) if (r % 2 == rank % 2) { highest = r; break; }
        check(roots[0] == highest, "sub-rank 0 is world rank " + roots[0] + " expected " + highest);
        check(Comm.compare(half, w) == (mySize == size ? MPI.SIMILAR : MPI.UNEQUAL), "compare(part, world) " + Comm.compare(half, w));
        Intracomm some = w.split(rank == 0 ? MPI.UNDEFINED : 1, rank);
        if (rank == 0) check(some.isNull(), "UNDEFINED colour gave a usable communicator");
        else { check(some.getSize() == size - 1 && some.getRank() == rank - 1, "split without rank 0"); some.free(); }
        Intracomm same = w.split(0, rank);
        check(Comm.compare(same, w) == MPI.CONGRUENT, "split(0, rank) compare " + Comm.compare(same, w));
        same.free(); half.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CommSplitKeys");
        MPI.Finalize();
    }
}
