package mpi;

/**
 * An error handler (Open MPI Java API): {@code MPI.ERRORS_ARE_FATAL} (the default: an error ends the job),
 * {@code MPI.ERRORS_ABORT} (the same, MPI-4's name for aborting) or {@code MPI.ERRORS_RETURN} (errors are
 * thrown as {@link MPIException}s). Programs cannot make their own, as in Open MPI's Java API.
 */
public final class Errhandler {
    private final String name;

    Errhandler(String name) {
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
