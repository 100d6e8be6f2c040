package mpi;

import java.net.InetAddress;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.net.UnknownHostException;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;

/**
 * The MPI environment of the Open MPI Java API on jmpi: {@link #Init}, {@link #Finalize}, the world and self
 * communicators, the predefined datatypes and operations, and the constants with Open MPI's values (its
 * {@code mpi.h}: {@code ANY_SOURCE} -1, {@code ANY_TAG} -1, {@code PROC_NULL} -2, {@code UNDEFINED} -32766,
 * the error classes of MPI-3.1). One set of statics per rank: every rank loads these classes itself.
 *
 * <p>Also Open MPI's helpers for {@code java.nio} buffers: {@code new*Buffer} (direct, native byte order) and
 * {@code slice} (a buffer from an element on: the blocking calls start at a heap buffer's {@code arrayOffset()}
 * and ignore its position, as Open MPI's do), the buffer of buffered sends, the version queries.
 */
public final class MPI {
    static {
        // A rank process started with jmpirun --bind-to binds this thread to its CPUs first (as jmpi-api's MPI does).
        RankEnvProvider.prepareThread(MPI.class.getClassLoader());
    }

    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    public static final int GRAPH = 2;
    public static final int DIST_GRAPH = 3;
    public static final int CART = 1;
    public static final int ANY_SOURCE = -1;
    public static final int ANY_TAG = -1;
    public static final int PROC_NULL = -2;
    public static final int UNDEFINED = -32766;
    public static final int IDENT = 0;
    public static final int CONGRUENT = 1;
    public static final int SIMILAR = 2;
    public static final int UNEQUAL = 3;

    // Attribute keys of communicators and windows (mpi.h's values).
    public static final int TAG_UB = 0;
    public static final int HOST = 1;
    public static final int IO = 2;
    public static final int WTIME_IS_GLOBAL = 3;
    public static final int APPNUM = 4;
    public static final int LASTUSEDCODE = 5;
    public static final int UNIVERSE_SIZE = 6;
    public static final int WIN_BASE = 7;
    public static final int WIN_SIZE = 8;
    public static final int WIN_DISP_UNIT = 9;

    public static final int VERSION = 3;
    public static final int SUBVERSION = 1;
    public static final int ROOT = -4;
    public static final int KEYVAL_INVALID = -1;
    public static final int BSEND_OVERHEAD = 128;
    public static final int MAX_OBJECT_NAME = 64;
    public static final int MAX_PORT_NAME = 1024;
    public static final int MAX_DATAREP_STRING = 128;
    public static final int MAX_INFO_KEY = 36;
    public static final int MAX_INFO_VAL = 256;
    public static final int ORDER_C = 0;
    public static final int ORDER_FORTRAN = 1;
    public static final int DISTRIBUTE_BLOCK = 0;
    public static final int DISTRIBUTE_CYCLIC = 1;
    public static final int DISTRIBUTE_NONE = 2;
    public static final int DISTRIBUTE_DFLT_DARG = -1;
    public static final int MODE_CREATE = 1;
    public static final int MODE_RDONLY = 2;
    public static final int MODE_WRONLY = 4;
    public static final int MODE_RDWR = 8;
    public static final int MODE_DELETE_ON_CLOSE = 16;
    public static final int MODE_UNIQUE_OPEN = 32;
    public static final int MODE_EXCL = 64;
    public static final int MODE_APPEND = 128;
    public static final int MODE_SEQUENTIAL = 256;
    public static final int DISPLACEMENT_CURRENT = -54278278;
    public static final int SEEK_SET = 600;
    public static final int SEEK_CUR = 602;
    public static final int SEEK_END = 604;
    public static final int MODE_NOCHECK = 1;
    public static final int MODE_NOPRECEDE = 2;
    public static final int MODE_NOPUT = 4;
    public static final int MODE_NOSTORE = 8;
    public static final int MODE_NOSUCCEED = 16;
    public static final int LOCK_EXCLUSIVE = 1;
    public static final int LOCK_SHARED = 2;

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
    public static final int ERR_ACCESS = 20;
    public static final int ERR_AMODE = 21;
    public static final int ERR_ASSERT = 22;
    public static final int ERR_BAD_FILE = 23;
    public static final int ERR_BASE = 24;
    public static final int ERR_CONVERSION = 25;
    public static final int ERR_DISP = 26;
    public static final int ERR_DUP_DATAREP = 27;
    public static final int ERR_FILE_EXISTS = 28;
    public static final int ERR_FILE_IN_USE = 29;
    public static final int ERR_FILE = 30;
    public static final int ERR_INFO_KEY = 31;
    public static final int ERR_INFO_NOKEY = 32;
    public static final int ERR_INFO_VALUE = 33;
    public static final int ERR_INFO = 34;
    public static final int ERR_IO = 35;
    public static final int ERR_KEYVAL = 36;
    public static final int ERR_LOCKTYPE = 37;
    public static final int ERR_NAME = 38;
    public static final int ERR_NO_MEM = 39;
    public static final int ERR_NOT_SAME = 40;
    public static final int ERR_NO_SPACE = 41;
    public static final int ERR_NO_SUCH_FILE = 42;
    public static final int ERR_PORT = 43;
    public static final int ERR_PROC_ABORTED = 74;
    public static final int ERR_QUOTA = 44;
    public static final int ERR_READ_ONLY = 45;
    public static final int ERR_RMA_CONFLICT = 46;
    public static final int ERR_RMA_SYNC = 47;
    public static final int ERR_SERVICE = 48;
    public static final int ERR_SIZE = 49;
    public static final int ERR_SPAWN = 50;
    public static final int ERR_UNSUPPORTED_DATAREP = 51;
    public static final int ERR_UNSUPPORTED_OPERATION = 52;
    public static final int ERR_WIN = 53;
    public static final int ERR_LASTCODE = 92;
    /** Declared by Open MPI's Java API but never set by its native side: 0 there, 0 here. */
    public static final int ERR_SYSRESOURCE = 0;

