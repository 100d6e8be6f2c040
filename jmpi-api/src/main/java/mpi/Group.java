package mpi;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * An ordered set of processes (mpiJava 1.2 {@code Group}): made from a communicator
 * ({@link Comm#Group}) or from other groups; used to make communicators ({@link Intracomm#Create}).
 * A local object: no call here communicates. Errors go to {@code MPI.COMM_WORLD}'s error handler.
 */
public class Group {
    /** World ranks of the members, in group rank order; null once freed. */
    private int[] members;
    /** The calling rank's world rank. */
    private final int self;

    Group(int[] worldRanks, int self) {
        this.members = worldRanks;
        this.self = self;
    }

    /** MPI.GROUP_NULL: a group that never had members (every use is ERR_GROUP). */
    static Group nullGroup() {
        return new Group(null, -1);
    }

    int[] members() {
        if (members == null) {
            throw new MpiError(ErrorClass.ERR_GROUP, this == MPI.GROUP_NULL ? "MPI.GROUP_NULL is the null group"
                    : "the group has been freed");
        }
        return members;
    }

    private static MPIException raise(MpiError e) {
        return MPI.COMM_WORLD.raise(e);
    }

    private static int[] of(Group g, String what) {
        if (g == null) {
            throw new MpiError(ErrorClass.ERR_GROUP, what + " is null");
        }
        return g.members();
    }

    /** MPI_Group_size. */
    public int Size() {
        try {
            return members().length;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_rank: the calling process's rank in this group, or {@link MPI#UNDEFINED}. */
    public int Rank() {
        try {
            int i = indexOf(members(), self);
            return i < 0 ? MPI.UNDEFINED : i;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_free. Using the group afterwards is an {@code ERR_GROUP} error. */
    public void Free() {
        try {
            if (this == MPI.GROUP_EMPTY) {
                throw new MpiError(ErrorClass.ERR_GROUP, "MPI.GROUP_EMPTY cannot be freed");
            }
            members();
            members = null;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPJ Express's name for {@link #Free()}. */
    public void free() {
        Free();
    }

    /**
     * MPI_Group_translate_ranks: the rank in {@code group2} of each of {@code ranks1} (ranks of
     * {@code group1}), {@link MPI#UNDEFINED} where it is not a member; {@link MPI#PROC_NULL} maps to itself.
     */
    public static int[] Translate_ranks(Group group1, int[] ranks1, Group group2) {
        try {
            int[] a = of(group1, "group1");
            int[] b = of(group2, "group2");
            if (ranks1 == null) {
                throw new MpiError(ErrorClass.ERR_ARG, "ranks1 is null");
            }
            int[] out = new int[ranks1.length];
            for (int i = 0; i < ranks1.length; i++) {
                if (ranks1[i] == MPI.PROC_NULL) {
                    out[i] = MPI.PROC_NULL;
                    continue;
                }
                Checks.rankIn("ranks1[" + i + "]", ranks1[i], a.length);
                int j = indexOf(b, a[ranks1[i]]);
                out[i] = j < 0 ? MPI.UNDEFINED : j;
            }
            return out;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_compare: IDENT (same members, same order), SIMILAR (same members), or UNEQUAL. */
    public static int Compare(Group group1, Group group2) {
        try {
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
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_union: the members of {@code group1} in order, then those of {@code group2} not in it. */
    public static Group Union(Group group1, Group group2) {
        try {
            Set<Integer> s = new LinkedHashSet<>();
            for (int w : of(group1, "group1")) {
                s.add(w);
            }
            for (int w : of(group2, "group2")) {
                s.add(w);
            }
            return new Group(s.stream().mapToInt(Integer::intValue).toArray(), group1.self);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_intersection: the members of {@code group1} (in its order) that are in {@code group2}. */
    public static Group Intersection(Group group1, Group group2) {
        try {
            int[] b = of(group2, "group2");
            return new Group(Arrays.stream(of(group1, "group1")).filter(w -> indexOf(b, w) >= 0).toArray(), group1.self);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_difference: the members of {@code group1} (in its order) that are not in {@code group2}. */
    public static Group Difference(Group group1, Group group2) {
        try {
            int[] b = of(group2, "group2");
            return new Group(Arrays.stream(of(group1, "group1")).filter(w -> indexOf(b, w) < 0).toArray(), group1.self);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_incl: the members at {@code ranks}, in that order (distinct, each a rank of this group). */
    public Group Incl(int[] ranks) {
        try {
            int[] m = members();
            checkDistinct(ranks, m.length);
            int[] out = new int[ranks.length];
            for (int i = 0; i < ranks.length; i++) {
                out[i] = m[ranks[i]];
            }
            return new Group(out, self);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_excl: the members not at {@code ranks} (distinct, each a rank of this group), in order. */
    public Group Excl(int[] ranks) {
        try {
            int[] m = members();
            boolean[] drop = checkDistinct(ranks, m.length);
            int[] out = new int[m.length - ranks.length];
            for (int i = 0, j = 0; i < m.length; i++) {
                if (!drop[i]) {
                    out[j++] = m[i];
                }
            }
            return new Group(out, self);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Group_range_incl: {@code ranges} holds triplets (first, last, stride); the members at
     * first, first + stride, ..., first + floor((last - first) / stride) * stride, triplet after triplet.
     * As MPI says, the <em>computed</em> ranks must be valid and distinct ({@code ERR_RANK} otherwise):
     * {@code last} need not be one ({5, 8, 2} in a group of 8 is ranks 5 and 7); the stride may be
     * negative but not 0 ({@code ERR_ARG}); a triplet whose last lies before its first in the stride's
     * direction names no rank.
     */
    public Group Range_incl(int[][] ranges) {
        try {
            return Incl(expand(ranges, members().length));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Group_range_excl: every member except those the triplets of {@code ranges} name (as for {@link #Range_incl}). */
    public Group Range_excl(int[][] ranges) {
        try {
            return Excl(expand(ranges, members().length));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private static int[] expand(int[][] ranges, int size) {
        if (ranges == null) {
            throw new MpiError(ErrorClass.ERR_ARG, "ranges is null");
        }
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int t = 0; t < ranges.length; t++) {
            int[] r = ranges[t];
            if (r == null || r.length != 3) {
                throw new MpiError(ErrorClass.ERR_ARG, "ranges[" + t + "] must be a triplet (first, last, stride)");
            }
            long first = r[0];
            long last = r[1];
            long stride = r[2];
            if (stride == 0) {
                throw new MpiError(ErrorClass.ERR_ARG, "ranges[" + t + "] has stride 0");
            }
            long n = Math.floorDiv(last - first, stride) + 1; // ranks first + i * stride for 0 <= i < n
            for (long i = 0; i < n; i++) {
                long k = first + i * stride;
                if (k < 0 || k >= size) {
                    throw new MpiError(ErrorClass.ERR_RANK, "ranges[" + t + "] = {" + r[0] + ", " + r[1] + ", " + r[2]
                            + "} computes rank " + k + ", not a rank of a group of " + size);
                }
                out.add((int) k);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static boolean[] checkDistinct(int[] ranks, int size) {
        if (ranks == null) {
            throw new MpiError(ErrorClass.ERR_ARG, "ranks is null");
        }
        boolean[] seen = new boolean[size];
        for (int i = 0; i < ranks.length; i++) {
            Checks.rankIn("ranks[" + i + "]", ranks[i], size);
            if (seen[ranks[i]]) {
                throw new MpiError(ErrorClass.ERR_RANK, "rank " + ranks[i] + " appears twice in ranks");
            }
            seen[ranks[i]] = true;
        }
        return seen;
    }

    static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }
}
