// np: 2 4
import mpi.*;
import java.nio.*;

/** sendInit/recvInit reused over 5 iterations with start and Prequest.startAll; requests stay non-null when inactive, then free() makes them null. */
public class PersistentRequests {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PersistentRequests: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        IntBuffer out = MPI.newIntBuffer(3), in = MPI.newIntBuffer(3);
        Prequest send = c.sendInit(out, 3, MPI.INT, right, 6);
        Prequest recv = c.recvInit(in, 3, MPI.INT, left, 6);
        for (int it = 0; it < 5; it++) {
            for (int i = 0; i < 3; i++) out.put(i, rank * 1000 + it * 10 + i);
            if (it % 2 == 0) { recv.start(); send.start(); }
            else Prequest.startAll(new Prequest[] {recv, send});
            Status s = recv.waitStatus();
            send.waitFor();
            check(s.getSource() == left && s.getTag() == 6, "iteration " + it + " status");
            for (int i = 0; i < 3; i++) check(in.get(i) == left * 1000 + it * 10 + i, "iteration " + it + " value " + i + " = " + in.get(i));
            check(!recv.isNull() && !send.isNull(), "persistent request became null after completion");
        }
        Request[] both = {send, recv};
        Prequest.startAll(new Prequest[] {recv, send});
        Request.waitAll(both);
        check(!both[0].isNull() && !both[1].isNull(), "waitAll nulled persistent requests");
        send.free(); recv.free();
        check(send.isNull() && recv.isNull(), "free() did not null the persistent requests");
        c.barrier();
        if (rank == 0) System.out.println("PASS PersistentRequests");
        MPI.Finalize();
    }
}
