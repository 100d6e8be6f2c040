// np: 2
import mpi.*;

/** InitThread returns a level among the four constants (ordered SINGLE < FUNNELED < SERIALIZED < MULTIPLE), queryThread repeats it, isThreadMain on the main thread. */
public class InitThreadLevels {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL InitThreadLevels: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        check(MPI.THREAD_SINGLE < MPI.THREAD_FUNNELED && MPI.THREAD_FUNNELED < MPI.THREAD_SERIALIZED
                && MPI.THREAD_SERIALIZED < MPI.THREAD_MULTIPLE, "thread level constants not ordered");
        int provided = MPI.InitThread(args, MPI.THREAD_FUNNELED);
        check(provided >= MPI.THREAD_SINGLE && provided <= MPI.THREAD_MULTIPLE, "provided " + provided);
        check(MPI.queryThread() == provided, "queryThread " + MPI.queryThread() + " vs provided " + provided);
        check(MPI.isThreadMain(), "isThreadMain false on the thread that called InitThread");
        int rank = MPI.COMM_WORLD.getRank();
        int[] levels = new int[MPI.COMM_WORLD.getSize()];
        MPI.COMM_WORLD.allGather(new int[] {provided}, 1, MPI.INT, levels, 1, MPI.INT);
        for (int l : levels) check(l == provided, "ranks disagree on the provided level: " + java.util.Arrays.toString(levels));
        if (rank == 0) System.out.println("PASS InitThreadLevels");
        MPI.Finalize();
    }
}
