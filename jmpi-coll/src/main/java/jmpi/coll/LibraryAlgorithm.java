package jmpi.coll;

/**
 * What every {@code library} algorithm (the MPI library's own collective, on the native transport) has in
 * common: its name, its restriction (the call must be one the library does as Java does: {@link Problem#unlessLibrary})
 * and that it runs in place (the library gets the elements in native memory of its own). Stateless.
 */
abstract class LibraryAlgorithm implements Algorithm {
    @Override
    public final String name() {
        return "library";
    }

    @Override
    public final String unusable(Problem p) {
        return p.unlessLibrary();
    }

    @Override
    public final boolean inPlace() {
        return true;
    }
}
