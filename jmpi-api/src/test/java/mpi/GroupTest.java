package mpi;

import static mpi.Errors.fails;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@link Group}'s set operations and rank arithmetic, all local (a group is made here from world ranks
 * and the caller's world rank). Single-threaded.
 */
class GroupTest {
    /** World ranks 10..17 seen by world rank 13. */
    private static Group world() {
        return new Group(new int[] {10, 11, 12, 13, 14, 15, 16, 17}, 13);
    }

    private static int[] members(Group g) {
        int[] all = new int[g.Size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return Group.Translate_ranks(g, all, world());
    }

    @Test
    void sizeAndRank() {
        Group w = world();
        assertEquals(8, w.Size());
        assertEquals(3, w.Rank());
        assertEquals(MPI.UNDEFINED, w.Incl(new int[] {0, 1}).Rank(), "not a member");
        assertEquals(0, MPI.GROUP_EMPTY.Size());
        assertEquals(MPI.UNDEFINED, MPI.GROUP_EMPTY.Rank());
    }

    @Test
    void inclKeepsTheGivenOrderAndExclTheGroups() {
        Group w = world();
        Group incl = w.Incl(new int[] {6, 3, 0});
        assertArrayEquals(new int[] {6, 3, 0}, members(incl));
        assertEquals(1, incl.Rank());
        assertArrayEquals(new int[] {1, 2, 4, 5, 7}, members(w.Excl(new int[] {6, 3, 0})));
        assertEquals(0, w.Incl(new int[0]).Size());
        assertEquals(8, w.Excl(new int[0]).Size());
    }

    @Test
    void unionIntersectionDifferenceKeepTheFirstGroupsOrder() {
        Group w = world();
        Group a = w.Incl(new int[] {5, 1, 3});
        Group b = w.Incl(new int[] {3, 7, 5, 0});
        assertArrayEquals(new int[] {5, 1, 3, 7, 0}, members(Group.Union(a, b)));
        assertArrayEquals(new int[] {5, 3}, members(Group.Intersection(a, b)));
        assertArrayEquals(new int[] {3, 5}, members(Group.Intersection(b, a)));
        assertArrayEquals(new int[] {1}, members(Group.Difference(a, b)));
        assertArrayEquals(new int[] {7, 0}, members(Group.Difference(b, a)));
        assertEquals(0, Group.Intersection(a, MPI.GROUP_EMPTY).Size());
        assertArrayEquals(new int[] {5, 1, 3}, members(Group.Union(a, MPI.GROUP_EMPTY)));
    }

    @Test
    void compareIsIdentSimilarOrUnequal() {
        Group w = world();
        assertEquals(MPI.IDENT, Group.Compare(w, world()));
        assertEquals(MPI.SIMILAR, Group.Compare(w.Incl(new int[] {0, 1}), w.Incl(new int[] {1, 0})));
        assertEquals(MPI.UNEQUAL, Group.Compare(w.Incl(new int[] {0, 1}), w.Incl(new int[] {0, 2})));
        assertEquals(MPI.UNEQUAL, Group.Compare(w.Incl(new int[] {0, 1}), w.Incl(new int[] {0})));
    }

    @Test
    void translateMapsNonMembersToUndefinedAndProcNullToItself() {
        Group w = world();
        Group odd = w.Incl(new int[] {1, 3, 5, 7});
        assertArrayEquals(new int[] {MPI.UNDEFINED, 0, MPI.UNDEFINED, 3, MPI.PROC_NULL},
                Group.Translate_ranks(w, new int[] {0, 1, 2, 7, MPI.PROC_NULL}, odd));
        fails(MPI.ERR_RANK, "ranks1[0]", () -> Group.Translate_ranks(odd, new int[] {4}, w));
        fails(MPI.ERR_ARG, "ranks1 is null", () -> Group.Translate_ranks(odd, null, w));
    }

    @Test
    void rangesNameTheComputedRanks() {
        Group w = world();
        assertArrayEquals(new int[] {5, 7}, members(w.Range_incl(new int[][] {{5, 8, 2}})), "last need not be a rank");
        assertArrayEquals(new int[] {6, 4, 2, 0}, members(w.Range_incl(new int[][] {{6, 0, -2}})));
        assertArrayEquals(new int[] {1, 2, 7}, members(w.Range_incl(new int[][] {{1, 2, 1}, {7, 7, 1}})));
        assertEquals(0, w.Range_incl(new int[][] {{5, 2, 1}}).Size(), "last before first in the stride's direction");
        assertArrayEquals(new int[] {1, 3, 5, 7}, members(w.Range_excl(new int[][] {{0, 6, 2}})));
    }

    @Test
    void badRangesAreErrorsNamingTheTriplet() {
        Group w = world();
        fails(MPI.ERR_ARG, "ranges[0] has stride 0", () -> w.Range_incl(new int[][] {{0, 3, 0}}));
        fails(MPI.ERR_ARG, "ranges[1] must be a triplet", () -> w.Range_incl(new int[][] {{0, 1, 1}, {2, 3}}));
        fails(MPI.ERR_RANK, "computes rank 8", () -> w.Range_incl(new int[][] {{6, 9, 2}}));
        fails(MPI.ERR_RANK, "appears twice", () -> w.Range_excl(new int[][] {{0, 2, 1}, {2, 2, 1}}));
        fails(MPI.ERR_ARG, "ranges is null", () -> w.Range_incl(null));
    }

    @Test
    void badRankListsAreErrors() {
        Group w = world();
        fails(MPI.ERR_RANK, "rank 2 appears twice", () -> w.Incl(new int[] {2, 2}));
        fails(MPI.ERR_RANK, "ranks[1]", () -> w.Excl(new int[] {0, 8}));
        fails(MPI.ERR_RANK, "ranks[0]", () -> w.Incl(new int[] {-1}));
        fails(MPI.ERR_ARG, "ranks is null", () -> w.Incl(null));
    }

    @Test
    void freedAndNullGroupsAreErrors() {
        Group g = world().Incl(new int[] {0});
        g.Free();
        fails(MPI.ERR_GROUP, "freed", g::Size);
        fails(MPI.ERR_GROUP, "freed", g::Free);
        fails(MPI.ERR_GROUP, "null group", MPI.GROUP_NULL::Size);
        fails(MPI.ERR_GROUP, "MPI.GROUP_EMPTY cannot be freed", MPI.GROUP_EMPTY::Free);
        fails(MPI.ERR_GROUP, "group2 is null", () -> Group.Union(world(), null));
    }
}
