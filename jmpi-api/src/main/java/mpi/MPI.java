package mpi;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;

/**
 * The MPI environment of one rank (mpiJava 1.2 / MPJ): initialization, the predefined communicators,
 * datatypes, error handlers and constants. With ranks as threads, this class is loaded once per rank,
 * so its statics are that rank's own.
 */
public class MPI {
    // ------------------------------------------------------------------ constants
    public static final int ANY_SOURCE = Engine.ANY_SOURCE;
    public static final int ANY_TAG = Engine.ANY_TAG;
    public static final int PROC_NULL = Engine.PROC_NULL;
    /** MPJ Express's value (mpiJava 1.2 leaves the values of these constants to the implementation). */
    public static final int UNDEFINED = -1;
    /** Largest usable tag (also the value of the TAG_UB attribute). */
    public static final int TAG_UB_VALUE = Engine.TAG_UB;

    /**
     * Results of {@link Comm#Compare} and {@link Group#Compare}: MPJ Express's values, which are
     * compile-time constants there (so class files compiled against it carry these numbers).
     */
    public static final int IDENT = 0;
    public static final int CONGRUENT = 3;
    public static final int SIMILAR = 1;
    public static final int UNEQUAL = 2;

    /** Topology kinds ({@link Comm#Topo_test}). */
    public static final int GRAPH = 1;
    public static final int CART = 2;

    /** Keys of the predefined attributes ({@link Comm#Attr_get}). */
    public static final int TAG_UB = 101;
    public static final int HOST = 102;
    public static final int IO = 103;
    public static final int WTIME_IS_GLOBAL = 104;

    /** Thread support levels, with MPJ Express's values (ordered, as MPI requires). */
    public static final int THREAD_SINGLE = 1;
    public static final int THREAD_FUNNELED = 2;
    public static final int THREAD_SERIALIZED = 3;
    public static final int THREAD_MULTIPLE = 4;

    static {
        // A rank process started with jmpirun --bind-to binds this thread to its CPUs first, so that
        // NUM_OF_PROCESSORS below and Runtime.availableProcessors() agree.
        RankEnvProvider.prepareThread(MPI.class.getClassLoader());
    }

    /** Processors available to this JVM (MPJ Express): to the thread that first used this class. */
    public static final int NUM_OF_PROCESSORS = Runtime.getRuntime().availableProcessors();

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
    public static final int ERR_LASTCODE = 19;

    /** Bytes of attached buffer each buffered send needs beyond its data (set from the engine at Init). */
    public static int BSEND_OVERHEAD = 64;
    /** MPJ Express: a send's overhead in bytes; here the same as {@link #BSEND_OVERHEAD} (set at Init). */
    public static int SEND_OVERHEAD = 64;
    /** MPJ Express: a receive's overhead in bytes; jmpi's receives need none (0). */
    public static int RECV_OVERHEAD = 0;

