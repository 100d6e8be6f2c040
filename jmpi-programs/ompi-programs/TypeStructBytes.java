// np: 2
import mpi.*;
import java.nio.*;

/** createStruct with byte displacements {int@0, double@8, short[2]@16}: base type BYTE (getSize/getExtent in bytes), sent from a direct ByteBuffer, 3 records. */
public class TypeStructBytes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeStructBytes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Datatype rec = Datatype.createStruct(new int[] {1, 1, 2}, new int[] {0, 8, 16}, new Datatype[] {MPI.INT, MPI.DOUBLE, MPI.SHORT});
        rec.commit();
        check(rec.getSize() == 16, "struct size " + rec.getSize() + " bytes, expected 16");
        check(rec.getExtent() == 24, "struct extent " + rec.getExtent() + " bytes, expected 24 (aligned to 8)");
        check(rec.getTrueExtent() == 20, "struct true extent " + rec.getTrueExtent() + ", expected 20");
        int n = 3;
        ByteBuffer b = MPI.newByteBuffer(24 * n);
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                b.putInt(24 * i, 100 + i); b.putDouble(24 * i + 8, i + 0.25);
                b.putShort(24 * i + 16, (short) -i); b.putShort(24 * i + 18, (short) (i * 7));
                b.putInt(24 * i + 4, 0x5A5A5A5A);                      // padding: not sent
            }
            c.send(b, n, rec, 1, 1);
        } else if (rank == 1) {
            Status s = c.recv(b, n, rec, 0, 1);
            check(s.getCount(rec) == n, "count " + s.getCount(rec));
            for (int i = 0; i < n; i++) {
                check(b.getInt(24 * i) == 100 + i && b.getDouble(24 * i + 8) == i + 0.25, "record " + i + ": " + b.getInt(24 * i) + ", " + b.getDouble(24 * i + 8));
                check(b.getShort(24 * i + 16) == -i && b.getShort(24 * i + 18) == i * 7, "record " + i + " shorts");
                check(b.getInt(24 * i + 4) == 0, "record " + i + ": padding was transferred");
            }
        }
        rec.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeStructBytes");
        MPI.Finalize();
    }
}
