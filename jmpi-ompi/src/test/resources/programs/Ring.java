// A ring as Open MPI's Java examples write it (the same calls), compiled and run by .ci/run through
// bin/jmpijavac --api ompi and bin/jmpirun --api ompi.
import mpi.*;

public class Ring {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank(), size = MPI.COMM_WORLD.getSize();
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        int[] message = new int[1];
        if (rank == 0) {
            message[0] = 10;
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, 201);
        }
        while (true) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, 201);
            if (rank == 0) {
                message[0]--;
                System.out.println("Process 0 decremented value: " + message[0]);
            }
            MPI.COMM_WORLD.send(message, 1, MPI.INT, next, 201);
            if (message[0] == 0) {
                System.out.println("Process " + rank + " exiting");
                break;
            }
        }
        if (rank == 0) {
            MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, 201);
        }
        MPI.Finalize();
    }
}
