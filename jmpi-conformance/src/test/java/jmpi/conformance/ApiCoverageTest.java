package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import mpi.Comm;
import mpi.Datatype;
import mpi.Errhandler;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** The mpiJava 1.2 / MPJ point-to-point names exist, public, with the binding's parameter and return types. */
@Timeout(30)
class ApiCoverageTest {
    private static final Class<?> O = Object.class;
    private static final Class<?> I = int.class;
    private static final Class<?> D = Datatype.class;
    private static final Class<?>[] BUF = {O, I, I, D, I, I};

    private final List<String> missing = new ArrayList<>();

    private void method(Class<?> owner, boolean isStatic, Class<?> returns, String name, Class<?>... params) {
        Method m;
        try {
            m = owner.getMethod(name, params);
        } catch (NoSuchMethodException e) {
            missing.add(owner.getSimpleName() + "." + name + List.of(params) + " missing");
            return;
        }
        if (Modifier.isStatic(m.getModifiers()) != isStatic) {
            missing.add(owner.getSimpleName() + "." + name + " should " + (isStatic ? "" : "not ") + "be static");
        }
        if (!returns.isAssignableFrom(m.getReturnType())) {
            missing.add(owner.getSimpleName() + "." + name + " returns " + m.getReturnType().getSimpleName()
                    + ", not " + returns.getSimpleName());
        }
    }

    private void field(Class<?> owner, boolean isStatic, Class<?> type, String... names) {
        for (String name : names) {
            try {
                Field f = owner.getField(name);
                if (Modifier.isStatic(f.getModifiers()) != isStatic) {
                    missing.add(owner.getSimpleName() + "." + name + " should " + (isStatic ? "" : "not ") + "be static");
                }
                if (!type.isAssignableFrom(f.getType())) {
                    missing.add(owner.getSimpleName() + "." + name + " is a " + f.getType().getSimpleName()
                            + ", not " + type.getSimpleName());
                }
            } catch (NoSuchFieldException e) {
                missing.add(owner.getSimpleName() + "." + name + " missing");
            }
        }
    }

    private void report() {
        assertTrue(missing.isEmpty(), "API gaps:\n" + String.join("\n", missing));
    }

    @Test
    void mpi() {
        method(MPI.class, true, String[].class, "Init", String[].class);
        method(MPI.class, true, void.class, "Finalize");
        method(MPI.class, true, boolean.class, "Initialized");
        method(MPI.class, true, boolean.class, "Finalized");
        method(MPI.class, true, double.class, "Wtime");
        method(MPI.class, true, double.class, "Wtick");
        method(MPI.class, true, String.class, "Get_processor_name");
        method(MPI.class, true, void.class, "Buffer_attach", byte[].class);
        method(MPI.class, true, byte[].class, "Buffer_detach");
        field(MPI.class, true, Intracomm.class, "COMM_WORLD", "COMM_SELF");
        field(MPI.class, true, int.class, "ANY_SOURCE", "ANY_TAG", "PROC_NULL", "UNDEFINED", "BSEND_OVERHEAD");
        field(MPI.class, true, Datatype.class, "BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE",
                "OBJECT", "PACKED", "LB", "UB");
        field(MPI.class, true, Errhandler.class, "ERRORS_ARE_FATAL", "ERRORS_RETURN");
        report();
    }

    @Test
    void constantsHaveDistinctValues() {
        assertTrue(MPI.ANY_SOURCE != MPI.PROC_NULL && MPI.ANY_SOURCE < 0 && MPI.PROC_NULL < 0 && MPI.UNDEFINED < 0
                && MPI.UNDEFINED != MPI.ANY_SOURCE && MPI.UNDEFINED != MPI.PROC_NULL, "rank constants");
        assertTrue(MPI.ANY_TAG < 0, "ANY_TAG");
        assertTrue(MPI.BSEND_OVERHEAD >= 0, "BSEND_OVERHEAD");
    }

