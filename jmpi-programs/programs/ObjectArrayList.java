// np: 2 3
import mpi.*;
import java.util.*;

/** ArrayLists of Integers and Strings sent as MPI.OBJECT elements of an Object[] around a ring, each rank appending. */
public class ObjectArrayList {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Object[] buf = new Object[2];
        if (rank == 0) {
            buf[0] = new ArrayList<Integer>(List.of(0));
            buf[1] = new ArrayList<String>(List.of("r0"));
        } else {
            MPI.COMM_WORLD.Recv(buf, 0, 2, MPI.OBJECT, rank - 1, 0);
            @SuppressWarnings("unchecked") ArrayList<Integer> a = (ArrayList<Integer>) buf[0];
            @SuppressWarnings("unchecked") ArrayList<String> s = (ArrayList<String>) buf[1];
            a.add(rank * rank);
            s.add("r" + rank);
        }
        MPI.COMM_WORLD.Send(buf, 0, 2, MPI.OBJECT, (rank + 1) % size, 0);
        if (rank == 0) {
            MPI.COMM_WORLD.Recv(buf, 0, 2, MPI.OBJECT, size - 1, 0);
            List<Integer> wantA = new ArrayList<>();
            List<String> wantS = new ArrayList<>();
            for (int r = 0; r < size; r++) { wantA.add(r * r); wantS.add("r" + r); }
            if (!(buf[0] instanceof ArrayList) || !wantA.equals(buf[0]) || !wantS.equals(buf[1])) { System.out.println("got " + buf[0] + " " + buf[1]); System.exit(1); }
            System.out.println("PASS ObjectArrayList");
        }
        MPI.Finalize();
    }
}
