// np: 1
import mpi.*;

/** Size, Extent, Lb and Ub (in elements, mpiJava style) of basic and derived types against their layouts. */
public class TypeExtents {
    static int errors = 0;
    static void expect(String what, Datatype t, int size, int extent, int lb, int ub) throws MPIException {
        if (t.Size() != size || t.Extent() != extent || t.Lb() != lb || t.Ub() != ub) {
            System.out.println(what + ": size " + t.Size() + " extent " + t.Extent() + " lb " + t.Lb() + " ub " + t.Ub()
                    + ", want " + size + " " + extent + " " + lb + " " + ub);
            errors++;
        }
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        Datatype[] basics = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT, MPI.DOUBLE};
        for (Datatype b : basics) expect(b.toString(), b, 1, 1, 0, 1);
        expect("INT2", MPI.INT2, 2, 2, 0, 2);
        expect("Contiguous(4,DOUBLE)", Datatype.Contiguous(4, MPI.DOUBLE), 4, 4, 0, 4);
        expect("Vector(3,2,4,INT)", Datatype.Vector(3, 2, 4, MPI.INT), 6, 10, 0, 10);
        expect("Indexed({1,1},{2,5},INT)", Datatype.Indexed(new int[]{1, 1}, new int[]{2, 5}, MPI.INT), 2, 4, 2, 6);
        expect("Hvector(2,1,6,Contiguous(2))", Datatype.Hvector(2, 1, 6, Datatype.Contiguous(2, MPI.INT)), 4, 8, 0, 8);
        expect("Struct(LB,INT,UB)", Datatype.Struct(new int[]{1, 1, 1}, new int[]{0, 3, 8}, new Datatype[]{MPI.LB, MPI.INT, MPI.UB}), 1, 8, 0, 8);
        expect("Struct(INT@2,INT@5)", Datatype.Struct(new int[]{2, 1}, new int[]{2, 5}, new Datatype[]{MPI.INT, MPI.INT}), 3, 4, 2, 6);
        expect("Vector of Vector", Datatype.Vector(2, 1, 3, Datatype.Vector(2, 1, 2, MPI.LONG)), 4, 12, 0, 12);
        if (errors != 0) System.exit(1);
        System.out.println("PASS TypeExtents");
        MPI.Finalize();
    }
}
