package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Blocks} and {@link Halving}'s block and rank arithmetic. */
class ArithmeticTest {
    @Test
    void blocksLaidEndToEnd() {
        assertArrayEquals(new int[] {3, 3, 3}, Blocks.counts(3, 3));
        assertArrayEquals(new int[] {0, 3, 6}, Blocks.displs(3, 3));
        assertArrayEquals(Blocks.displs(4, 5), Blocks.displs(Blocks.counts(4, 5)));
        assertArrayEquals(new int[] {0, 2, 2, 7}, Blocks.displs(new int[] {2, 0, 5, 1}));
        assertArrayEquals(new int[0], Blocks.displs(new int[0]));
    }

    @Test
    void halvingCutsNearEqualBlocksAtUnitMultiples() {
        assertArrayEquals(new int[] {3, 3, 2, 2}, Halving.blockCounts(10, 1, 4));
        assertArrayEquals(new int[] {4, 2, 2, 2}, Halving.blockCounts(10, 2, 4), "5 units of 2 in 4 blocks");
        assertArrayEquals(new int[] {1, 1, 1, 1}, Halving.blockCounts(4, 1, 4));
        for (int count = 0; count < 70; count++) {
            for (int pof2 = 1; pof2 <= 16; pof2 <<= 1) {
                int[] c = Halving.blockCounts(count, 1, pof2);
                int sum = 0;
                for (int i = 0; i < pof2; i++) {
                    sum += c[i];
                    assertTrue(c[i] == c[0] || c[i] == c[0] - 1, "near equal, larger first: " + count + "/" + pof2);
                }
                assertEquals(count, sum);
            }
        }
    }

    @Test
    void foldedRanksMapBackAndForth() {
        for (int p = 1; p <= 33; p++) {
            int pof2 = Integer.highestOneBit(p);
            int rem = p - pof2;
            boolean[] seen = new boolean[pof2];
            int folded = 0;
            for (int me = 0; me < p; me++) {
                int n = Halving.newRank(me, rem);
                if (n < 0) {
                    folded++;
                    assertTrue(me < 2 * rem && me % 2 == 0, "only even ranks below 2 rem fold away");
                } else {
                    assertEquals(me, Halving.rankOf(n, rem), "p=" + p + " rank " + me);
                    assertTrue(!seen[n]);
                    seen[n] = true;
                }
            }
            assertEquals(rem, folded);
        }
    }

    @Test
    void halvingAlgorithmsNeedACommutativeOperationAndOneElementPerBlock() {
        assertTrue(Halving.unusable(new Problem(6, 64, 8, false)).contains("commutative"));
        assertTrue(Halving.unusable(new Problem(6, 24, 3, true)).contains("at least 4 elements"));
        assertNull(Halving.unusable(new Problem(6, 32, 4, true)));
    }
}
