// np: 2 4
import mpi.*;
import java.nio.IntBuffer;

/** Like Open MPI's Connectivity: every pair exchanges its ranks with sendRecv on direct IntBuffers, in a fixed order. */
public class Connectivity {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        String host = MPI.getProcessorName();
        if (host == null || host.isEmpty()) { System.out.println("FAIL Connectivity: empty processor name"); System.exit(1); }
        IntBuffer out = MPI.newIntBuffer(1), in = MPI.newIntBuffer(1);
        for (int i = 0; i < size; i++) {
            for (int j = i + 1; j < size; j++) {
                if (me != i && me != j) continue;
                int other = me == i ? j : i;
                out.put(0, me * 1000 + other);
                in.put(0, -1);
                Status s = MPI.COMM_WORLD.sendRecv(out, 1, MPI.INT, other, me, in, 1, MPI.INT, other, other);
                if (in.get(0) != other * 1000 + me || s.getSource() != other || s.getTag() != other) {
                    System.out.println("FAIL Connectivity rank " + me + " with " + other + ": got " + in.get(0)
                            + " (expected " + (other * 1000 + me) + ") source " + s.getSource() + " tag " + s.getTag());
                    System.exit(1);
                }
            }
            MPI.COMM_WORLD.barrier();
        }
        if (me == 0) System.out.println("PASS Connectivity");
        MPI.Finalize();
    }
}