    // ------------------------------------------------------------------ datatypes
    public static final Datatype BYTE = new Datatype(BasicType.BYTE, "BYTE");
    public static final Datatype CHAR = new Datatype(BasicType.CHAR, "CHAR");
    public static final Datatype SHORT = new Datatype(BasicType.SHORT, "SHORT");
    public static final Datatype BOOLEAN = new Datatype(BasicType.BOOLEAN, "BOOLEAN");
    public static final Datatype INT = new Datatype(BasicType.INT, "INT");
    public static final Datatype LONG = new Datatype(BasicType.LONG, "LONG");
    public static final Datatype FLOAT = new Datatype(BasicType.FLOAT, "FLOAT");
    public static final Datatype DOUBLE = new Datatype(BasicType.DOUBLE, "DOUBLE");
    public static final Datatype OBJECT = new Datatype(BasicType.OBJECT, "OBJECT");
    public static final Datatype PACKED = new Datatype(BasicType.PACKED, "PACKED");
    public static final Datatype LB = new Datatype((BasicType) null, "LB");
    /** The null datatype (MPJ Express): every use of it is {@code ERR_TYPE}. */
    public static final Datatype NULL = Datatype.nullType();
    /** (value, index) pairs for MAXLOC and MINLOC: two elements of the base type per item. */
    public static final Datatype SHORT2 = new Datatype(jmpi.datatype.TypeMap.contiguous(2, jmpi.datatype.TypeMap.of(BasicType.SHORT)), "SHORT2");
    public static final Datatype INT2 = new Datatype(jmpi.datatype.TypeMap.contiguous(2, jmpi.datatype.TypeMap.of(BasicType.INT)), "INT2");
    public static final Datatype LONG2 = new Datatype(jmpi.datatype.TypeMap.contiguous(2, jmpi.datatype.TypeMap.of(BasicType.LONG)), "LONG2");
    public static final Datatype FLOAT2 = new Datatype(jmpi.datatype.TypeMap.contiguous(2, jmpi.datatype.TypeMap.of(BasicType.FLOAT)), "FLOAT2");
    public static final Datatype DOUBLE2 = new Datatype(jmpi.datatype.TypeMap.contiguous(2, jmpi.datatype.TypeMap.of(BasicType.DOUBLE)), "DOUBLE2");

    // ------------------------------------------------------------------ reduction operations
    public static final Op MAX = new Op(jmpi.datatype.ReduceOp.MAX);
    public static final Op MIN = new Op(jmpi.datatype.ReduceOp.MIN);
    public static final Op SUM = new Op(jmpi.datatype.ReduceOp.SUM);
    public static final Op PROD = new Op(jmpi.datatype.ReduceOp.PROD);
    public static final Op LAND = new Op(jmpi.datatype.ReduceOp.LAND);
    public static final Op BAND = new Op(jmpi.datatype.ReduceOp.BAND);
    public static final Op LOR = new Op(jmpi.datatype.ReduceOp.LOR);
    public static final Op BOR = new Op(jmpi.datatype.ReduceOp.BOR);
    public static final Op LXOR = new Op(jmpi.datatype.ReduceOp.LXOR);
    public static final Op BXOR = new Op(jmpi.datatype.ReduceOp.BXOR);
    public static final Op MAXLOC = new Op(jmpi.datatype.ReduceOp.MAXLOC);
    public static final Op MINLOC = new Op(jmpi.datatype.ReduceOp.MINLOC);
    public static final Datatype UB = new Datatype((BasicType) null, "UB");

    // ------------------------------------------------------------------ error handlers
    /** The default: an error ends the whole job, naming the rank and the error. */
    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler(true, "MPI.ERRORS_ARE_FATAL");
    /** An error is thrown to the caller as an {@link MPIException}. */
    public static final Errhandler ERRORS_RETURN = new Errhandler(false, "MPI.ERRORS_RETURN");

    // ------------------------------------------------------------------ communicators
    public static final Intracomm COMM_WORLD = new Intracomm("MPI.COMM_WORLD");
    public static final Intracomm COMM_SELF = new Intracomm("MPI.COMM_SELF");

    /** The group with no members. */
    public static final Group GROUP_EMPTY = new Group(new int[0], -1);

    /** The null communicator (MPJ Express): {@link Comm#Is_null()} is true and any use is {@code ERR_COMM}. */
    public static final Comm COMM_NULL = new Comm("MPI.COMM_NULL");
    /** The null group (MPJ Express): any use is {@code ERR_GROUP}. */
    public static final Group GROUP_NULL = Group.nullGroup();
    /** The null request (MPJ Express): {@link Request#Is_null()} is true; waits and tests on it return at once. */
    public static final Request REQUEST_NULL = new Request(null, null);
    /**
     * The empty status (MPJ Express): source {@link #ANY_SOURCE}, tag {@link #ANY_TAG}, no elements.
     * Waits and tests on null requests return a fresh empty status, not this object.
     */
    public static final Status EMPTY_STATUS = Status.empty();

