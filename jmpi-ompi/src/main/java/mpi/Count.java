package mpi;

/** A count of elements that may exceed an int (MPI_Count), as Open MPI's Java API has it. */
public final class Count implements Comparable<Object> {
    private long count;

    public Count(long count) {
        this.count = count;
    }

    public long getCount() {
        return count;
    }

    public void setCount(long count) {
        this.count = count;
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Count c && c.count == count;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(count);
    }

    /** 1, 0 or -1 against another Count; -1 for anything else (as Open MPI's). */
    @Override
    public int compareTo(Object obj) {
        return obj instanceof Count c ? Long.compare(count, c.count) : -1;
    }

    @Override
    public String toString() {
        return Long.toString(count);
    }
}
