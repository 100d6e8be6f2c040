package mpi;

/**
 * The (int value, int index) pair of {@code MPI.INT2} as C lays it out, for {@code MPI.MAXLOC} and
 * {@code MPI.MINLOC}: {@code MPI.int2.getData(buffer, i)} views pair i of a byte buffer.
 */
public final class Int2 extends Struct {
    private final int value;
    private final int index;

    protected Int2(int intOff, int intSize) {
        this.value = 0;
        this.index = intOff;
    }

    @Override
    Datatype predefined() {
        return MPI.INT2;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public int getValue() {
            return getInt(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(int v) {
            putInt(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
