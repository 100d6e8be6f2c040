package mpi;

/**
 * The (float value, int index) pair of {@code MPI.FLOAT_INT} as C lays it out, for {@code MPI.MAXLOC} and
 * {@code MPI.MINLOC}: {@code MPI.floatInt.getData(buffer, i)} views pair i of a byte buffer.
 */
public final class FloatInt extends Struct {
    private final int value;
    private final int index;

    protected FloatInt(int intOff, int intSize) {
        this.value = 0;
        this.index = intOff;
    }

    @Override
    Datatype predefined() {
        return MPI.FLOAT_INT;
    }

    @Override
    protected Data newData() {
        return new Data();
    }

    /** One pair in a buffer. */
    public final class Data extends Struct.Data {
        public float getValue() {
            return getFloat(value);
        }

        public int getIndex() {
            return getInt(index);
        }

        public void putValue(float v) {
            putFloat(value, v);
        }

        public void putIndex(int v) {
            putInt(index, v);
        }
    }
}
