package mpi;

/**
 * The (long value, int index) pair of {@code MPI.LONG_INT} as C lays it out, for {@code MPI.MAXLOC} and
 * {@code MPI.MINLOC}: {@code MPI.longInt.getData(buffer, i)} views pair i of a byte buffer.
 */
public final class LongInt extends Struct {
    private final int value;
    private final int index;

    protected LongInt(int valueSize, int intOff, int intSize) {
        this.value = 0;
        this.index = intOff;
    }

    @Override
    Datatype predefined() {
        return MPI.LONG_INT;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public long getValue() {
            return getLong(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(long v) {
            putLong(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
