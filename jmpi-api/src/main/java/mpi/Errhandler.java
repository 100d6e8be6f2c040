package mpi;

/** An error handler: {@link MPI#ERRORS_ARE_FATAL} (the default) or {@link MPI#ERRORS_RETURN}. */
public final class Errhandler {
    final boolean fatal;
    private final String name;

    Errhandler(boolean fatal, String name) {
        this.fatal = fatal;
        this.name = name;
    }

    @Override
    public String toString() {
        return name;
    }
}
