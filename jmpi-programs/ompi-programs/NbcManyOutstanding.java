// np: 2 4 7
import mpi.*;
import java.nio.*;

/** Eight non-blocking collectives of different kinds outstanding at once, completed with waitAny in completion order, then a second batch with waitSome and testAll; each result checked. */
public class NbcManyOutstanding {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcManyOutstanding: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int tri = size * (size - 1) / 2;
        for (int round = 0; round < 3; round++) {
            IntBuffer bc = MPI.newIntBuffer(1), ar = MPI.newIntBuffer(1), ag = MPI.newIntBuffer(size), sc = MPI.newIntBuffer(1);
            IntBuffer arS = MPI.newIntBuffer(1), agS = MPI.newIntBuffer(1), scS = MPI.newIntBuffer(1);
            DoubleBuffer rd = MPI.newDoubleBuffer(1), rdS = MPI.newDoubleBuffer(1), at = MPI.newDoubleBuffer(size), atS = MPI.newDoubleBuffer(size);
            if (rank == round % size) bc.put(0, 1000 + round);
            arS.put(0, rank + round); agS.put(0, rank * 3); scS.put(0, 1); rdS.put(0, rank * 0.5);
            for (int j = 0; j < size; j++) atS.put(j, rank * 10 + j);
            Request[] rs = {
                c.iBcast(bc, 1, MPI.INT, round % size),
                c.iAllReduce(arS, ar, 1, MPI.INT, MPI.SUM),
                c.iBarrier(),
                c.iAllGather(agS, 1, MPI.INT, ag, 1, MPI.INT),
                c.iScan(scS, sc, 1, MPI.INT, MPI.SUM),
                c.iReduce(rdS, rd, 1, MPI.DOUBLE, MPI.SUM, 0),
                c.iAllToAll(atS, 1, MPI.DOUBLE, at, 1, MPI.DOUBLE),
                c.iBarrier()
            };
            int done = 0;
            if (round == 0) {
                for (int k = 0; k < rs.length; k++) { int i = Request.waitAny(rs); check(i >= 0 && i < rs.length, "waitAny " + i); done++; }
                check(Request.waitAny(rs) == MPI.UNDEFINED, "all done but waitAny not UNDEFINED");
            } else if (round == 1) {
                for (int guard = 0; guard <= rs.length; guard++) { int[] idx = Request.waitSome(rs); if (idx == null) break; done += idx.length; }
            } else {
                boolean all = false;
                for (int spin = 0; spin < 10_000_000 && !all; spin++) all = Request.testAll(rs);
                check(all, "testAll never true");
                done = rs.length;
            }
            check(done == rs.length, "round " + round + " completed " + done);
            check(bc.get(0) == 1000 + round, "round " + round + " iBcast " + bc.get(0));
            check(ar.get(0) == tri + size * round, "round " + round + " iAllReduce " + ar.get(0));
            for (int r = 0; r < size; r++) check(ag.get(r) == r * 3, "round " + round + " iAllGather " + r);
            check(sc.get(0) == rank + 1, "round " + round + " iScan " + sc.get(0));
            if (rank == 0) check(rd.get(0) == tri * 0.5, "round " + round + " iReduce " + rd.get(0));
            for (int j = 0; j < size; j++) check(at.get(j) == j * 10 + rank, "round " + round + " iAllToAll " + j);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS NbcManyOutstanding");
        MPI.Finalize();
    }
}