    /** Every MPI.ERR_* constant is the engine's error class of that name; ERR_LASTCODE is the last one. */
    @Test
    void errorClassesMatchTheEngine() throws IllegalAccessException {
        for (jmpi.core.ErrorClass c : jmpi.core.ErrorClass.values()) {
            String name = c == jmpi.core.ErrorClass.SUCCESS ? "SUCCESS" : c.name();
            try {
                assertTrue(MPI.class.getField(name).getInt(null) == c.code(), "MPI." + name + " != " + c.code());
            } catch (NoSuchFieldException e) {
                throw new AssertionError("MPI." + name + " missing", e);
            }
        }
        assertTrue(MPI.ERR_LASTCODE == jmpi.core.ErrorClass.lastCode(), "ERR_LASTCODE");
    }

    @Test
    void wtimeIsMonotonicWithFineResolution() {
        double tick = MPI.Wtick();
        assertTrue(tick > 0 && tick <= 1e-6, "Wtick " + tick);
        double a = MPI.Wtime();
        double b = MPI.Wtime();
        assertTrue(b >= a, "Wtime went back");
        long spinUntil = System.nanoTime() + 2_000_000;
        while (System.nanoTime() < spinUntil) {
            Thread.onSpinWait();
        }
        double c = MPI.Wtime() - b;
        assertTrue(c >= 1.5e-3 && c < 1.0, "2 ms measured by Wtime as " + c + " s");
    }

    @Test
    void comm() {
        method(Comm.class, false, int.class, "Rank");
        method(Comm.class, false, int.class, "Size");
        for (String send : new String[] {"Send", "Bsend", "Ssend", "Rsend"}) {
            method(Comm.class, false, void.class, send, BUF);
        }
        method(Comm.class, false, Status.class, "Recv", BUF);
        for (String isend : new String[] {"Isend", "Ibsend", "Issend", "Irsend", "Irecv"}) {
            method(Comm.class, false, Request.class, isend, BUF);
        }
        for (String init : new String[] {"Send_init", "Bsend_init", "Ssend_init", "Rsend_init", "Recv_init"}) {
            method(Comm.class, false, Prequest.class, init, BUF);
        }
        method(Comm.class, false, Status.class, "Sendrecv", O, I, I, D, I, I, O, I, I, D, I, I);
        method(Comm.class, false, Status.class, "Sendrecv_replace", O, I, I, D, I, I, I, I);
        method(Comm.class, false, Status.class, "Probe", I, I);
        method(Comm.class, false, Status.class, "Iprobe", I, I);
        method(Comm.class, false, void.class, "Errhandler_set", Errhandler.class);
        method(Comm.class, false, Errhandler.class, "Errhandler_get");
        method(Comm.class, true, int.class, "Compare", Comm.class, Comm.class);
        method(Comm.class, false, Comm.class, "Dup");
        method(Intracomm.class, false, Intracomm.class, "Dup");
        method(Comm.class, false, void.class, "Free");
        method(Comm.class, false, boolean.class, "Test_inter");
        assertTrue(Comm.class.isAssignableFrom(Intracomm.class), "Intracomm extends Comm");
        report();
    }

    @Test
    void requestAndPrequest() {
        method(Request.class, false, Status.class, "Wait");
        method(Request.class, false, Status.class, "Test");
        method(Request.class, true, Status[].class, "Waitall", Request[].class);
        method(Request.class, true, Status.class, "Waitany", Request[].class);
        method(Request.class, true, Status[].class, "Waitsome", Request[].class);
        method(Request.class, true, Status[].class, "Testall", Request[].class);
        method(Request.class, true, Status.class, "Testany", Request[].class);
        method(Request.class, true, Status[].class, "Testsome", Request[].class);
        method(Request.class, false, void.class, "Cancel");
        method(Request.class, false, void.class, "Free");
        method(Request.class, false, boolean.class, "Is_null");
        method(Prequest.class, false, void.class, "Start");
        method(Prequest.class, true, void.class, "Startall", Prequest[].class);
        assertTrue(Request.class.isAssignableFrom(Prequest.class), "Prequest extends Request");
        report();
    }

