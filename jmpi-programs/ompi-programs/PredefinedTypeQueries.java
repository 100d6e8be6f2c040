// np: 1
import mpi.*;

/** getSize/getExtent/getLb/getTrueExtent of the predefined types in base elements: 1 for basic types, 2 for complex, bytes for the pair types; isNull of DATATYPE_NULL. */
public class PredefinedTypeQueries {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PredefinedTypeQueries: " + what); System.exit(1); }
    }
    static void q(String name, Datatype t, int size, int extent) throws MPIException {
        check(t.getSize() == size, name + ".getSize() = " + t.getSize() + ", expected " + size);
        check(t.getExtent() == extent, name + ".getExtent() = " + t.getExtent() + ", expected " + extent);
        check(t.getLb() == 0 && t.getTrueLb() == 0, name + " lb " + t.getLb());
        check(t.getTrueExtent() == extent, name + ".getTrueExtent() = " + t.getTrueExtent());
        check(!t.isNull(), name + ".isNull()");
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        q("BYTE", MPI.BYTE, 1, 1); q("CHAR", MPI.CHAR, 1, 1); q("SHORT", MPI.SHORT, 1, 1); q("BOOLEAN", MPI.BOOLEAN, 1, 1);
        q("INT", MPI.INT, 1, 1); q("LONG", MPI.LONG, 1, 1); q("FLOAT", MPI.FLOAT, 1, 1); q("DOUBLE", MPI.DOUBLE, 1, 1);
        q("PACKED", MPI.PACKED, 1, 1);
        q("FLOAT_COMPLEX", MPI.FLOAT_COMPLEX, 2, 2); q("DOUBLE_COMPLEX", MPI.DOUBLE_COMPLEX, 2, 2);
        q("INT2", MPI.INT2, 8, 8);
        q("FLOAT_INT", MPI.FLOAT_INT, 8, 8);
        check(MPI.LONG_INT.getExtent() == 16 && MPI.LONG_INT.getSize() == 12, "LONG_INT extent " + MPI.LONG_INT.getExtent() + " size " + MPI.LONG_INT.getSize());
        check(MPI.DOUBLE_INT.getExtent() == 16 && MPI.DOUBLE_INT.getSize() == 12, "DOUBLE_INT extent " + MPI.DOUBLE_INT.getExtent() + " size " + MPI.DOUBLE_INT.getSize());
        check(MPI.SHORT_INT.getExtent() == 8 && MPI.SHORT_INT.getSize() == 6, "SHORT_INT extent " + MPI.SHORT_INT.getExtent() + " size " + MPI.SHORT_INT.getSize());
        check(MPI.DATATYPE_NULL.isNull(), "DATATYPE_NULL.isNull() false");
        check(MPI.int2.getExtent() == 8 && MPI.longInt.getExtent() == 16 && MPI.doubleInt.getExtent() == 16
                && MPI.floatInt.getExtent() == 8 && MPI.shortInt.getExtent() == 8, "pair Struct extents in bytes");
        System.out.println("PASS PredefinedTypeQueries");
        MPI.Finalize();
    }
}
