// np: 2 4 5
import mpi.*;

/** createIntercomm between the lower and upper half of the world: isInter, getSize/getRemoteSize, getRemoteGroup, point-to-point addressed by remote rank, compare of dups, merge(high) ordering. */
public class IntercommBasics {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL IntercommBasics: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        int half = size / 2;
        boolean low = rank < half;
        Intracomm local = w.split(low ? 0 : 1, rank);
        int remoteLeader = low ? half : 0;
        Intercomm inter = w.createIntercomm(local, 0, remoteLeader, 77);
        int lsize = low ? half : size - half, rsize = size - lsize;
        check(inter.isInter(), "isInter false");
        check(inter.getSize() == lsize && inter.getRemoteSize() == rsize, "sizes " + inter.getSize() + "/" + inter.getRemoteSize());
        check(inter.getRank() == local.getRank(), "rank in intercomm " + inter.getRank());
        Group rg = inter.getRemoteGroup();
        check(rg.getSize() == rsize, "remote group size " + rg.getSize());
        // each low rank i talks to high rank i (when it exists)
        int me = inter.getRank();
        if (me < Math.min(lsize, rsize)) {
            int[] v = new int[1];
            inter.sendRecv(new int[] {rank}, 1, MPI.INT, me, 5, v, 1, MPI.INT, me, 5);
            int partner = low ? half + me : me;
            check(v[0] == partner, "intercomm partner " + v[0] + " expected " + partner);
        }
        Intercomm d = inter.dup();
        check(d.isInter() && Comm.compare(inter, d) == MPI.CONGRUENT, "intercomm dup compare " + Comm.compare(inter, d));
        Intracomm merged = inter.merge(!low);          // low group first
        check(merged.getSize() == size && merged.getRank() == rank, "merge(high) rank " + merged.getRank() + " expected " + rank);
        check(!merged.isInter(), "merged communicator is inter");
        Intracomm flipped = inter.merge(low);         // high group first
        int exp = low ? rank + (size - half) : rank - half;
        check(flipped.getRank() == exp, "merge with the high group first: rank " + flipped.getRank() + " expected " + exp);
        int[] s = new int[1];
        merged.allReduce(new int[] {1}, s, 1, MPI.INT, MPI.SUM);
        check(s[0] == size, "allReduce on merged " + s[0]);
        flipped.free(); merged.free(); d.free(); inter.free(); local.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS IntercommBasics");
        MPI.Finalize();
    }
}
