// np: 2
import mpi.*;
import java.nio.*;

/** A user Struct (int id, double[3] pos, char tag) with typed Data accessors: extent in bytes, several records sent with getType() from a direct ByteBuffer and from a byte[]. */
public class StructSubclass {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL StructSubclass: " + what); System.exit(1); }
    }
    static class Particle extends Struct {
        final int id = addInt();
        final int pos = setOffset(8).addDouble(3);
        final int tag = addChar();
        @Override protected Data newData() { return new Data(); }
        class Data extends Struct.Data {
            int getId() { return getInt(id); }
            void putId(int v) { putInt(id, v); }
            double getPos(int i) { return getDouble(pos, i); }
            void putPos(int i, double v) { putDouble(pos, i, v); }
            char getTag() { return getChar(tag); }
            void putTag(char v) { putChar(tag, v); }
        }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Particle p = new Particle();
        check(p.id == 0 && p.pos == 8 && p.tag == 32, "field offsets " + p.id + " " + p.pos + " " + p.tag + " expected 0 8 32");
        int ext = p.getExtent();
        check(ext >= 34 && ext % 8 == 0, "extent " + ext + " (expected 40: 34 bytes aligned to 8)");
        Datatype t = p.getType();
        check(t.getSize() == 4 + 24 + 2, "type size " + t.getSize());
        int n = 4;
        if (rank == 0) {
            ByteBuffer b = MPI.newByteBuffer(ext * n);
            for (int i = 0; i < n; i++) {
                Particle.Data d = p.getData(b, i);
                d.putId(i * 11); for (int k = 0; k < 3; k++) d.putPos(k, i + k / 4.0); d.putTag((char) ('p' + i));
            }
            c.send(b, n, t, 1, 1);
            byte[] arr = new byte[ext * n];
            for (int i = 0; i < n; i++) { Particle.Data d = p.getData(arr, i); d.putId(-i); d.putTag('z'); }
            c.send(arr, n, t, 1, 2);
        } else if (rank == 1) {
            ByteBuffer b = MPI.newByteBuffer(ext * n);
            Status s = c.recv(b, n, t, 0, 1);
            check(s.getCount(t) == n, "count " + s.getCount(t));
            for (int i = 0; i < n; i++) {
                Particle.Data d = p.getData(b, i);
                check(d.getId() == i * 11 && d.getTag() == (char) ('p' + i), "record " + i + ": id " + d.getId() + " tag " + d.getTag());
                for (int k = 0; k < 3; k++) check(d.getPos(k) == i + k / 4.0, "record " + i + " pos " + k + " = " + d.getPos(k));
            }
            byte[] arr = new byte[ext * n];
            c.recv(arr, n, t, 0, 2);
            for (int i = 0; i < n; i++) { Particle.Data d = p.getData(arr, i); check(d.getId() == -i && d.getTag() == 'z', "byte[] record " + i + ": " + d.getId()); }
            Particle.Data d2 = p.getData(b, 2);
            ByteBuffer view = d2.getBuffer();
            check(view.getInt(0) == 22, "Data.getBuffer() of record 2 starts at it: " + view.getInt(0));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS StructSubclass");
        MPI.Finalize();
    }
}
