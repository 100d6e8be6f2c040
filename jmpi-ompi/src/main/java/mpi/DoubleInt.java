package mpi;

/**
 * The (double value, int index) pair of {@code MPI.DOUBLE_INT} as C lays it out, for {@code MPI.MAXLOC} and
 * {@code MPI.MINLOC}: {@code MPI.doubleInt.getData(buffer, i)} views pair i of a byte buffer.
 */
public final class DoubleInt extends Struct {
    private final int value;
    private final int index;

    protected DoubleInt(int intOff, int intSize) {
        this.value = 0;
        this.index = intOff;
    }

    @Override
    Datatype predefined() {
        return MPI.DOUBLE_INT;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public double getValue() {
            return getDouble(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(double v) {
            putDouble(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
