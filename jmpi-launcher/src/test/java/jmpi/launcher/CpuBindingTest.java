package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The kernel's CPU lists as {@link CpuBinding} reads them; binding itself is tested through jmpirun (JmpirunCliTest). */
class CpuBindingTest {
    @Test
    void cpuListsOfEveryShape() {
        assertEquals(List.of(0), CpuBinding.parseCpuList("0"));
        assertEquals(List.of(0, 1, 2, 3), CpuBinding.parseCpuList("0-3"));
        assertEquals(List.of(0, 1, 4, 6, 7), CpuBinding.parseCpuList("0-1,4,6-7"));
        assertEquals(List.of(5, 6), CpuBinding.parseCpuList("5,6"));
        assertEquals(List.of(1023), CpuBinding.parseCpuList("1023"));
    }

    @Test
    void malformedListsAreRefusedNamingThePart() {
        for (String bad : new String[] {"", "3-1", "a", "1,1", "-1", "2,1", "0-", "0,,1"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuBinding.parseCpuList(bad),
                    "'" + bad + "'");
            assertTrue(e.getMessage().contains("CPU list"), e.getMessage());
        }
    }

    @Test
    void cpusAreDealtOutInConsecutiveSharesTheFirstOnesLarger() {
        List<Integer> eight = List.of(0, 1, 2, 3, 8, 9, 10, 11);
        assertEquals("[[0, 1, 2, 3, 8, 9, 10, 11]]", deepString(CpuBinding.shares(eight, 1)));
        assertEquals("[[0, 1, 2, 3], [8, 9, 10, 11]]", deepString(CpuBinding.shares(eight, 2)));
        assertEquals("[[0, 1, 2], [3, 8, 9], [10, 11]]", deepString(CpuBinding.shares(eight, 3)));
        assertEquals("[[0], [1], [2], [3], [8], [9], [10], [11]]", deepString(CpuBinding.shares(eight, 8)));
        assertEquals("[[4], [6]]", deepString(CpuBinding.shares(List.of(4, 6), 2)));
        assertEquals("[[0, 1], [2]]", deepString(CpuBinding.shares(List.of(0, 1, 2), 2)));
        assertThrows(IllegalArgumentException.class, () -> CpuBinding.shares(eight, 9));
        assertThrows(IllegalArgumentException.class, () -> CpuBinding.shares(eight, 0));
    }

    private static String deepString(int[][] plan) {
        return java.util.Arrays.deepToString(plan);
    }

    @Test
    void thisProcessMayRunOnSomeCpu() throws Exception {
        if (System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).startsWith("linux")) {
            List<Integer> cpus = CpuBinding.allowedCpus();
            assertTrue(!cpus.isEmpty() && cpus.size() <= Runtime.getRuntime().availableProcessors() + 1024, cpus.toString());
        }
    }
}