    /** The largest tag (the value of the TAG_UB attribute). */
    static final int TAG_UB_VALUE = Integer.MAX_VALUE;

    public static final Errhandler ERRORS_ARE_FATAL = new Errhandler("MPI.ERRORS_ARE_FATAL");
    public static final Errhandler ERRORS_ABORT = new Errhandler("MPI.ERRORS_ABORT");
    public static final Errhandler ERRORS_RETURN = new Errhandler("MPI.ERRORS_RETURN");

    public static final Datatype DATATYPE_NULL = Datatype.nullType();
    public static final Datatype BYTE = Datatype.basic(BasicType.BYTE, "MPI_BYTE");
    public static final Datatype CHAR = Datatype.basic(BasicType.CHAR, "MPI_CHAR");
    public static final Datatype SHORT = Datatype.basic(BasicType.SHORT, "MPI_SHORT");
    public static final Datatype BOOLEAN = Datatype.basic(BasicType.BOOLEAN, "MPI_BOOLEAN");
    public static final Datatype INT = Datatype.basic(BasicType.INT, "MPI_INT");
    public static final Datatype LONG = Datatype.basic(BasicType.LONG, "MPI_LONG");
    public static final Datatype FLOAT = Datatype.basic(BasicType.FLOAT, "MPI_FLOAT");
    public static final Datatype DOUBLE = Datatype.basic(BasicType.DOUBLE, "MPI_DOUBLE");
    public static final Datatype PACKED = Datatype.basic(BasicType.BYTE, "MPI_PACKED");
    public static final Datatype FLOAT_COMPLEX = Datatype.complex(BasicType.FLOAT, "MPI_FLOAT_COMPLEX");
    public static final Datatype DOUBLE_COMPLEX = Datatype.complex(BasicType.DOUBLE, "MPI_DOUBLE_COMPLEX");
    // The pair types, with C's layout on LP64 (value, then the int at its aligned offset).
    public static final Datatype INT2 = Datatype.pair(BasicType.INT, 4, 8, "MPI_2INT");
    public static final Datatype SHORT_INT = Datatype.pair(BasicType.SHORT, 4, 8, "MPI_SHORT_INT");
    public static final Datatype LONG_INT = Datatype.pair(BasicType.LONG, 8, 16, "MPI_LONG_INT");
    public static final Datatype FLOAT_INT = Datatype.pair(BasicType.FLOAT, 4, 8, "MPI_FLOAT_INT");
    public static final Datatype DOUBLE_INT = Datatype.pair(BasicType.DOUBLE, 8, 16, "MPI_DOUBLE_INT");

    public static final Int2 int2 = new Int2(4, 4);
    public static final ShortInt shortInt = new ShortInt(2, 4, 4);
    public static final LongInt longInt = new LongInt(8, 8, 4);
    public static final FloatInt floatInt = new FloatInt(4, 4);
    public static final DoubleInt doubleInt = new DoubleInt(8, 4);

    public static final Op MAX = new Op("MAX", "MPI.MAX");
    public static final Op MIN = new Op("MIN", "MPI.MIN");
    public static final Op SUM = new Op("SUM", "MPI.SUM");
    public static final Op PROD = new Op("PROD", "MPI.PROD");
    public static final Op LAND = new Op("LAND", "MPI.LAND");
    public static final Op BAND = new Op("BAND", "MPI.BAND");
    public static final Op LOR = new Op("LOR", "MPI.LOR");
    public static final Op BOR = new Op("BOR", "MPI.BOR");
    public static final Op LXOR = new Op("LXOR", "MPI.LXOR");
    public static final Op BXOR = new Op("BXOR", "MPI.BXOR");
    public static final Op MINLOC = new Op("MINLOC", "MPI.MINLOC");
    public static final Op MAXLOC = new Op("MAXLOC", "MPI.MAXLOC");
    public static final Op REPLACE = new Op(null, "MPI.REPLACE");
    public static final Op NO_OP = new Op(null, "MPI.NO_OP");

