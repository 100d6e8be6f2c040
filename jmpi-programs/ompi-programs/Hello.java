// np: 1 4
import mpi.*;

/** Open MPI's Hello: every rank knows its rank and the size; rank 0 collects them to check they are 0..size-1. */
public class Hello {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int myrank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        System.out.println("Hello world from rank " + myrank + " of " + size);
        int[] all = new int[size];
        MPI.COMM_WORLD.gather(new int[] {myrank}, 1, MPI.INT, all, 1, MPI.INT, 0);
        if (myrank == 0) {
            for (int i = 0; i < size; i++) {
                if (all[i] != i) { System.out.println("FAIL Hello: slot " + i + " expected rank " + i + ", got " + all[i]); System.exit(1); }
            }
            System.out.println("PASS Hello");
        }
        MPI.Finalize();
    }
}
