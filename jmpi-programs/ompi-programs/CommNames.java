// np: 2
import mpi.*;

/** Predefined communicator names MPI_COMM_WORLD / MPI_COMM_SELF, setName/getName on a dup (not inherited by a further dup), names up to MAX_OBJECT_NAME-1 chars. */
public class CommNames {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommNames: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        check("MPI_COMM_WORLD".equals(w.getName()), "COMM_WORLD name '" + w.getName() + "'");
        check("MPI_COMM_SELF".equals(MPI.COMM_SELF.getName()), "COMM_SELF name '" + MPI.COMM_SELF.getName() + "'");
        Intracomm d = w.dup();
        d.setName("solver");
        check("solver".equals(d.getName()), "dup name '" + d.getName() + "'");
        Intracomm dd = d.dup();
        check(!"solver".equals(dd.getName()), "a dup inherited the name");
        String longName = "n".repeat(MPI.MAX_OBJECT_NAME - 1);
        d.setName(longName);
        check(longName.equals(d.getName()), "long name length " + d.getName().length());
        w.setName("world renamed");
        check("world renamed".equals(w.getName()), "renaming COMM_WORLD");
        d.free(); dd.free();
        w.barrier();
        if (w.getRank() == 0) System.out.println("PASS CommNames");
        MPI.Finalize();
    }
}
