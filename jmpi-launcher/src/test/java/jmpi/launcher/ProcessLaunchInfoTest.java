package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

class ProcessLaunchInfoTest {
    private static final String SECRET = "00112233445566778899aabbccddeeff";

    @Test
    void jmpirunVariables() {
        Map<String, String> env = Map.of("JMPI_RANK", "2", "JMPI_SIZE", "4", "JMPI_LOCAL_SIZE", "4", "JMPI_BOOT", "127.0.0.1:5000",
                "JMPI_SECRET", SECRET, "JMPI_JOB_ID", "abc-1", "JMPI_TRANSPORT", "shm", "SLURM_PROCID", "7");
        assertTrue(ProcessLaunchInfo.present(env::get));
        ProcessLaunchInfo i = ProcessLaunchInfo.fromEnvironment(env::get);
        assertEquals(2, i.rank(), "JMPI_RANK wins over SLURM_PROCID");
        assertEquals(4, i.size());
        assertEquals(4, i.localSize());
        assertEquals("127.0.0.1:5000", i.boot());
        assertArrayEquals(java.util.HexFormat.of().parseHex(SECRET), i.secret());
        assertEquals("abc-1", i.jobId());
        assertEquals("shm", i.transport());
    }

    @Test
    void slurmVariablesWithTheBootstrapGivenByTheUser() {
        Map<String, String> env = Map.of("SLURM_PROCID", "5", "SLURM_NTASKS", "11", "SLURM_TASKS_PER_NODE", "4(x2),3",
                "SLURM_NODEID", "2", "SLURM_JOB_ID", "991", "SLURM_STEP_ID", "0", "JMPI_BOOT", "node1:7000", "JMPI_SECRET", SECRET);
        ProcessLaunchInfo i = ProcessLaunchInfo.fromEnvironment(env::get);
        assertEquals(5, i.rank());
        assertEquals(11, i.size());
        assertEquals(3, i.localSize());
        assertEquals("slurm-991-0", i.jobId());
        assertEquals("auto", i.transport());
    }

    /** JMPI_CLUSTER from jmpirun or set by the user (under srun); absent or blank: none; a bad name is an error naming it. */
    @Test
    void theClusterName() {
        Map<String, String> base = Map.of("SLURM_PROCID", "1", "SLURM_NTASKS", "4", "SLURM_JOB_ID", "7",
                "JMPI_BOOT", "node1:7000", "JMPI_SECRET", SECRET);
        java.util.HashMap<String, String> env = new java.util.HashMap<>(base);
        assertEquals(null, ProcessLaunchInfo.fromEnvironment(env::get).cluster());
        env.put("JMPI_CLUSTER", "  ");
        assertEquals(null, ProcessLaunchInfo.fromEnvironment(env::get).cluster());
        env.put("JMPI_CLUSTER", " site-a.grid ");
        assertEquals("site-a.grid", ProcessLaunchInfo.fromEnvironment(env::get).cluster());
        env.put("JMPI_CLUSTER", "a b");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        assertTrue(e.getMessage().contains("JMPI_CLUSTER") && e.getMessage().contains("'a b'"), e.getMessage());
        env.put("JMPI_CLUSTER", "-");
        e = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        assertTrue(e.getMessage().contains("not a cluster name"), e.getMessage());
    }

