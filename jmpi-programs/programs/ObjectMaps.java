// np: 2
import mpi.*;
import java.util.*;

/** HashMap, TreeMap (order kept), LinkedHashMap and a nested map of lists as MPI.OBJECT. */
public class ObjectMaps {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        HashMap<String, Integer> hm = new HashMap<>();
        TreeMap<Integer, String> tm = new TreeMap<>(Comparator.reverseOrder());
        LinkedHashMap<String, Double> lhm = new LinkedHashMap<>();
        HashMap<String, List<Long>> nested = new HashMap<>();
        for (int k = 0; k < 50; k++) {
            hm.put("key" + k, k * k);
            tm.put(k * 3, "v" + k);
            lhm.put("z" + (50 - k), k / 3.0);
            nested.computeIfAbsent("g" + (k % 5), x -> new ArrayList<>()).add((long) k << 33);
        }
        Object[] buf = new Object[4];
        if (rank == 0) {
            buf[0] = hm; buf[1] = tm; buf[2] = lhm; buf[3] = nested;
            MPI.COMM_WORLD.Send(buf, 0, 4, MPI.OBJECT, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Recv(buf, 0, 4, MPI.OBJECT, 0, 0);
            if (!hm.equals(buf[0]) || !tm.equals(buf[1]) || !lhm.equals(buf[2]) || !nested.equals(buf[3])) { System.out.println("maps differ"); System.exit(1); }
            if (!new ArrayList<>(tm.keySet()).equals(new ArrayList<>(((TreeMap<?, ?>) buf[1]).keySet()))) { System.out.println("TreeMap comparator lost"); System.exit(1); }
            if (!new ArrayList<>(lhm.keySet()).equals(new ArrayList<>(((LinkedHashMap<?, ?>) buf[2]).keySet()))) { System.out.println("LinkedHashMap order lost"); System.exit(1); }
            System.out.println("PASS ObjectMaps");
        }
        MPI.Finalize();
    }
}
