package mpi;

import java.nio.Buffer;

/**
 * An MPI-IO file (Open MPI Java API). jmpi has no MPI-IO yet: every constructor and call throws an
 * {@link MPIException} of class {@code MPI.ERR_UNSUPPORTED_OPERATION} naming the call, so programs that use
 * files compile, and fail clearly where they open one.
 */
public final class File {

    /** After MPI's own check (initialized, not finalized): the error that names {@code call}. */
    private static MPIException unsupported(String call) throws MPIException {
        MPI.check();
        return MPIException.unsupported("File." + call, "jmpi has no MPI-IO (MPI-3 chapter 13) yet");
    }

    public File(Comm comm, String filename, int amode) throws MPIException {
        throw unsupported("File");
    }

    public File(Comm comm, String filename, int amode, Info info) throws MPIException {
        throw unsupported("File");
    }

    public void close() throws MPIException {
        throw unsupported("close");
    }

    public static void delete(String filename) throws MPIException {
        throw unsupported("delete");
    }

    public static void delete(String filename, Info info) throws MPIException {
        throw unsupported("delete");
    }

    public void setSize(long size) throws MPIException {
        throw unsupported("setSize");
    }

    public void preallocate(long size) throws MPIException {
        throw unsupported("preallocate");
    }

    public long getSize() throws MPIException {
        throw unsupported("getSize");
    }

    public Group getGroup() throws MPIException {
        throw unsupported("getGroup");
    }

    public int getAMode() throws MPIException {
        throw unsupported("getAMode");
    }

    public void setInfo(Info info) throws MPIException {
        throw unsupported("setInfo");
    }

    public Info getInfo() throws MPIException {
        throw unsupported("getInfo");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep) throws MPIException {
        throw unsupported("setView");
    }

    public void setView(long disp, Datatype etype, Datatype filetype, String datarep, Info info) throws MPIException {
        throw unsupported("setView");
    }

    public Status readAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readAt");
    }

    public Status readAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readAtAll");
    }

    public Status writeAt(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeAt");
    }

    public Status writeAtAll(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeAtAll");
    }

    public Request iReadAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iReadAt");
    }

    public Request iReadAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iReadAtAll");
    }

    public Request iWriteAt(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iWriteAt");
    }

    public Request iWriteAtAll(long offset, Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iWriteAtAll");
    }

    public Status read(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("read");
    }

    public Status readAll(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readAll");
    }

    public Status write(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("write");
    }

    public Status writeAll(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeAll");
    }

    public Request iRead(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iRead");
    }

    public Request iReadAll(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iReadAll");
    }

    public Request iWrite(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iWrite");
    }

    public Request iWriteAll(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iWriteAll");
    }

    public void seek(long offset, int whence) throws MPIException {
        throw unsupported("seek");
    }

    public long getPosition() throws MPIException {
        throw unsupported("getPosition");
    }

    public long getByteOffset(long offset) throws MPIException {
        throw unsupported("getByteOffset");
    }

    public Status readShared(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readShared");
    }

    public Status writeShared(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeShared");
    }

    public Request iReadShared(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iReadShared");
    }

    public Request iWriteShared(Buffer buf, int count, Datatype type) throws MPIException {
        throw unsupported("iWriteShared");
    }

    public Status readOrdered(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readOrdered");
    }

    public Status writeOrdered(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeOrdered");
    }

    public void seekShared(long offset, int whence) throws MPIException {
        throw unsupported("seekShared");
    }

    public long getPositionShared() throws MPIException {
        throw unsupported("getPositionShared");
    }

    public void readAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readAtAllBegin");
    }

    public Status readAtAllEnd(Object buf) throws MPIException {
        throw unsupported("readAtAllEnd");
    }

    public void writeAtAllBegin(long offset, Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeAtAllBegin");
    }

    public Status writeAtAllEnd(Object buf) throws MPIException {
        throw unsupported("writeAtAllEnd");
    }

    public void readAllBegin(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readAllBegin");
    }

    public Status readAllEnd(Object buf) throws MPIException {
        throw unsupported("readAllEnd");
    }

    public void writeAllBegin(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeAllBegin");
    }

    public Status writeAllEnd(Object buf) throws MPIException {
        throw unsupported("writeAllEnd");
    }

    public void readOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("readOrderedBegin");
    }

    public Status readOrderedEnd(Object buf) throws MPIException {
        throw unsupported("readOrderedEnd");
    }

    public void writeOrderedBegin(Object buf, int count, Datatype type) throws MPIException {
        throw unsupported("writeOrderedBegin");
    }

    public Status writeOrderedEnd(Object buf) throws MPIException {
        throw unsupported("writeOrderedEnd");
    }

    public int getTypeExtent(Datatype type) throws MPIException {
        throw unsupported("getTypeExtent");
    }

    public void setAtomicity(boolean atomicity) throws MPIException {
        throw unsupported("setAtomicity");
    }

    public boolean getAtomicity() throws MPIException {
        throw unsupported("getAtomicity");
    }

    public void sync() throws MPIException {
        throw unsupported("sync");
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

    /** The view of a file (never reached: no file can be opened). */
    public FileView getView() {
        return new FileView(0, MPI.BYTE, MPI.BYTE, "native");
    }
}
