package mpjbuf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Regions}: the indexes of multi-strided regions (last index fastest) and every refused argument. */
class RegionsTest {
    @Test
    void regionsListTheirIndexesInOrder() throws IllegalArgumentException {
        int[] shape = {2, 3, 10, 1}; // extents 2, 3 at 0; strides 10, 1 at 2
        assertArrayEquals(new int[] {5, 6, 7, 15, 16, 17}, Regions.region(20, 5, 2, 0, 2, shape, "source"));
        assertArrayEquals(new int[] {4}, Regions.region(5, 4, 0, 0, 0, shape, "source")); // rank 0: one element
        assertArrayEquals(new int[] {9, 7, 5}, Regions.region(10, 9, 1, 0, 1, new int[] {3, -2}, "dest"));
        assertArrayEquals(new int[0], Regions.region(10, 0, 2, 0, 2, new int[] {4, 0, 1, 1}, "dest"));
    }

    @Test
    void badArgumentsNameWhatWasWrong() {
        assertMessage("negative rank", assertThrows(IllegalArgumentException.class,
                () -> Regions.region(10, 0, -1, 0, 0, new int[0], "source")));
        assertMessage("outside the dest array of length 10", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.region(10, 5, 1, 0, 1, new int[] {3, 3}, "dest")));
        assertMessage("outside the source array", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.region(10, 1, 1, 0, 1, new int[] {3, -2}, "source")));
        assertMessage("negative extent", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.region(10, 0, 1, 0, 1, new int[] {-1, 1}, "source")));
        assertMessage("shape (strides)", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.region(10, 0, 2, 0, 2, new int[] {1, 1, 1}, "source")));
        assertMessage("negative element count", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.checkRange(10, 0, -1, "source")));
        assertMessage("elements [8, 11)", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.checkRange(10, 8, 3, "source")));
        assertMessage("indexes[2] = 10", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.checkIndexes(10, 2, 1, new int[] {0, 9, 10}, "dest")));
        assertMessage("indexes array", assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> Regions.checkIndexes(10, 3, 1, new int[] {0, 9, 1}, "dest")));
    }

    private static void assertMessage(String part, Exception e) {
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