    @Test
    void statusAndException() {
        field(Status.class, false, int.class, "source", "tag", "index");
        method(Status.class, false, int.class, "Get_count", Datatype.class);
        method(Status.class, false, int.class, "Get_elements", Datatype.class);
        method(Status.class, false, boolean.class, "Test_cancelled");
        method(MPIException.class, false, int.class, "Get_error_class");
        report();
    }

    @Test
    void groupsCommunicatorsAndTopologies() {
        Class<?> G = mpi.Group.class;
        Class<?> IA = int[].class;
        method(Comm.class, false, G, "Group");
        method(Comm.class, false, int.class, "Topo_test");
        method(Comm.class, false, int.class, "Attr_get", I);
        method(Comm.class, false, boolean.class, "Test_inter");
        method(Comm.class, false, mpi.Intercomm.class, "Create_intercomm", Comm.class, I, I, I);
        method(G, false, int.class, "Size");
        method(G, false, int.class, "Rank");
        method(G, false, void.class, "Free");
        method(G, true, IA, "Translate_ranks", G, IA, G);
        method(G, true, int.class, "Compare", G, G);
        method(G, true, G, "Union", G, G);
        method(G, true, G, "Intersection", G, G);
        method(G, true, G, "Difference", G, G);
        method(G, false, G, "Incl", IA);
        method(G, false, G, "Excl", IA);
        method(G, false, G, "Range_incl", int[][].class);
        method(G, false, G, "Range_excl", int[][].class);
        method(Intracomm.class, false, Intracomm.class, "Split", I, I);
        method(Intracomm.class, false, Intracomm.class, "Create", G);
        method(Intracomm.class, false, Intracomm.class, "Creat", G);
        method(Intracomm.class, false, mpi.Cartcomm.class, "Create_cart", IA, boolean[].class, boolean.class);
        method(Intracomm.class, false, mpi.Graphcomm.class, "Create_graph", IA, IA, boolean.class);
        method(mpi.Intercomm.class, false, int.class, "Remote_size");
        method(mpi.Intercomm.class, false, G, "Remote_group");
        method(mpi.Intercomm.class, false, Intracomm.class, "Merge", boolean.class);
        method(mpi.Cartcomm.class, false, mpi.CartParms.class, "Get");
        method(mpi.Cartcomm.class, false, int.class, "Rank", IA);
        method(mpi.Cartcomm.class, false, IA, "Coords", I);
        method(mpi.Cartcomm.class, false, mpi.ShiftParms.class, "Shift", I, I);
        method(mpi.Cartcomm.class, false, mpi.Cartcomm.class, "Sub", boolean[].class);
        method(mpi.Cartcomm.class, false, int.class, "Map", IA, boolean[].class);
        method(mpi.Cartcomm.class, true, void.class, "Dims_create", I, IA);
        method(mpi.Graphcomm.class, false, mpi.GraphParms.class, "Get");
        method(mpi.Graphcomm.class, false, IA, "Neighbours", I);
        method(mpi.Graphcomm.class, false, int.class, "Map", IA, IA);
        field(mpi.CartParms.class, false, IA, "dims", "coords");
        field(mpi.CartParms.class, false, boolean[].class, "periods");
        field(mpi.GraphParms.class, false, IA, "index", "edges");
        field(mpi.ShiftParms.class, false, int.class, "rank_source", "rank_dest");
        field(MPI.class, true, int.class, "CART", "GRAPH", "TAG_UB", "HOST", "IO", "WTIME_IS_GLOBAL");
        field(MPI.class, true, G, "GROUP_EMPTY");
        assertTrue(Intracomm.class.isAssignableFrom(mpi.Cartcomm.class), "Cartcomm extends Intracomm");
        assertTrue(Comm.class.isAssignableFrom(mpi.Intercomm.class), "Intercomm extends Comm");
        report();
    }
}