    @Test
    void severalRanksAHostNameAndTheSecretOnStandardInput() {
        Map<String, String> env = Map.of("JMPI_RANK", "4", "JMPI_RANKS", "2", "JMPI_SIZE", "6", "JMPI_BOOT", "10.0.0.1:5000",
                "JMPI_SECRET", "-", "JMPI_JOB_ID", "j", "JMPI_HOST", "node7");
        ProcessLaunchInfo i = ProcessLaunchInfo.fromEnvironment(env::get, () -> SECRET + "\r");
        assertEquals(4, i.rank());
        assertEquals(2, i.ranks());
        assertEquals("node7", i.host());
        assertArrayEquals(java.util.HexFormat.of().parseHex(SECRET), i.secret());
        IllegalStateException tooMany = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                Map.of("JMPI_RANK", "5", "JMPI_RANKS", "2", "JMPI_SIZE", "6", "JMPI_BOOT", "h:1", "JMPI_SECRET", SECRET,
                        "JMPI_JOB_ID", "j")::get));
        assertTrue(tooMany.getMessage().contains("JMPI_RANKS=2 from rank 5"), tooMany.getMessage());
        IllegalStateException noLine = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                env::get, () -> ""));
        assertTrue(noLine.getMessage().contains("standard input holds no secret"), noLine.getMessage());
    }

    /** JMPI_LOCAL_RANK (else SLURM_LOCALID) and JMPI_BIND: read, defaulted, and refused when they do not fit. */
    @Test
    void theLocalRankAndTheBinding() {
        Map<String, String> base = Map.of("JMPI_RANK", "3", "JMPI_SIZE", "6", "JMPI_LOCAL_SIZE", "3", "JMPI_BOOT", "h:1",
                "JMPI_SECRET", SECRET, "JMPI_JOB_ID", "j");
        java.util.HashMap<String, String> env = new java.util.HashMap<>(base);
        ProcessLaunchInfo none = ProcessLaunchInfo.fromEnvironment(env::get);
        assertEquals(-1, none.localRank());
        assertEquals(null, none.bind());
        env.put("SLURM_LOCALID", "1");
        assertEquals(1, ProcessLaunchInfo.fromEnvironment(env::get).localRank());
        env.put("JMPI_LOCAL_RANK", "2");
        env.put("JMPI_BIND", "core");
        ProcessLaunchInfo core = ProcessLaunchInfo.fromEnvironment(env::get);
        assertEquals(2, core.localRank(), "JMPI_LOCAL_RANK wins over SLURM_LOCALID");
        assertEquals("core", core.bind());
        env.put("JMPI_BIND", "auto");
        assertEquals("auto", ProcessLaunchInfo.fromEnvironment(env::get).bind());
        env.put("JMPI_BIND", "none");
        assertEquals(null, ProcessLaunchInfo.fromEnvironment(env::get).bind());
        env.put("JMPI_BIND", "socket");
        IllegalStateException socket = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        assertTrue(socket.getMessage().contains("JMPI_BIND must be core, auto or none, not 'socket'"), socket.getMessage());
        env.remove("JMPI_BIND");
        env.put("JMPI_LOCAL_RANK", "3"); // the host has ranks 0..2
        IllegalStateException outside = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        assertTrue(outside.getMessage().contains("JMPI_LOCAL_RANK=3"), outside.getMessage());
        env.put("JMPI_LOCAL_RANK", "1");
        env.put("JMPI_RANKS", "3"); // ranks 3..5 would be local ranks 1..3 of 3
        assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        env.put("JMPI_LOCAL_RANK", "x");
        env.remove("JMPI_RANKS");
        IllegalStateException nan = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(env::get));
        assertTrue(nan.getMessage().contains("JMPI_LOCAL_RANK must be a number"), nan.getMessage());
    }

    @Test
    void slurmTaskListsDecompress() {
        assertEquals(4, ProcessLaunchInfo.slurmTasksOnNode("4(x2),3", 0));
        assertEquals(4, ProcessLaunchInfo.slurmTasksOnNode("4(x2),3", 1));
        assertEquals(3, ProcessLaunchInfo.slurmTasksOnNode("4(x2),3", 2));
        assertEquals(16, ProcessLaunchInfo.slurmTasksOnNode("16", 0));
    }

    @Test
    void missingOrBadVariablesAreNamed() {
        assertFalse(ProcessLaunchInfo.present(Map.<String, String>of()::get));
        IllegalStateException noRank = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                Map.of("JMPI_BOOT", "h:1", "JMPI_SIZE", "2", "JMPI_SECRET", SECRET, "JMPI_JOB_ID", "j")::get));
        assertTrue(noRank.getMessage().contains("JMPI_RANK"), noRank.getMessage());
        IllegalStateException badRank = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                Map.of("JMPI_BOOT", "h:1", "JMPI_RANK", "2", "JMPI_SIZE", "2", "JMPI_SECRET", SECRET, "JMPI_JOB_ID", "j")::get));
        assertTrue(badRank.getMessage().contains("rank 2 of 2"), badRank.getMessage());
        IllegalStateException badId = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                Map.of("JMPI_BOOT", "h:1", "JMPI_RANK", "0", "JMPI_SIZE", "2", "JMPI_SECRET", SECRET, "JMPI_JOB_ID", "../x")::get));
        assertTrue(badId.getMessage().contains("JMPI_JOB_ID"), badId.getMessage());
        IllegalStateException shortSecret = assertThrows(IllegalStateException.class, () -> ProcessLaunchInfo.fromEnvironment(
                Map.of("JMPI_BOOT", "h:1", "JMPI_RANK", "0", "JMPI_SIZE", "2", "JMPI_SECRET", "abcd", "JMPI_JOB_ID", "j")::get));
        assertTrue(shortSecret.getMessage().contains("JMPI_SECRET"), shortSecret.getMessage());
    }
}
