package mpi;

/**
 * The (short value, int index) pair of {@code MPI.SHORT_INT} as C lays it out, for {@code MPI.MAXLOC} and
 * {@code MPI.MINLOC}: {@code MPI.shortInt.getData(buffer, i)} views pair i of a byte buffer.
 */
public final class ShortInt extends Struct {
    private final int value;
    private final int index;

    protected ShortInt(int valueSize, int intOff, int intSize) {
        this.value = 0;
        this.index = intOff;
    }

    @Override
    Datatype predefined() {
        return MPI.SHORT_INT;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public short getValue() {
            return getShort(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(short v) {
            putShort(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