    public static final Intracomm COMM_WORLD = new Intracomm();
    public static final Intracomm COMM_SELF = new Intracomm();
    public static final Request REQUEST_NULL = Request.nullRequest();
    public static final Group GROUP_EMPTY = Group.empty();
    public static final Info INFO_ENV = Info.env();
    public static final Info INFO_NULL = Info.nullInfo();

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
        COMM_WORLD.bind(engine.world(), "MPI_COMM_WORLD");
        COMM_SELF.bind(engine.self(), "MPI_COMM_SELF");
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
        return hostName();
    }

    static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }

    /** MPI_Get_version: the MPI standard jmpi's Open MPI API reports (3.1, as Open MPI 5.0's). */
    public static Version getVersion() {
        return new Version(VERSION, SUBVERSION);
    }

    /** MPI_Get_library_version. */
    public static String getLibVersion() {
        Package p = MPI.class.getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        return "jmpi " + (v == null ? "(development build)" : v) + ", Open MPI Java API";
    }

    /** MPI_Pcontrol: no profiling levels in jmpi; does nothing. */
    public static void pControl(int level, Object obj) {
    }

    private static volatile byte[] attached;

    /** MPI_Buffer_attach: {@code buffer.length} bytes for buffered sends (the array itself is only kept). */
    public static void attachBuffer(byte[] buffer) throws MPIException {
        check();
        if (buffer == null) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "attachBuffer: the buffer is null");
        }
        try {
            engine.attachBuffer(buffer.length);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
        attached = buffer;
    }

    /** MPI_Buffer_detach: waits for the buffered messages to go; returns the attached array (null if none). */
    public static byte[] detachBuffer() throws MPIException {
        check();
        try {
            engine.detachBuffer();
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
        byte[] b = attached;
        attached = null;
        return b;
    }

    /** The engine once initialized (also after Finalize), else null. */
    static Engine engineOrNull() {
        return engine;
    }

    /** Open MPI's check of the non-blocking calls' buffers (an unchecked IllegalArgumentException). */
    static void assertDirectBuffer(Buffer buf) {
        if (buf == null) {
            throw new NullPointerException("The buffer is null.");
        }
        if (!buf.isDirect()) {
            throw new IllegalArgumentException("The buffer must be direct.");
        }
    }

    static void assertDirectBuffer(Buffer sendbuf, Buffer recvbuf) {
        if (sendbuf == null || !sendbuf.isDirect()) {
            throw new IllegalArgumentException("The send buffer must be direct.");
        }
        if (recvbuf == null || !recvbuf.isDirect()) {
            throw new IllegalArgumentException("The recv. buffer must be direct.");
        }
    }

    // ------------------------------------------------------------------ direct buffers and slices

    /** A direct buffer of {@code capacity} bytes in native byte order. */
    public static ByteBuffer newByteBuffer(int capacity) {
        return ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder());
    }

    public static CharBuffer newCharBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 2)).asCharBuffer();
    }

    public static ShortBuffer newShortBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 2)).asShortBuffer();
    }

    public static IntBuffer newIntBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 4)).asIntBuffer();
    }

    public static LongBuffer newLongBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 8)).asLongBuffer();
    }

    public static FloatBuffer newFloatBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 4)).asFloatBuffer();
    }

    public static DoubleBuffer newDoubleBuffer(int capacity) {
        return newByteBuffer(Math.multiplyExact(capacity, 8)).asDoubleBuffer();
    }

    /**
     * A buffer sharing {@code buf}'s content from element {@code offset} on (native byte order). As Open MPI's
     * does, it resets {@code buf}'s position to {@code offset} and its limit to its capacity.
     */
    public static ByteBuffer slice(ByteBuffer buf, int offset) {
        return buf.clear().position(offset).slice().order(ByteOrder.nativeOrder());
    }

    public static CharBuffer slice(CharBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static ShortBuffer slice(ShortBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static IntBuffer slice(IntBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static LongBuffer slice(LongBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static FloatBuffer slice(FloatBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    public static DoubleBuffer slice(DoubleBuffer buf, int offset) {
        return buf.clear().position(offset).slice();
    }

    /** A heap buffer over {@code buf} from index {@code offset} (its arrayOffset), for the blocking calls. */
    public static ByteBuffer slice(byte[] buf, int offset) {
        return ByteBuffer.wrap(buf, offset, buf.length - offset).slice().order(ByteOrder.nativeOrder());
    }

    public static CharBuffer slice(char[] buf, int offset) {
        return CharBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static ShortBuffer slice(short[] buf, int offset) {
        return ShortBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static IntBuffer slice(int[] buf, int offset) {
        return IntBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static LongBuffer slice(long[] buf, int offset) {
        return LongBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static FloatBuffer slice(float[] buf, int offset) {
        return FloatBuffer.wrap(buf, offset, buf.length - offset).slice();
    }

    public static DoubleBuffer slice(double[] buf, int offset) {
        return DoubleBuffer.wrap(buf, offset, buf.length - offset).slice();
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
