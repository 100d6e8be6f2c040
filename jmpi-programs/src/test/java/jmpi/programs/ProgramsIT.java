package jmpi.programs;

/**
 * The mpiJava 1.2 / MPJ Express corpus ({@code programs/}): compiled and run with {@code --api mpijava} on the threads
 * and shm transports; at least 100 programs.
 */
class ProgramsIT extends AbstractProgramsIT {

    @Override String corpus() { return "programs"; }

    @Override String dirProperty() { return "jmpi.programs.dir"; }

    @Override String api() { return "mpijava"; }

    @Override String[] transports() { return new String[] {"threads", "shm"}; }

    @Override int minimumPrograms() { return 100; }
}
