package jmpi.examples;

import mpi.MPI;

/** Every rank says hello; rank 0 collects a greeting from each of the others. */
public class Hello {
    public static void main(String[] args) {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        if (rank == 0) {
            char[] text = new char[64];
            for (int peer = 1; peer < size; peer++) {
                var status = MPI.COMM_WORLD.Recv(text, 0, text.length, MPI.CHAR, MPI.ANY_SOURCE, 7);
                System.out.println(new String(text, 0, status.Get_count(MPI.CHAR)));
            }
            System.out.println("hello from rank 0 of " + size);
        } else {
            char[] text = ("hello from rank " + rank + " of " + size).toCharArray();
            MPI.COMM_WORLD.Send(text, 0, text.length, MPI.CHAR, 0, 7);
        }
        MPI.Finalize();
    }
}
