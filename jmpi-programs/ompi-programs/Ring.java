// np: 2 5 8
import mpi.*;

/** Open MPI's Ring: a counter goes round the ring from rank 0, which decrements it each lap, until it is 0; each rank counts its receipts. */
public class Ring {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        int size = MPI.COMM_WORLD.getSize();
        int tag = 50;
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        int[] message = new int[1];
        int laps = 10, receipts = 0;
        if (rank == 0) {
            message[0] = laps;
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
        }
        for (int guard = 0; guard <= laps + 1; guard++) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
            receipts++;
            if (rank == 0) message[0]--;
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, tag);
            if (message[0] == 0) break;
        }
        if (rank == 0) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, tag);
            receipts++;
        }
        // every rank sees the values laps, laps-1, ..., 1 and then 0 (rank 0 gets its 0 back after the loop)
        int expected = laps + 1;
        if (receipts != expected || message[0] != 0) {
            System.out.println("FAIL Ring rank " + rank + ": " + receipts + " receipts (expected " + expected + "), last value " + message[0]);
            System.exit(1);
        }
        MPI.COMM_WORLD.barrier();
        if (rank == 0) System.out.println("PASS Ring");
        MPI.Finalize();
    }
}
