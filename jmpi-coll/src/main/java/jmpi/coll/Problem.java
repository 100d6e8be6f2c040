package jmpi.coll;

/**
 * What selection and restrictions look at: the communicator's size, the message size in bytes (per
 * rank's contribution or the broadcast buffer), the element count, and whether the operation may be
 * reordered.
 */
public record Problem(int size, long bytes, int count, boolean commutative) {
    public boolean powerOfTwo() {
        return Integer.bitCount(size) == 1;
    }
}
