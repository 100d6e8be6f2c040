// np: 2
import mpi.*;
import java.nio.*;

/** Struct.addStruct nests a Struct (as an array of 2), addData(MPI.INT, 3) adds an int array by Datatype, addByte/addShort/addLong/addFloat; the record is broadcast. */
public class StructNested {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL StructNested: " + what); System.exit(1); }
    }
    static class Point extends Struct {
        final int x = addFloat(), y = addFloat();
        @Override protected Data newData() { return new Data(); }
        class Data extends Struct.Data {
            float x() { return getFloat(x); } float y() { return getFloat(y); }
            void set(float a, float b) { putFloat(x, a); putFloat(y, b); }
        }
    }
    static final Point POINT = new Point();
    static class Shape extends Struct {
        final int kind = addByte();
        final int sides = addShort();
        final int corners;
        final int ids;
        final int serial;
        Shape() throws MPIException {
            corners = setOffset(4).addStruct(POINT, 2);
            ids = addData(MPI.INT, 3);
            serial = setOffset(32).addLong();
        }
        @Override protected Data newData() { return new Data(); }
        class Data extends Struct.Data {
            Point.Data corner(int i) { return getData(POINT, corners, i); }
            int id(int i) { return getInt(ids, i); }
            void id(int i, int v) { putInt(ids, i, v); }
            byte kind() { return getByte(kind); } void kind(byte v) { putByte(kind, v); }
            short sides() { return getShort(sides); } void sides(short v) { putShort(sides, v); }
            long serial() { return getLong(serial); } void serial(long v) { putLong(serial, v); }
        }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Shape s = new Shape();
        check(POINT.getExtent() == 8, "Point extent " + POINT.getExtent());
        check(s.kind == 0 && s.sides == 1 && s.corners == 4 && s.ids == 20 && s.serial == 32, "offsets " + s.kind + " " + s.sides + " " + s.corners + " " + s.ids + " " + s.serial);
        check(s.getExtent() == 40, "Shape extent " + s.getExtent());
        ByteBuffer b = MPI.newByteBuffer(s.getExtent());
        Shape.Data d = s.getData(b);
        if (rank == 0) {
            d.kind((byte) 3); d.sides((short) 4);
            d.corner(0).set(1.5f, 2.5f); d.corner(1).set(-1f, -2f);
            for (int i = 0; i < 3; i++) d.id(i, 7 * i + 1);
            d.serial(1L << 50);
        }
        c.bcast(b, 1, s.getType(), 0);
        check(d.kind() == 3 && d.sides() == 4 && d.serial() == 1L << 50, "scalars " + d.kind() + " " + d.sides() + " " + d.serial());
        check(d.corner(0).x() == 1.5f && d.corner(0).y() == 2.5f && d.corner(1).x() == -1f && d.corner(1).y() == -2f, "corners");
        for (int i = 0; i < 3; i++) check(d.id(i) == 7 * i + 1, "id " + i + " = " + d.id(i));
        c.barrier();
        if (rank == 0) System.out.println("PASS StructNested");
        MPI.Finalize();
    }
}
