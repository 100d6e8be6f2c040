// np: 2 3 4
import mpi.*;
import java.util.*;

/** LinkedList, ArrayDeque, TreeSet, HashSet and unmodifiable List.of values gathered to rank 0 as MPI.OBJECT. */
public class ObjectLists {
    static Object[] make(int r) {
        LinkedList<Integer> ll = new LinkedList<>();
        ArrayDeque<String> dq = new ArrayDeque<>();
        TreeSet<Integer> ts = new TreeSet<>();
        HashSet<String> hs = new HashSet<>();
        for (int k = 0; k <= r + 3; k++) { ll.addFirst(k * r); dq.addLast("d" + k + "/" + r); ts.add((k * 37 + r) % 11); hs.add("x" + (k % 3) + r); }
        return new Object[]{ll, dq, ts, hs, List.of(r, r + 1, r + 2)};
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Object[] mine = make(rank);
        Object[] all = new Object[5 * size];
        MPI.COMM_WORLD.Gather(mine, 0, 5, MPI.OBJECT, all, 0, 5, MPI.OBJECT, 0);
        if (rank == 0) {
            for (int r = 0; r < size; r++) {
                Object[] want = make(r);
                for (int j = 0; j < 5; j++) {
                    Object got = all[5 * r + j];
                    boolean same = j == 1 ? new ArrayList<>((ArrayDeque<?>) want[j]).equals(new ArrayList<>((ArrayDeque<?>) got)) : want[j].equals(got);
                    if (!same || (j < 4 && got.getClass() != want[j].getClass())) { System.out.println("rank " + r + " item " + j + ": " + got); System.exit(1); }
                }
            }
            System.out.println("PASS ObjectLists");
        }
        MPI.Finalize();
    }
}
