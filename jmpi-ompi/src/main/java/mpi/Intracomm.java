package mpi;

/**
 * An intra-communicator (Open MPI Java API). In this first slice: {@code MPI.COMM_WORLD} and
 * {@code MPI.COMM_SELF} with everything {@link Comm} has; splitting, creating and topologies come next.
 */
public class Intracomm extends Comm {
    Intracomm() {
    }
}
