package jmpi.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplitterTest {
    @Test
    void everyIndexOnceNearEqualRemainderFirst() {
        for (int from : new int[] {0, 1, -7, 1000}) {
            for (int n = 0; n <= 130; n++) {
                for (int parts = 1; parts <= 17; parts++) {
                    int to = from + n;
                    int[] seen = new int[n];
                    int expectedStart = from;
                    int small = n / parts;
                    int rem = n % parts;
                    for (int k = 0; k < parts; k++) {
                        int s = Splitter.start(from, to, parts, k);
                        int e = Splitter.end(from, to, parts, k);
                        assertEquals(expectedStart, s, "chunks are contiguous");
                        assertEquals(k < rem ? small + 1 : small, e - s, "the remainder goes to the first chunks");
                        assertEquals(e - s, Splitter.size(from, to, parts, k));
                        for (int i = s; i < e; i++) {
                            seen[i - from]++;
                        }
                        expectedStart = e;
                    }
                    assertEquals(to, expectedStart);
                    for (int c : seen) {
                        assertEquals(1, c);
                    }
                }
            }
        }
    }

    @Test
    void chunkSizesDifferByAtMostOne() {
        int max = 0;
        int min = Integer.MAX_VALUE;
        for (int k = 0; k < 7; k++) {
            int size = Splitter.size(0, 100, 7, k);
            max = Math.max(max, size);
            min = Math.min(min, size);
        }
        assertTrue(max - min <= 1);
        assertEquals(15, Splitter.size(0, 100, 7, 0)); // 100 = 7 * 14 + 2: two chunks of 15
        assertEquals(15, Splitter.size(0, 100, 7, 1));
        assertEquals(14, Splitter.size(0, 100, 7, 2));
    }

    @Test
    void hugeRangesDoNotOverflow() {
        assertEquals(Integer.MAX_VALUE, Splitter.end(Integer.MIN_VALUE, Integer.MAX_VALUE, 3, 2));
        int s = Splitter.start(Integer.MIN_VALUE, Integer.MAX_VALUE, 2, 1);
        assertEquals(0, s); // 2^32 - 1 indices: the first chunk has 2^31, one more than the second
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> Splitter.start(0, 10, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> Splitter.start(0, 10, 2, 3));
        assertThrows(IllegalArgumentException.class, () -> Splitter.end(0, 10, 2, 2));
        assertThrows(IllegalArgumentException.class, () -> Splitter.start(10, 0, 2, 0));
    }
}
