package mpi;

import java.nio.Buffer;

/**
 * An MPI-IO file (Open MPI Java API). jmpi has no MPI-IO yet: every constructor and call throws an
 * {@link MPIException} of class {@code MPI.ERR_UNSUPPORTED_OPERATION} naming the call, so programs that use
 * files compile, and fail clearly where they open one.
 */
public final class File {

    private static MPIException unsupported(String call) {
        return MPIException.unsupported("File." + call, "jmpi has no MPI-IO (MPI-3 chapter 13) yet");
    }

    public File(Comm comm, String filename, int amode) throws MPIException {
        MPI.check();
        throw unsupported("File");
    }

    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        MPI.check();
        throw unsupported("File");
    }

    public void close() throws MPIException {
        MPI.check();
        throw unsupported("close");
    }

    public static void delete(String filename) throws MPIException {
        MPI.check();
        throw unsupported("delete");
    }

    public static void delete(String filename, Info info) throws MPIException {
        MPI.check();
        throw unsupported("delete");
    }

    public void setSize(long size) throws MPIException {
        MPI.check();
        throw unsupported("setSize");
    }

    public void preallocate(long size) throws MPIException {
        MPI.check();
        throw unsupported("preallocate");
    }

    public long getSize() throws MPIException {
        MPI.check();
        throw unsupported("getSize");
    }

    public Group getGroup() throws MPIException {
        MPI.check();
        throw unsupported("getGroup");
    }

    public int getAMode() throws MPIException {
        MPI.check();
        throw unsupported("getAMode");
    }

    public void setInfo(Info info) throws MPIException {
        MPI.check();
        throw unsupported("setInfo");
    }

    public Info getInfo() throws MPIException {
        MPI.check();
        throw unsupported("getInfo");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        MPI.check();
        throw unsupported("setView");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        MPI.check();
        throw unsupported("setView");
    }

    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readAt");
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readAtAll");
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeAt");
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeAtAll");
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iReadAt");
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iReadAtAll");
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iWriteAt");
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iWriteAtAll");
    }

    public Status read(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("read");
    }

    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readAll");
    }

    public Status write(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("write");
    }

    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeAll");
    }

    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iRead");
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iReadAll");
    }

    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iWrite");
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iWriteAll");
    }

    public void seek(long offset, int whence) throws MPIException {
        MPI.check();
        throw unsupported("seek");
    }

    public long getPosition() throws MPIException {
        MPI.check();
        throw unsupported("getPosition");
    }

    public long getByteOffset(long offset) throws MPIException {
        MPI.check();
        throw unsupported("getByteOffset");
    }

    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readShared");
    }

    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeShared");
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iReadShared");
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("iWriteShared");
    }

    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readOrdered");
    }

    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeOrdered");
    }

    public void seekShared(long offset, int whence) throws MPIException {
        MPI.check();
        throw unsupported("seekShared");
    }

    public long getPositionShared() throws MPIException {
        MPI.check();
        throw unsupported("getPositionShared");
    }

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readAtAllBegin");
    }

    public Status readAtAllEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("readAtAllEnd");
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeAtAllBegin");
    }

    public Status writeAtAllEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("writeAtAllEnd");
    }

    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readAllBegin");
    }

    public Status readAllEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("readAllEnd");
    }

    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeAllBegin");
    }

    public Status writeAllEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("writeAllEnd");
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("readOrderedBegin");
    }

    public Status readOrderedEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("readOrderedEnd");
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("writeOrderedBegin");
    }

    public Status writeOrderedEnd(Object buf) throws MPIException {
        MPI.check();
        throw unsupported("writeOrderedEnd");
    }

    public int getTypeExtent(Datatype type) throws MPIException {
        MPI.check();
        throw unsupported("getTypeExtent");
    }

    public void setAtomicity(boolean atomicity) throws MPIException {
        MPI.check();
        throw unsupported("setAtomicity");
    }

    public boolean getAtomicity() throws MPIException {
        MPI.check();
        throw unsupported("getAtomicity");
    }

    public void sync() throws MPIException {
        MPI.check();
        throw unsupported("sync");
    }

    public void setErrhandler(Errhandler errhandler) throws MPIException {
        MPI.check();
        throw unsupported("setErrhandler");
    }

    public Errhandler getErrhandler() throws MPIException {
        MPI.check();
        throw unsupported("getErrhandler");
    }

    public void callErrhandler(int errorCode) throws MPIException {
        MPI.check();
        throw unsupported("callErrhandler");
    }

    /** The view of a file (never reached: no file can be opened). */
    public FileView getView() {
        return new FileView(0, MPI.BYTE, MPI.BYTE, "native");
    }
}