    // ------------------------------------------------------------------ this rank's state
    static Engine engine;
    private static volatile boolean initialized;
    private static volatile boolean finalized;
    private static Thread mainThread;
    private static int threadLevel;
    private static byte[] attachedArray;
    private static ByteBuffer attachedBuffer;

    MPI() {
    }

    /** MPI_Init. Returns the program's own arguments (any {@code --jmpi-} arguments a launcher added removed). */
    public static String[] Init(String[] args) {
        start(args, THREAD_SINGLE);
        return ownArguments(args);
    }

    private static String[] ownArguments(String[] args) {
        List<String> own = new ArrayList<>();
        for (String a : args == null ? new String[0] : args) {
            if (!a.startsWith("--jmpi-")) {
                own.add(a);
            }
        }
        return own.toArray(new String[0]);
    }

    /** MPI_Init_thread: jmpi provides every level up to {@link #THREAD_MULTIPLE}. Returns the level provided. */
    public static int Init_thread(String[] args, int required) {
        checkThreadLevel(required);
        start(args, required);
        return threadLevel;
    }

    /**
     * MPJ Express's MPI_Init_thread: as {@link #Init_thread} (the level provided is {@code required}, read
     * it with {@link #queryThread()}; {@code provided} is an input Java cannot write back, and is ignored),
     * returning the program's own arguments as {@link #Init} does.
     */
    public static String[] initThread(int required, int provided, String[] args) {
        checkThreadLevel(required);
        start(args, required);
        return ownArguments(args);
    }

    /** MPJ Express's name for {@link #Is_thread_main()}. */
    public static boolean isMainThread() {
        return Is_thread_main();
    }

    /** MPJ Express's name for {@link #Query_thread()}. */
    public static int queryThread() {
        return Query_thread();
    }

    private static void checkThreadLevel(int required) {
        if (required < THREAD_SINGLE || required > THREAD_MULTIPLE) {
            throw MPIException.of(ErrorClass.ERR_ARG, "thread level " + required + " is not one of THREAD_SINGLE ("
                    + THREAD_SINGLE + ") .. THREAD_MULTIPLE (" + THREAD_MULTIPLE + ")");
        }
    }

    /**
     * MPJ Express's static MPI_Errhandler_set: sets the error handler of {@link #COMM_WORLD} (MPJ Express
     * declares it but does nothing; mpiJava 1.2 moved it to {@link Comm#Errorhandler_set}).
     */
    public static void Errorhandler_set(Errhandler errhandler) {
        COMM_WORLD.Errhandler_set(errhandler);
    }

    /** MPJ Express's static MPI_Errhandler_get: the error handler of {@link #COMM_WORLD}. */
    public static Errhandler Errorhandler_get() {
        return COMM_WORLD.Errhandler_get();
    }

    private static synchronized void start(String[] args, int required) {
        if (initialized && !finalized) {
            throw MPIException.of(ErrorClass.ERR_OTHER, "MPI.Init called twice");
        }
        if (finalized) {
            throw MPIException.of(ErrorClass.ERR_OTHER, "MPI.Init called after MPI.Finalize");
        }
        ClassLoader loader = MPI.class.getClassLoader();
        RankEnv env = RankEnvProvider.forApi(args == null ? new String[0] : args, loader).orElseThrow(
                () -> MPIException.of(ErrorClass.ERR_OTHER, "no jmpi runtime on the class path: run the program with bin/jmpirun"));
        try {
            engine = new Engine(env, loader);
        } catch (MpiError e) {
            throw new MPIException(e);
        }
        BSEND_OVERHEAD = (int) engine.bsendOverhead();
        SEND_OVERHEAD = BSEND_OVERHEAD;
        RECV_OVERHEAD = 0;
        COMM_WORLD.bind(engine.world());
        COMM_SELF.bind(engine.self());
        mainThread = Thread.currentThread();
        threadLevel = Math.max(required, THREAD_SINGLE);
        initialized = true;
    }

