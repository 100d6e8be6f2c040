package mpi;

/** An MPI object the program frees when done with it (Open MPI Java API). */
public interface Freeable {
    void free() throws MPIException;
}
