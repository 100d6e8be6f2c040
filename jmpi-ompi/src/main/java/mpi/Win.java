package mpi;

import java.nio.Buffer;

/**
 * An RMA window (Open MPI Java API). jmpi has no one-sided communication yet: every constructor and call
 * throws an {@link MPIException} of class {@code MPI.ERR_UNSUPPORTED_OPERATION} naming the call, so programs
 * that use windows compile, and fail clearly where they use one.
 */
public final class Win implements Freeable {
    public static final int WIN_NULL = 0;
    public static final int FLAVOR_PRIVATE = 0;
    public static final int FLAVOR_SHARED = 1;

    /** After MPI's own check (initialized, not finalized): the error that names {@code call}. */
    private static MPIException unsupported(String call) throws MPIException {
        MPI.check();
        return MPIException.unsupported("Win." + call, "jmpi has no one-sided communication (MPI-3 chapter 11) yet");
    }

    public Win(Buffer base, int size, int dispUnit, Info info, Comm comm) throws MPIException {
        throw unsupported("Win");
    }

    public Win(int size, int dispUnit, Info info, Comm comm, Buffer base, int flavor) throws MPIException {
        throw unsupported("Win");
    }

    public Win(Info info, Comm comm) throws MPIException {
        throw unsupported("Win");
    }

    public void attach(Buffer base, int size) throws MPIException {
        throw unsupported("attach");
    }

    public void detach(Buffer base) throws MPIException {
        throw unsupported("detach");
    }

    public Group getGroup() throws MPIException {
        throw unsupported("getGroup");
    }

    public void put(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw unsupported("put");
    }

    public void get(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw unsupported("get");
    }

    public void accumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw unsupported("accumulate");
    }

    public void fence(int assertion) throws MPIException {
        throw unsupported("fence");
    }

    public void start(Group group, int assertion) throws MPIException {
        throw unsupported("start");
    }

    public void complete() throws MPIException {
        throw unsupported("complete");
    }

    public void post(Group group, int assertion) throws MPIException {
        throw unsupported("post");
    }

    public void waitFor() throws MPIException {
        throw unsupported("waitFor");
    }

    public boolean test() throws MPIException {
        throw unsupported("test");
    }

    public void lock(int lockType, int rank, int assertion) throws MPIException {
        throw unsupported("lock");
    }

    public void unlock(int rank) throws MPIException {
        throw unsupported("unlock");
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        throw unsupported("setErrhandler");
    }

    public Errhandler getErrhandler() throws MPIException {
        throw unsupported("getErrhandler");
    }

    public void callErrhandler(int errorCode) throws MPIException {
        throw unsupported("callErrhandler");
    }

    public static int createKeyval() throws MPIException {
        throw unsupported("createKeyval");
    }

    public static void freeKeyval(int keyval) throws MPIException {
        throw unsupported("freeKeyval");
    }

    public void setAttr(int keyval, Object value) throws MPIException {
        throw unsupported("setAttr");
    }

    public Object getAttr(int keyval) throws MPIException {
        throw unsupported("getAttr");
    }

    public void deleteAttr(int keyval) throws MPIException {
        throw unsupported("deleteAttr");
    }

    @Override
    public void free() throws MPIException {
        throw unsupported("free");
    }

    public Info getInfo() throws MPIException {
        throw unsupported("getInfo");
    }

    public void setInfo(Info info) throws MPIException {
        throw unsupported("setInfo");
    }

    public Request rPut(Buffer origin_addr, int origin_count, Datatype origin_datatype, int target_rank, int target_disp, int target_count, Datatype target_datatype) throws MPIException {
        throw unsupported("rPut");
    }

    public Request rGet(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType) throws MPIException {
        throw unsupported("rGet");
    }

    public Request rAccumulate(Buffer origin, int orgCount, Datatype orgType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw unsupported("rAccumulate");
    }

    public void getAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw unsupported("getAccumulate");
    }

    public Request rGetAccumulate(Buffer origin, int orgCount, Datatype orgType, Buffer resultAddr, int resultCount, Datatype resultType, int targetRank, int targetDisp, int targetCount, Datatype targetType, Op op) throws MPIException {
        throw unsupported("rGetAccumulate");
    }

    public void lockAll(int assertion) throws MPIException {
        throw unsupported("lockAll");
    }

    public void unlockAll() throws MPIException {
        throw unsupported("unlockAll");
    }

    public void sync() throws MPIException {
        throw unsupported("sync");
    }

    public void flush(int targetRank) throws MPIException {
        throw unsupported("flush");
    }

    public void flushAll() throws MPIException {
        throw unsupported("flushAll");
    }

    public void compareAndSwap(Buffer origin, Buffer compareAddr, Buffer resultAddr, Datatype targetType, int targetRank, int targetDisp) throws MPIException {
        throw unsupported("compareAndSwap");
    }

    public void fetchAndOp(Buffer origin, Buffer resultAddr, Datatype dataType, int targetRank, int targetDisp, Op op) throws MPIException {
        throw unsupported("fetchAndOp");
    }

    public void flushLocal(int targetRank) throws MPIException {
        throw unsupported("flushLocal");
    }

    public void flushLocalAll() throws MPIException {
        throw unsupported("flushLocalAll");
    }

    public String getName() throws MPIException {
        throw unsupported("getName");
    }

    public void setName(String name) throws MPIException {
        throw unsupported("setName");
    }

}
