package jmpi.programs;

/**
 * The Open MPI Java API corpus ({@code ompi-programs/}, programs written the way Open MPI 5.0's {@code mpi} package is
 * used): compiled and run with {@code --api ompi} on the threads, shm and tcp transports; at least 100 programs.
 */
class OmpiProgramsIT extends AbstractProgramsIT {

    @Override String corpus() { return "ompi-programs"; }

    @Override String dirProperty() { return "jmpi.ompi.programs.dir"; }

    @Override String api() { return "ompi"; }

    @Override String[] transports() { return new String[] {"threads", "shm", "tcp"}; }

    @Override int minimumPrograms() { return 100; }
}
