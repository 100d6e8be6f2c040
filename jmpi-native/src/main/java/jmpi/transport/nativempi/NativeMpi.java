package jmpi.transport.nativempi;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * The system's MPI library bound through the Foreign Function and Memory API: the calls a matching transport
 * needs (init, rank and size, non-blocking send and receive, test and wait, count, barrier, abort, finalize),
 * with the differences between libraries taken from a {@link Profile}. Handles (communicators, datatypes) are
 * {@code long}s on the Java side whatever the library's type: an address for Open MPI, an {@code int} for
 * MPICH; requests and statuses live in native memory the caller allocates ({@link #newRequest},
 * {@link #newStatus}).
 *
 * <p>Before it loads the library it sets {@code UCX_HANDLE_ERRORS=none} in the process environment unless
 * already set: UCX (MPICH's default device on Debian, Open MPI's on InfiniBand) otherwise installs a SIGSEGV
 * handler that kills the JVM at its first implicit null check.
 *
 * <p>Threads: the downcall handles are immutable and may be called from any thread, as the thread level the
 * library granted allows (what {@link #initThread} returned); the scratch memory of {@link #rank}, {@link #size}
 * and {@link #count} is per call.
 */
public final class NativeMpi {
    /** MPI's thread levels, equal in Open MPI and MPICH. */
    public static final int THREAD_SINGLE = 0;
    public static final int THREAD_FUNNELED = 1;
    public static final int THREAD_SERIALIZED = 2;
    public static final int THREAD_MULTIPLE = 3;

    private final Profile profile;
    private final SymbolLookup library;
    private final String libraryName;
    private final MethodHandle initThread;
    private final MethodHandle finalizeCall;
    private final MethodHandle commRank;
    private final MethodHandle commSize;
    private final MethodHandle isend;
    private final MethodHandle irecv;
    private final MethodHandle waitCall;
    private final MethodHandle testCall;
    private final MethodHandle getCount;
    private final MethodHandle barrier;
    private final MethodHandle abort;
    private final MethodHandle issend;
    private final MethodHandle commGroup;
    private final MethodHandle groupIncl;
    private final MethodHandle groupFree;
    private final MethodHandle commCreateGroup;
    private final MethodHandle commFree;
    private final MethodHandle setErrhandler;
    private final MethodHandle improbe;
    private final MethodHandle mrecv;
    private final MethodHandle recvPinned;
    private final MethodHandle cancel;
    private final MethodHandle testCancelled;
    private final MethodHandle commGetAttr;
    private final MethodHandle allgather;
    private final MethodHandle bcast;
    private final MethodHandle reduce;
    private final MethodHandle allreduce;
    private final MethodHandle alltoall;
    private final MethodHandle reduceLocal;
    private final MethodHandle testsome;
    private final long commWorld;
    private final long byteType;
    private final long errorsReturn;

    private NativeMpi(Profile profile, SymbolLookup library, String libraryName) {
        this.profile = profile;
        this.library = library;
        this.libraryName = libraryName;
        MemoryLayout h = profile.pointerHandles() ? ADDRESS : JAVA_INT;
        initThread = bind("MPI_Init_thread", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, ADDRESS));
        finalizeCall = bind("MPI_Finalize", FunctionDescriptor.of(JAVA_INT));
        commRank = bind("MPI_Comm_rank", FunctionDescriptor.of(JAVA_INT, h, ADDRESS), 0);
        commSize = bind("MPI_Comm_size", FunctionDescriptor.of(JAVA_INT, h, ADDRESS), 0);
        isend = bind("MPI_Isend", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, JAVA_INT, JAVA_INT, h, ADDRESS),
                2, 5);
        irecv = bind("MPI_Irecv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, JAVA_INT, JAVA_INT, h, ADDRESS),
                2, 5);
        waitCall = bind("MPI_Wait", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        testCall = bind("MPI_Test", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS));
        getCount = bind("MPI_Get_count", FunctionDescriptor.of(JAVA_INT, ADDRESS, h, ADDRESS), 1);
        barrier = bind("MPI_Barrier", FunctionDescriptor.of(JAVA_INT, h), 0);
        abort = bind("MPI_Abort", FunctionDescriptor.of(JAVA_INT, h, JAVA_INT), 0);
        issend = bind("MPI_Issend", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, JAVA_INT, JAVA_INT, h, ADDRESS),
                2, 5);
        commGroup = bind("MPI_Comm_group", FunctionDescriptor.of(JAVA_INT, h, ADDRESS), 0);
        groupIncl = bind("MPI_Group_incl", FunctionDescriptor.of(JAVA_INT, h, JAVA_INT, ADDRESS, ADDRESS), 0);
        groupFree = bind("MPI_Group_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        commCreateGroup = bind("MPI_Comm_create_group", FunctionDescriptor.of(JAVA_INT, h, h, JAVA_INT, ADDRESS), 0, 1);
        commFree = bind("MPI_Comm_free", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        setErrhandler = bind("MPI_Comm_set_errhandler", FunctionDescriptor.of(JAVA_INT, h, h), 0, 1);
        improbe = bind("MPI_Improbe", FunctionDescriptor.of(JAVA_INT, JAVA_INT, JAVA_INT, h, ADDRESS, ADDRESS, ADDRESS), 2);
        mrecv = bind("MPI_Mrecv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, ADDRESS, ADDRESS), 2);
        // heap memory allowed: the array stays in place for the call (the collector pins or waits)
        recvPinned = bind("MPI_Recv", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, JAVA_INT, JAVA_INT, h,
                ADDRESS), List.of(Linker.Option.critical(true)), 2, 5);
        cancel = bind("MPI_Cancel", FunctionDescriptor.of(JAVA_INT, ADDRESS));
        testCancelled = bind("MPI_Test_cancelled", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS));
        commGetAttr = bind("MPI_Comm_get_attr", FunctionDescriptor.of(JAVA_INT, h, JAVA_INT, ADDRESS, ADDRESS), 0);
        bcast = bind("MPI_Bcast", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, JAVA_INT, h), 2, 4);
        reduce = bind("MPI_Reduce", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, h, h, JAVA_INT, h),
                3, 4, 6);
        allreduce = bind("MPI_Allreduce", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, h, h, h), 3, 4, 5);
        alltoall = bind("MPI_Alltoall", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, ADDRESS, JAVA_INT, h, h),
                2, 5, 6);
        testsome = bind("MPI_Testsome", FunctionDescriptor.of(JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS));
        reduceLocal = bind("MPI_Reduce_local", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT, h, h), 3, 4);
        allgather = bind("MPI_Allgather", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, h, ADDRESS, JAVA_INT, h, h),
                2, 5, 6);
        if (profile.pointerHandles()) {
            commWorld = symbol(profile.commWorldSymbol()).address();
            byteType = symbol(profile.byteSymbol()).address();
            errorsReturn = symbol(profile.errorsReturnSymbol()).address();
        } else {
            commWorld = profile.commWorldValue();
            byteType = profile.byteValue();
            errorsReturn = profile.errorsReturnValue();
        }
    }

    /**
     * Loads the library of {@code profile}: the first of its names that the dynamic linker finds.
     *
     * @throws IllegalStateException naming every library tried when none loads
     */
    public static NativeMpi load(Profile profile) {
        // UCX reads its configuration when the library is loaded: set this first.
        setenvUnlessSet("UCX_HANDLE_ERRORS", "none");
        setenvUnlessSet("UCX_WARN_UNUSED_ENV_VARS", "n"); // (the variable above is not every UCX component's)
        List<String> failures = new ArrayList<>();
        for (String name : profile.libraries()) {
            try {
                return new NativeMpi(profile, SymbolLookup.libraryLookup(name, Arena.global()), name);
            } catch (IllegalArgumentException e) {
                failures.add(name + ": " + e.getMessage());
            }
        }
        throw new IllegalStateException("cannot load the " + profile + " library (" + String.join("; ", failures)
                + "); install it or point LD_LIBRARY_PATH at it");
    }

    public Profile profile() {
        return profile;
    }

    /** The shared library's name as loaded ({@code libmpi.so.40}, ...). */
    public String libraryName() {
        return libraryName;
    }

    public long commWorld() {
        return commWorld;
    }

    /** The handle of {@code MPI_BYTE}. */
    public long byteType() {
        return byteType;
    }

    /** {@code MPI_Init_thread(NULL, NULL, required, &provided)}; returns the level the library granted. */
    public int initThread(int required) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check("MPI_Init_thread", (int) initThread.invokeExact(MemorySegment.NULL, MemorySegment.NULL, required, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void finalizeMpi() {
        try {
            check("MPI_Finalize", (int) finalizeCall.invokeExact());
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int rank(long comm) {
        return intOut("MPI_Comm_rank", commRank, comm);
    }

    public int size(long comm) {
        return intOut("MPI_Comm_size", commSize, comm);
    }

    /** A zeroed {@code MPI_Request} in {@code arena}. */
    public MemorySegment newRequest(Arena arena) {
        return arena.allocate(profile.requestBytes(), 8);
    }

    /** A zeroed {@code MPI_Status} in {@code arena}. */
    public MemorySegment newStatus(Arena arena) {
        return arena.allocate(profile.statusBytes(), 8);
    }

    /** {@code MPI_Isend} of {@code count} elements of {@code type} from {@code buf} (native memory) into {@code request}. */
    public void isend(MemorySegment buf, int count, long type, int dest, int tag, long comm, MemorySegment request) {
        try {
            check("MPI_Isend", (int) isend.invokeExact(buf, count, type, dest, tag, comm, request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Irecv}; {@code source} may be {@link #anySource()}. */
    public void irecv(MemorySegment buf, int count, long type, int source, int tag, long comm, MemorySegment request) {
        try {
            check("MPI_Irecv", (int) irecv.invokeExact(buf, count, type, source, tag, comm, request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public void await(MemorySegment request, MemorySegment status) {
        try {
            check("MPI_Wait", (int) waitCall.invokeExact(request, status));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Test}: true when the request completed (its status then filled). */
    public boolean test(MemorySegment request, MemorySegment status) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment flag = a.allocate(JAVA_INT);
            check("MPI_Test", (int) testCall.invokeExact(request, flag, status));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Get_count} of a completed receive's status in elements of {@code type}. */
    public int count(MemorySegment status, long type) {
        try (Arena a = Arena.ofConfined()) {
            return count(status, type, a.allocate(JAVA_INT));
        }
    }

    /** {@code MPI_Get_count} into the caller's {@code out} (an int of native memory). */
    public int count(MemorySegment status, long type, MemorySegment out) {
        try {
            check("MPI_Get_count", (int) getCount.invokeExact(status, type, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Issend}: completes only once a receive matched it. */
    public void issend(MemorySegment buf, int count, long type, int dest, int tag, long comm, MemorySegment request) {
        try {
            check("MPI_Issend", (int) issend.invokeExact(buf, count, type, dest, tag, comm, request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The handle stored at {@code at} (an out parameter the library filled). */
    public long readHandle(MemorySegment at) {
        return readHandle(at, 0);
    }

    /** Stores {@code handle} at {@code at} (for an in/out parameter). */
    public void writeHandle(MemorySegment at, long handle) {
        writeHandle(at, 0, handle);
    }

    /**
     * A new communicator of the ranks {@code members} of {@code comm} (in that order) by
     * {@code MPI_Comm_create_group} (collective over the members only, told apart by {@code tag}), with
     * errors returned rather than fatal.
     */
    public long createGroupComm(long comm, int[] members, int tag) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment group = a.allocate(8, 8);
            MemorySegment sub = a.allocate(8, 8);
            MemorySegment out = a.allocate(8, 8);
            check("MPI_Comm_group", (int) commGroup.invokeExact(comm, group));
            check("MPI_Group_incl", (int) groupIncl.invokeExact(readHandle(group), members.length,
                    a.allocateFrom(JAVA_INT, members), sub));
            int rc = (int) commCreateGroup.invokeExact(comm, readHandle(sub), tag, out);
            check("MPI_Group_free", (int) groupFree.invokeExact(group));
            check("MPI_Group_free", (int) groupFree.invokeExact(sub));
            check("MPI_Comm_create_group", rc);
            long created = readHandle(out);
            errorsReturn(created);
            return created;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN)}: calls report errors instead of aborting. */
    public void errorsReturn(long comm) {
        try {
            check("MPI_Comm_set_errhandler", (int) setErrhandler.invokeExact(comm, errorsReturn));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Comm_free}. */
    public void freeComm(long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment at = a.allocate(8, 8);
            writeHandle(at, comm);
            check("MPI_Comm_free", (int) commFree.invokeExact(at));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code MPI_Improbe}: when a message matches, true, with its handle in {@code message} (a handle's
     * memory) and its envelope in {@code status}; {@code flag} is scratch (an int).
     */
    public boolean improbe(int source, int tag, long comm, MemorySegment flag, MemorySegment message,
                           MemorySegment status) {
        try {
            check("MPI_Improbe", (int) improbe.invokeExact(source, tag, comm, flag, message, status));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Mrecv} of the message in {@code message} (a handle's memory); returns the call's return code. */
    public int mrecv(MemorySegment buf, int count, long type, MemorySegment message, MemorySegment status) {
        try {
            return (int) mrecv.invokeExact(buf, count, type, message, status);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code MPI_Recv} of {@code count} bytes into {@code buf}, which may be a heap segment (a Java array's
     * memory, held in place for the call): only for a message already on its way (the call blocks).
     * {@code status}: native memory for the status. Returns the library's error code.
     */
    public int recvPinned(MemorySegment buf, int count, int source, int tag, long comm, MemorySegment status) {
        try {
            return (int) recvPinned.invokeExact(buf, count, byteType, source, tag, comm, status);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Cancel} of a pending request. */
    public void cancel(MemorySegment request) {
        try {
            check("MPI_Cancel", (int) cancel.invokeExact(request));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Test_cancelled} of a completed request's status; {@code flag} is scratch (an int). */
    public boolean cancelled(MemorySegment status, MemorySegment flag) {
        try {
            check("MPI_Test_cancelled", (int) testCancelled.invokeExact(status, flag));
            return flag.get(JAVA_INT, 0) != 0;
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Allgather} of {@code bytes} bytes from every rank of {@code comm} into {@code into}, in rank order. */
    public void allgather(MemorySegment mine, int bytes, MemorySegment into, long comm) {
        try {
            check("MPI_Allgather", (int) allgather.invokeExact(mine, bytes, byteType, into, bytes, byteType, comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Bcast} of {@code count} elements of {@code type}. */
    public void bcast(MemorySegment buf, int count, long type, int root, long comm) {
        try {
            check("MPI_Bcast", (int) bcast.invokeExact(buf, count, type, root, comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Reduce}. */
    public void reduce(MemorySegment in, MemorySegment out, int count, long type, long op, int root, long comm) {
        try {
            check("MPI_Reduce", (int) reduce.invokeExact(in, out, count, type, op, root, comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Allreduce}. */
    public void allreduce(MemorySegment in, MemorySegment out, int count, long type, long op, long comm) {
        try {
            check("MPI_Allreduce", (int) allreduce.invokeExact(in, out, count, type, op, comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * {@code MPI_Testsome} over the {@code count} requests at {@code requests} (an array of handles): the completed
     * ones' indices and statuses, their number in {@code outcount} ({@code MPI_UNDEFINED} when none is active);
     * returns the call's return code.
     */
    public int testsome(int count, MemorySegment requests, MemorySegment outcount, MemorySegment indices,
                        MemorySegment statuses) {
        try {
            return (int) testsome.invokeExact(count, requests, outcount, indices, statuses);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The handle at {@code offset} of {@code at}. */
    public long readHandle(MemorySegment at, long offset) {
        return profile.pointerHandles() ? at.get(ADDRESS, offset).address() : at.get(JAVA_INT, offset);
    }

    /** Stores {@code handle} at {@code offset} of {@code at}. */
    public void writeHandle(MemorySegment at, long offset, long handle) {
        if (profile.pointerHandles()) {
            at.set(ADDRESS, offset, MemorySegment.ofAddress(handle));
        } else {
            at.set(JAVA_INT, offset, (int) handle);
        }
    }

    /** {@code MPI_Isend} or, {@code synchronous}, {@code MPI_Issend}; returns the request's handle ({@code scratch}: a handle's memory). */
    public long startSend(MemorySegment buf, int count, int dest, int tag, long comm, boolean synchronous,
                          MemorySegment scratch) {
        if (synchronous) {
            issend(buf, count, byteType, dest, tag, comm, scratch);
        } else {
            isend(buf, count, byteType, dest, tag, comm, scratch);
        }
        return readHandle(scratch, 0);
    }

    /** {@code MPI_Irecv} of bytes; returns the request's handle ({@code scratch}: a handle's memory). */
    public long startRecv(MemorySegment buf, int count, int source, int tag, long comm, MemorySegment scratch) {
        irecv(buf, count, byteType, source, tag, comm, scratch);
        return readHandle(scratch, 0);
    }

    /** {@code MPI_Reduce_local}: {@code inout = in op inout}, on this process only. */
    public void reduceLocal(MemorySegment in, MemorySegment inout, int count, long type, long op) {
        try {
            check("MPI_Reduce_local", (int) reduceLocal.invokeExact(in, inout, count, type, op));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Alltoall} of {@code bytes} bytes per block. */
    public void alltoall(MemorySegment in, int bytes, MemorySegment out, long comm) {
        try {
            check("MPI_Alltoall", (int) alltoall.invokeExact(in, bytes, byteType, out, bytes, byteType, comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /**
     * A predefined handle: the address of Open MPI's exported object {@code openMpiSymbol}, or MPICH's
     * constant {@code mpichValue}.
     */
    public long predefined(String openMpiSymbol, int mpichValue) {
        return profile.pointerHandles() ? symbol(openMpiSymbol).address() : mpichValue;
    }

    /** The library's {@code MPI_TAG_UB}. */
    public int tagUpperBound() {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment value = a.allocate(ADDRESS);
            MemorySegment flag = a.allocate(JAVA_INT);
            check("MPI_Comm_get_attr", (int) commGetAttr.invokeExact(commWorld, profile.tagUbKeyval(), value, flag));
            if (flag.get(JAVA_INT, 0) == 0) {
                throw new IllegalStateException(libraryName + " has no MPI_TAG_UB attribute");
            }
            return value.get(ADDRESS, 0).reinterpret(4).get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    public int source(MemorySegment status) {
        return status.get(JAVA_INT, profile.sourceOffset());
    }

    public int tag(MemorySegment status) {
        return status.get(JAVA_INT, profile.tagOffset());
    }

    public int anySource() {
        return profile.anySource();
    }

    public void barrier(long comm) {
        try {
            check("MPI_Barrier", (int) barrier.invokeExact(comm));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** {@code MPI_Abort}: ends every process of the job with {@code code}. */
    public void abort(long comm, int code) {
        try {
            check("MPI_Abort", (int) abort.invokeExact(comm, code));
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    // ------------------------------------------------------------------ binding

    private MemorySegment symbol(String name) {
        return library.find(name).orElseThrow(() -> new IllegalStateException(libraryName + " has no symbol " + name
                + ": it is not the " + profile + " library"));
    }

    /** A downcall of {@code name} whose handle parameters at {@code handles} take a {@code long}. */
    private MethodHandle bind(String name, FunctionDescriptor fd, int... handles) {
        return bind(name, fd, List.of(), handles);
    }

    private MethodHandle bind(String name, FunctionDescriptor fd, List<Linker.Option> options, int... handles) {
        MethodHandle mh = Linker.nativeLinker().downcallHandle(symbol(name), fd, options.toArray(Linker.Option[]::new));
        MethodHandle fromLong = profile.pointerHandles() ? OF_ADDRESS : TO_INT;
        for (int i : handles) {
            mh = MethodHandles.filterArguments(mh, i, fromLong);
        }
        return mh;
    }

    private int intOut(String call, MethodHandle mh, long comm) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(JAVA_INT);
            check(call, (int) mh.invokeExact(comm, out));
            return out.get(JAVA_INT, 0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void check(String call, int rc) {
        if (rc != 0) {
            throw new NativeMpiException(call, rc);
        }
    }

    private static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) {
            throw r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("native call failed", t);
    }

    private static void setenvUnlessSet(String name, String value) {
        Linker linker = Linker.nativeLinker();
        MethodHandle setenv = linker.downcallHandle(linker.defaultLookup().find("setenv").orElseThrow(),
                FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT));
        try (Arena a = Arena.ofConfined()) {
            int rc = (int) setenv.invokeExact(a.allocateFrom(name), a.allocateFrom(value), 0);
            if (rc != 0) {
                throw new IllegalStateException("setenv(" + name + ") failed: " + rc);
            }
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    @SuppressWarnings("unused") // reached through TO_INT
    private static int toInt(long handle) {
        return (int) handle;
    }

    private static final MethodHandle OF_ADDRESS;
    private static final MethodHandle TO_INT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OF_ADDRESS = l.findStatic(MemorySegment.class, "ofAddress", MethodType.methodType(MemorySegment.class, long.class));
            TO_INT = l.findStatic(NativeMpi.class, "toInt", MethodType.methodType(int.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
