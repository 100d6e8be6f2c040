package mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.ReduceOp;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;

/**
 * The MPI environment of the Open MPI Java API on jmpi: {@link #Init}, {@link #Finalize}, the world and self
 * communicators, the predefined datatypes and operations, and the constants with Open MPI's values (its
 * {@code mpi.h}: {@code ANY_SOURCE} -1, {@code ANY_TAG} -1, {@code PROC_NULL} -2, {@code UNDEFINED} -32766,
 * the error classes of MPI-3.1). One set of statics per rank: every rank loads these classes itself.
 *
 * <p>This is the first slice of the API (issue 14): point-to-point with arrays, and the blocking collectives
 * barrier, bcast, reduce, allReduce, gather, scatter, allGather and allToAll on {@code COMM_WORLD} and
 * {@code COMM_SELF}.
 */
public final class MPI {
    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    public static final int PROC_NULL = -2;
    public static final int ROOT = -4;
    public static final int UNDEFINED = -32766;
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;
    public static final int BSEND_OVERHEAD = 128;

    public static final int SUCCESS = 0;
    public static final int ERR_BUFFER = 1;
    public static final int ERR_COUNT = 2;
    public static final int ERR_TYPE = 3;
    public static final int ERR_TAG = 4;
    public static final int ERR_COMM = 5;
    public static final int ERR_RANK = 6;
    public static final int ERR_REQUEST = 7;
    public static final int ERR_ROOT = 8;
    public static final int ERR_GROUP = 9;
    public static final int ERR_OP = 10;
    public static final int ERR_TOPOLOGY = 11;
    public static final int ERR_DIMS = 12;
    public static final int ERR_ARG = 13;
    public static final int ERR_UNKNOWN = 14;
    public static final int ERR_TRUNCATE = 15;
    public static final int ERR_OTHER = 16;
    public static final int ERR_INTERN = 17;
    public static final int ERR_IN_STATUS = 18;
    public static final int ERR_PENDING = 19;
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    public static final int ERR_LASTCODE = 92;

    public static final Datatype BYTE = new Datatype(BasicType.BYTE, "MPI_BYTE");
    public static final Datatype CHAR = new Datatype(BasicType.CHAR, "MPI_CHAR");
    public static final Datatype SHORT = new Datatype(BasicType.SHORT, "MPI_SHORT");
    public static final Datatype BOOLEAN = new Datatype(BasicType.BOOLEAN, "MPI_BOOLEAN");
    public static final Datatype INT = new Datatype(BasicType.INT, "MPI_INT");
    public static final Datatype LONG = new Datatype(BasicType.LONG, "MPI_LONG");
    public static final Datatype FLOAT = new Datatype(BasicType.FLOAT, "MPI_FLOAT");
    public static final Datatype DOUBLE = new Datatype(BasicType.DOUBLE, "MPI_DOUBLE");

    public static final Op MAX = new Op(ReduceOp.MAX);
    public static final Op MIN = new Op(ReduceOp.MIN);
    public static final Op SUM = new Op(ReduceOp.SUM);
    public static final Op PROD = new Op(ReduceOp.PROD);
    public static final Op LAND = new Op(ReduceOp.LAND);
    public static final Op BAND = new Op(ReduceOp.BAND);
    public static final Op LOR = new Op(ReduceOp.LOR);
    public static final Op BOR = new Op(ReduceOp.BOR);
    public static final Op LXOR = new Op(ReduceOp.LXOR);
    public static final Op BXOR = new Op(ReduceOp.BXOR);

    public static final Intracomm COMM_WORLD = new Intracomm();
    public static final Intracomm COMM_SELF = new Intracomm();

    private static volatile boolean initialized;
    private static volatile boolean finalized;
    private static volatile Engine engine;
    private static volatile Thread mainThread;
    private static volatile int threadLevel;

    private MPI() {
    }

    /** MPI_Init; returns the program's arguments. */
    public static String[] Init(String[] args) throws MPIException {
        start(args, THREAD_SINGLE);
        return args == null ? new String[0] : args.clone();
    }

    /** MPI_Init_thread: jmpi provides every level up to {@link #THREAD_MULTIPLE}; returns the level provided. */
    public static int InitThread(String[] args, int required) throws MPIException {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw MPIException.of(ErrorClass.ERR_ARG, "thread level " + required + " is not one of THREAD_SINGLE (0)"
                    + " .. THREAD_MULTIPLE (3)");
        }
        start(args, required);
        return threadLevel;
    }

    private static synchronized void start(String[] args, int required) throws MPIException {
        if (initialized) {
            throw new MPIException("MPI is already initialized.");
        }
        ClassLoader loader = MPI.class.getClassLoader();
        String[] a = args == null ? new String[0] : args;
        RankEnv env = RankEnvProvider.forApi(a, loader).orElseThrow(
                () -> MPIException.of(ErrorClass.ERR_OTHER, "no jmpi runtime on the class path: run the program with"
                + " bin/jmpirun"));
        try {
            engine = new Engine(env, loader);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
        COMM_WORLD.bind(engine.world());
        COMM_SELF.bind(engine.self());
        mainThread = Thread.currentThread();
        threadLevel = required;
        initialized = true;
    }

    /** MPI_Finalize: collective over the world. */
    public static void Finalize() throws MPIException {
        check();
        try {
            engine.finish();
        } catch (MpiError e) {
            throw MPIException.of(e);
        } finally {
            finalized = true;
        }
    }

    /** MPI_Initialized: true once Init was called (also after Finalize). */
    public static boolean isInitialized() {
        return initialized;
    }

    /** MPI_Finalized. */
    public static boolean isFinalized() {
        return finalized;
    }

    /** MPI_Query_thread. */
    public static int queryThread() throws MPIException {
        check();
        return threadLevel;
    }

    /** MPI_Is_thread_main. */
    public static boolean isThreadMain() throws MPIException {
        check();
        return Thread.currentThread() == mainThread;
    }

    /** MPI_Wtime, seconds. */
    public static double wtime() throws MPIException {
        check();
        return System.nanoTime() * 1e-9;
    }

    /** MPI_Wtick, seconds. */
    public static double wtick() throws MPIException {
        check();
        return 1e-9;
    }

    /** MPI_Get_processor_name. */
    public static String getProcessorName() throws MPIException {
        check();
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** Fails unless MPI is initialized and not finalized (Open MPI's messages). */
    static void check() throws MPIException {
        if (!initialized) {
            throw new MPIException("MPI is not initialized.");
        }
        if (finalized) {
            throw new MPIException("MPI is finalized.");
        }
    }
}
