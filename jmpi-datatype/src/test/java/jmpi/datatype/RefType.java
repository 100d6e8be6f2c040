package jmpi.datatype;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately simple reference model of an mpiJava type map: the full list of entries (data and markers)
 * with their displacements, built straight from the MPI definitions of each constructor, and a packer that
 * walks it element by element. Nothing here is shared with the code under test.
 */
final class RefType {
    enum Kind { DATA, LB, UB }

    record Entry(Kind kind, long disp) {
    }

    final BasicType base; // null: markers only
    final List<Entry> entries;
    final String description;

    private RefType(BasicType base, List<Entry> entries, String description) {
        this.base = base;
        this.entries = entries;
        this.description = description;
    }

    static RefType basic(BasicType t) {
        return new RefType(t, List.of(new Entry(Kind.DATA, 0)), t.name());
    }

    static RefType lbMarker() {
        return new RefType(null, List.of(new Entry(Kind.LB, 0)), "LB");
    }

    static RefType ubMarker() {
        return new RefType(null, List.of(new Entry(Kind.UB, 0)), "UB");
    }

    private long[] data;
    private long lb = Long.MIN_VALUE;
    private long ub = Long.MIN_VALUE;

    long lb() {
        if (lb == Long.MIN_VALUE) {
            lb = computeLb();
        }
        return lb;
    }

    long ub() {
        if (ub == Long.MIN_VALUE) {
            ub = computeUb();
        }
        return ub;
    }

    private long computeLb() {
        if (entries.isEmpty()) {
            return 0;
        }
        boolean explicit = entries.stream().anyMatch(e -> e.kind == Kind.LB);
        return entries.stream().filter(e -> !explicit || e.kind == Kind.LB).mapToLong(Entry::disp).min().getAsLong();
    }

    private long computeUb() {
        if (entries.isEmpty()) {
            return 0;
        }
        boolean explicit = entries.stream().anyMatch(e -> e.kind == Kind.UB);
        return entries.stream().filter(e -> !explicit || e.kind == Kind.UB)
                .mapToLong(e -> e.kind == Kind.DATA ? e.disp + 1 : e.disp).max().getAsLong();
    }

    long extent() {
        return ub() - lb();
    }

    long[] data() {
        if (data == null) {
            data = entries.stream().filter(e -> e.kind == Kind.DATA).mapToLong(Entry::disp).toArray();
        }
        return data;
    }

    private static void copiesInto(List<Entry> out, RefType t, long at) {
        for (Entry e : t.entries) {
            out.add(new Entry(e.kind, e.disp + at));
        }
    }

    static RefType contiguous(int count, RefType old) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            copiesInto(out, old, i * old.extent());
        }
        return new RefType(old.base, out, "contiguous(" + count + ", " + old.description + ")");
    }

    static RefType vector(int count, int blocklength, int stride, RefType old) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < blocklength; j++) {
                copiesInto(out, old, ((long) i * stride + j) * old.extent());
            }
        }
        return new RefType(old.base, out, "vector(" + count + ", " + blocklength + ", " + stride + ", " + old.description + ")");
    }

    static RefType hvector(int count, int blocklength, int stride, RefType old) {
        List<Entry> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < blocklength; j++) {
                copiesInto(out, old, (long) i * stride + (long) j * old.extent());
            }
        }
        return new RefType(old.base, out, "hvector(" + count + ", " + blocklength + ", " + stride + ", " + old.description + ")");
    }

    static RefType indexed(int[] bl, int[] disp, RefType old) {
        List<Entry> out = new ArrayList<>();
        for (int k = 0; k < bl.length; k++) {
            for (int j = 0; j < bl[k]; j++) {
                copiesInto(out, old, ((long) disp[k] + j) * old.extent());
            }
        }
        return new RefType(old.base, out, "indexed(" + java.util.Arrays.toString(bl) + ", "
                + java.util.Arrays.toString(disp) + ", " + old.description + ")");
    }

    static RefType hindexed(int[] bl, int[] disp, RefType old) {
        List<Entry> out = new ArrayList<>();
        for (int k = 0; k < bl.length; k++) {
            for (int j = 0; j < bl[k]; j++) {
                copiesInto(out, old, (long) disp[k] + (long) j * old.extent());
            }
        }
        return new RefType(old.base, out, "hindexed(" + java.util.Arrays.toString(bl) + ", "
                + java.util.Arrays.toString(disp) + ", " + old.description + ")");
    }

    static RefType struct(int[] bl, int[] disp, RefType[] types) {
        List<Entry> out = new ArrayList<>();
        BasicType base = null;
        StringBuilder d = new StringBuilder("struct(");
        for (int k = 0; k < bl.length; k++) {
            if (types[k].base != null) {
                base = types[k].base;
            }
            for (int j = 0; j < bl[k]; j++) {
                copiesInto(out, types[k], disp[k] + j * types[k].extent());
            }
            d.append(k == 0 ? "" : ", ").append(bl[k]).append('@').append(disp[k]).append(':').append(types[k].description);
        }
        return new RefType(base, out, d.append(')').toString());
    }

    // ---- the reference packer ----

    /** Array index of message element e of count items at offset. */
    long index(int offset, long e) {
        long[] data = data();
        return offset + (e / data.length) * extent() + data[(int) (e % data.length)];
    }

    /** Every array index the message touches, in stream order. */
    long[] indices(int offset, int count) {
        long[] data = data();
        long[] out = new long[count * data.length];
        for (int i = 0; i < count; i++) {
            for (int k = 0; k < data.length; k++) {
                out[i * data.length + k] = offset + i * extent() + data[k];
            }
        }
        return out;
    }

    byte[] pack(Object array, int offset, int count) {
        long[] idx = indices(offset, count);
        ByteBuffer out = ByteBuffer.allocate(idx.length * base.size()).order(ByteOrder.nativeOrder());
        for (long i : idx) {
            Values.put(out, array, (int) i);
        }
        return out.array();
    }

    void unpack(byte[] bytes, Object array, int offset, int count) {
        long[] idx = indices(offset, count);
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.nativeOrder());
        for (int k = 0; k < idx.length && in.remaining() > 0; k++) {
            Values.get(in, array, (int) idx[k]);
        }
    }

    @Override
    public String toString() {
        return description;
    }
}
