// np: 2 3 4
import mpi.*;
import java.util.*;

/** A token object (a map of visit counts and a log list) goes three laps around the ring; the final token is checked. */
public class RingTokenObject {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int laps = 3;
        Object[] token = new Object[2];
        for (int lap = 0; lap < laps; lap++) {
            if (rank == 0 && lap == 0) { token[0] = new TreeMap<Integer, Integer>(); token[1] = new ArrayList<String>(); }
            else MPI.COMM_WORLD.Recv(token, 0, 2, MPI.OBJECT, (rank + size - 1) % size, lap);
            @SuppressWarnings("unchecked") TreeMap<Integer, Integer> visits = (TreeMap<Integer, Integer>) token[0];
            @SuppressWarnings("unchecked") ArrayList<String> log = (ArrayList<String>) token[1];
            visits.merge(rank, 1, Integer::sum);
            log.add(lap + ":" + rank);
            int nextTag = rank == size - 1 ? lap + 1 : lap;
            if (!(rank == size - 1 && lap == laps - 1)) MPI.COMM_WORLD.Send(token, 0, 2, MPI.OBJECT, (rank + 1) % size, nextTag);
        }
        if (rank == size - 1) {
            @SuppressWarnings("unchecked") TreeMap<Integer, Integer> visits = (TreeMap<Integer, Integer>) token[0];
            @SuppressWarnings("unchecked") ArrayList<String> log = (ArrayList<String>) token[1];
            List<String> want = new ArrayList<>();
            for (int lap = 0; lap < laps; lap++) for (int r = 0; r < size; r++) want.add(lap + ":" + r);
            for (int r = 0; r < size; r++) if (visits.get(r) != laps) { System.out.println("visits " + visits); System.exit(1); }
            if (!want.equals(log)) { System.out.println("log " + log); System.exit(1); }
            System.out.println("PASS RingTokenObject");
        }
        MPI.Finalize();
    }
}
