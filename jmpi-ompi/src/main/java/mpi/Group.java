package mpi;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import jmpi.core.ErrorClass;

/**
 * A group of ranks (Open MPI Java API): an ordered list of world ranks. Immutable but for {@link #free()}.
 */
public final class Group implements Freeable {
    private volatile int[] members;
    private final int self;

    Group(int[] worldRanks, int selfWorldRank) {
        this.members = worldRanks;
        this.self = selfWorldRank;
    }

    /** MPI.GROUP_EMPTY. */
    static Group empty() {
        return new Group(new int[0], -1);
    }

    int[] members() throws MPIException {
        MPI.check();
        int[] m = members;
        if (m == null) {
            throw MPIException.of(ErrorClass.ERR_GROUP, "the group has been freed");
        }
        return m;
    }

    private static int[] of(Group g, String what) throws MPIException {
        if (g == null) {
            throw MPIException.of(ErrorClass.ERR_GROUP, what + " is null");
        }
        return g.members();
    }

    private Group with(int[] worldRanks) {
        return new Group(worldRanks, self);
    }

    /** MPI_Group_size. */
    public int getSize() throws MPIException {
        return members().length;
    }

    /** MPI_Group_rank: this rank's rank in the group, or MPI.UNDEFINED. */
    public int getRank() throws MPIException {
        int[] m = members();
        for (int i = 0; i < m.length; i++) {
            if (m[i] == self) {
                return i;
            }
        }
        return MPI.UNDEFINED;
    }

    /** MPI_Group_free. */
    @Override
    public void free() throws MPIException {
        MPI.check();
        if (this == MPI.GROUP_EMPTY) {
            return;
        }
        members = null;
    }

    public boolean isNull() {
        return members == null;
    }

    /** MPI_Group_translate_ranks: each of {@code ranks1} in {@code group2} (MPI.UNDEFINED if absent; PROC_NULL stays). */
    public static int[] translateRanks(Group group1, int[] ranks1, Group group2) throws MPIException {
        int[] a = of(group1, "group1");
        int[] b = of(group2, "group2");
        if (ranks1 == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "translateRanks: ranks1 is null");
        }
        int[] out = new int[ranks1.length];
        for (int i = 0; i < ranks1.length; i++) {
            int r = ranks1[i];
            if (r == MPI.PROC_NULL) {
                out[i] = MPI.PROC_NULL;
                continue;
            }
            if (r < 0 || r >= a.length) {
                throw MPIException.of(ErrorClass.ERR_RANK, "translateRanks: rank " + r + " is not in group1 (size "
                        + a.length + ")");
            }
            out[i] = MPI.UNDEFINED;
            for (int j = 0; j < b.length; j++) {
                if (b[j] == a[r]) {
                    out[i] = j;
                    break;
                }
            }
        }
        return out;
    }

    /** MPI_Group_compare: MPI.IDENT (same members, same order), MPI.SIMILAR (same members) or MPI.UNEQUAL. */
    public static int compare(Group group1, Group group2) throws MPIException {
        int[] a = of(group1, "group1");
        int[] b = of(group2, "group2");
        if (Arrays.equals(a, b)) {
            return MPI.IDENT;
        }
        int[] x = a.clone();
        int[] y = b.clone();
        Arrays.sort(x);
        Arrays.sort(y);
        return Arrays.equals(x, y) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** MPI_Group_union: group1's members, then group2's not in group1. */
    public static Group union(Group group1, Group group2) throws MPIException {
        Set<Integer> s = new LinkedHashSet<>();
        for (int r : of(group1, "group1")) {
            s.add(r);
        }
        for (int r : of(group2, "group2")) {
            s.add(r);
        }
        return group1.with(s.stream().mapToInt(Integer::intValue).toArray());
    }

    /** MPI_Group_intersection: group1's members that are in group2, in group1's order. */
    public static Group intersection(Group group1, Group group2) throws MPIException {
        Set<Integer> b = set(of(group2, "group2"));
        return group1.with(Arrays.stream(of(group1, "group1")).filter(b::contains).toArray());
    }

    /** MPI_Group_difference: group1's members not in group2, in group1's order. */
    public static Group difference(Group group1, Group group2) throws MPIException {
        Set<Integer> b = set(of(group2, "group2"));
        return group1.with(Arrays.stream(of(group1, "group1")).filter(r -> !b.contains(r)).toArray());
    }

    private static Set<Integer> set(int[] a) {
        Set<Integer> s = new LinkedHashSet<>();
        for (int r : a) {
            s.add(r);
        }
        return s;
    }

    /** MPI_Group_incl: the members at {@code ranks}, in that order (distinct, valid ranks). */
    public Group incl(int[] ranks) throws MPIException {
        int[] m = members();
        check("incl", ranks, m.length);
        int[] out = new int[ranks.length];
        for (int i = 0; i < ranks.length; i++) {
            out[i] = m[ranks[i]];
        }
        return with(out);
    }

    /** MPI_Group_excl: the members not at {@code ranks}, in group order. */
    public Group excl(int[] ranks) throws MPIException {
        int[] m = members();
        check("excl", ranks, m.length);
        boolean[] drop = new boolean[m.length];
        for (int r : ranks) {
            drop[r] = true;
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < m.length; i++) {
            if (!drop[i]) {
                out.add(m[i]);
            }
        }
        return with(out.stream().mapToInt(Integer::intValue).toArray());
    }

    /** MPI_Group_range_incl: ranges {first, last, stride}. */
    public Group rangeIncl(int[][] ranges) throws MPIException {
        return incl(expand("rangeIncl", ranges, members().length));
    }

    /** MPI_Group_range_excl. */
    public Group rangeExcl(int[][] ranges) throws MPIException {
        return excl(expand("rangeExcl", ranges, members().length));
    }

    private static void check(String call, int[] ranks, int size) throws MPIException {
        if (ranks == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": ranks is null");
        }
        boolean[] seen = new boolean[size];
        for (int r : ranks) {
            if (r < 0 || r >= size) {
                throw MPIException.of(ErrorClass.ERR_RANK, call + ": rank " + r + " is not in 0.." + (size - 1));
            }
            if (seen[r]) {
                throw MPIException.of(ErrorClass.ERR_RANK, call + ": rank " + r + " is given twice");
            }
            seen[r] = true;
        }
    }

    private static int[] expand(String call, int[][] ranges, int size) throws MPIException {
        if (ranges == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": ranges is null");
        }
        List<Integer> out = new ArrayList<>();
        for (int[] t : ranges) {
            if (t == null || t.length < 3) {
                throw MPIException.of(ErrorClass.ERR_ARG, call + ": a range is not {first, last, stride}");
            }
            int first = t[0];
            int last = t[1];
            int stride = t[2];
            if (stride == 0) {
                throw MPIException.of(ErrorClass.ERR_ARG, call + ": stride 0");
            }
            if ((stride > 0 && first > last) || (stride < 0 && first < last)) {
                continue; // an empty range
            }
            for (long r = first; stride > 0 ? r <= last : r >= last; r += stride) {
                if (r < 0 || r >= size) {
                    throw MPIException.of(ErrorClass.ERR_RANK, call + ": rank " + r + " of range {" + first + ", " + last
                            + ", " + stride + "} is not in 0.." + (size - 1));
                }
                out.add((int) r);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