    /** MPI_Finalize. Buffered messages are delivered first. */
    public static void Finalize() {
        Engine e = live();
        if (jmpi.coll.Coll.statsRequested()) {
            System.getLogger("jmpi.coll").log(System.Logger.Level.INFO,
                    "rank " + e.worldRank() + " collectives: " + jmpi.coll.Coll.counts(e));
        }
        try {
            e.finish();
        } catch (MpiError x) {
            finalized = true; // finish ended this rank's use of MPI before it reported what it found
            throw COMM_WORLD.raise(x);
        }
        finalized = true;
    }

    /** MPI_Initialized: true once Init has been called (also after Finalize, as the standard says). */
    public static boolean Initialized() {
        return initialized || finalized;
    }

    /** MPI_Finalized. */
    public static boolean Finalized() {
        return finalized;
    }

    /** MPI_Query_thread. */
    public static int Query_thread() {
        live();
        return threadLevel;
    }

    /** MPI_Is_thread_main: whether the caller is the thread that called Init. */
    public static boolean Is_thread_main() {
        live();
        return Thread.currentThread() == mainThread;
    }

    /** MPI_Wtime: seconds since an arbitrary origin, with nanosecond resolution. */
    public static double Wtime() {
        return System.nanoTime() * 1e-9;
    }

    /** MPI_Wtick: resolution of {@link #Wtime()}. */
    public static double Wtick() {
        return 1e-9;
    }

    /** MPI_Get_processor_name. */
    public static String Get_processor_name() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** MPI_Error_string: the error class's name and the standard's text. */
    public static String Error_string(int errorCode) {
        ErrorClass c = ErrorClass.ofCode(errorCode);
        return c == ErrorClass.ERR_UNKNOWN && errorCode != ERR_UNKNOWN
                ? "unknown error code " + errorCode
                : "MPI_" + c.name() + ": " + c.text();
    }

    /** MPI_Error_class: jmpi's error codes are the classes themselves. */
    public static int Error_class(int errorCode) {
        return ErrorClass.ofCode(errorCode).code();
    }

    /** MPI_Abort on COMM_WORLD. */
    public static void Abort(int errorCode) {
        COMM_WORLD.Abort(errorCode);
    }

    /** MPI_Buffer_attach: space for buffered sends. */
    public static void Buffer_attach(byte[] buffer) {
        if (buffer == null) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "Buffer_attach of a null buffer");
        }
        attach(buffer.length);
        attachedArray = buffer;
    }

    /** MPI_Buffer_attach with a {@link ByteBuffer} (MPJ Express style): its remaining bytes are the space. */
    public static void Buffer_attach(ByteBuffer buffer) {
        if (buffer == null) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "Buffer_attach of a null buffer");
        }
        attach(buffer.remaining());
        attachedBuffer = buffer;
    }

    private static void attach(int bytes) {
        Engine e = live();
        try {
            e.attachBuffer(bytes);
        } catch (MpiError err) {
            throw COMM_WORLD.raise(err);
        }
    }

    /** MPI_Buffer_detach: waits until every buffered message has been received; returns the attached array. */
    public static byte[] Buffer_detach() {
        Engine e = live();
        e.detachBuffer();
        byte[] a = attachedArray;
        attachedArray = null;
        attachedBuffer = null;
        return a;
    }

    /** The engine, or an error when MPI is not initialized or already finalized. */
    static Engine live() {
        if (finalized) {
            throw MPIException.of(ErrorClass.ERR_OTHER, "MPI call after MPI.Finalize");
        }
        if (!initialized) {
            throw MPIException.of(ErrorClass.ERR_OTHER, "MPI call before MPI.Init");
        }
        return engine;
    }
}
