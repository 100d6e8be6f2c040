package jmpi.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class HostfileTest {
    @Test
    void parsesOpenMpiAndMpichStyles() {
        List<Hostfile.Host> h = Hostfile.parse(List.of("# cluster", "", "node1 slots=4", "node2:2  # two cores",
                "node3", "node1 slots=2 max_slots=8"));
        assertEquals(List.of(new Hostfile.Host("node1", 6), new Hostfile.Host("node2", 2), new Hostfile.Host("node3", 1)), h);
    }

    @Test
    void malformedLinesNameTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Hostfile.parse(List.of("a", "b slots=x")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("'x'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a cores=2")));
        assertTrue(e.getMessage().contains("unknown word 'cores=2'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a slots=0")));
        assertTrue(e.getMessage().contains("at least 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a;rm slots=1")));
        assertTrue(e.getMessage().contains("bad host name"), e.getMessage());
    }

    @Test
    void clustersGroupHosts() {
        List<Hostfile.Host> h = Hostfile.parse(List.of("a slots=2 cluster=east", "b:2 cluster=east", "c cluster=west",
                "d", "a slots=1 cluster=east # again, same cluster", "e max_slots=4 cluster=w_2.x slots=3"));
        assertEquals(List.of(new Hostfile.Host("a", 3, "east"), new Hostfile.Host("b", 2, "east"),
                new Hostfile.Host("c", 1, "west"), new Hostfile.Host("d", 1), new Hostfile.Host("e", 3, "w_2.x")), h);
        assertEquals(null, h.get(3).cluster());
    }

    @Test
    void badClustersNameTheLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Hostfile.parse(List.of("a cluster=east", "b", "a cluster=west")));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("cluster west")
                && e.getMessage().contains("cluster east on line 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a cluster=east", "a slots=2")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("no cluster"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a", "b cluster=")));
        assertTrue(e.getMessage().contains("line 2") && e.getMessage().contains("not a cluster name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a cluster=x;y")));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("'x;y'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a cluster=-")));
        assertTrue(e.getMessage().contains("not a cluster name"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Hostfile.parse(List.of("a cluster=x cluster=x")));
        assertTrue(e.getMessage().contains("line 1") && e.getMessage().contains("twice"), e.getMessage());
    }

    @Test
    void ranksCarryTheirHostsCluster() {
        JobSpec spec = new JobSpec(5, List.of(), "Main", List.of(), false, null, Duration.ofSeconds(1));
        ProcessJob job = new ProcessJob(spec, "auto").ranksPerJvm(2)
                .hosts(List.of(new Hostfile.Host("a", 3, "x"), new Hostfile.Host("b", 2)));
        assertEquals(List.of(new ProcessJob.Unit(0, 2, "a", false, 3, "x", 0), new ProcessJob.Unit(2, 1, "a", false, 3, "x", 2),
                new ProcessJob.Unit(3, 2, "b", false, 2, null, 0)), job.plan());
    }

    @Test
    void aHostIsInOneCluster() {
        TransportPlan.checkHostsInOneCluster(new String[] {"a", "a", "b", "c"}, new String[] {"x", "x", "x", null});
        TransportPlan.checkHostsInOneCluster(new String[] {"a", "b"}, new String[] {null, null});
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> TransportPlan.checkHostsInOneCluster(
                new String[] {"a", "b", "a"}, new String[] {"x", "y", null}));
        assertTrue(e.getMessage().contains("ranks 0 and 2") && e.getMessage().contains("host a")
                && e.getMessage().contains("cluster x and no cluster"), e.getMessage());
    }

    @Test
    void thisHostIsStartedDirectly() {
        assertTrue(Hostfile.isThisHost("localhost"));
        assertTrue(Hostfile.isThisHost("127.0.0.1"));
        assertTrue(Hostfile.isThisHost(ProcessLaunchInfo.localHostName()));
        assertFalse(Hostfile.isThisHost("jmpi-some-namespace"));
        assertFalse(Hostfile.isThisHost("192.0.2.77")); // TEST-NET-1: never a local address
    }

    @Test
    void remoteStartTemplates() {
        List<String> cmd = List.of("env", "A=1", "java", "-cp", "/x y/lib", "Main", "it's");
        assertEquals(List.of("ip", "netns", "exec", "h1", "env", "A=1", "java", "-cp", "/x y/lib", "Main", "it's"),
                RankSpawner.remoteCommand("ip netns exec {host}", "h1", cmd));
        assertEquals(List.of("ssh", "-o", "BatchMode=yes", "node2", "env A=1 java -cp '/x y/lib' Main 'it'\\''s'"),
                RankSpawner.remoteCommand(ProcessJob.DEFAULT_REMOTE_START, "node2", cmd));
        JobSpec spec = new JobSpec(2, List.of(), "Main", List.of(), false, null, Duration.ofSeconds(1));
        assertThrows(IllegalArgumentException.class, () -> new ProcessJob(spec, "tcp").remoteStart("ssh"));
    }

    @Test
    void ranksFillHostsBySlotAndSplitIntoJvms() {
        JobSpec spec = new JobSpec(7, List.of(), "Main", List.of(), false, null, Duration.ofSeconds(1));
        ProcessJob job = new ProcessJob(spec, "auto").ranksPerJvm(2)
                .hosts(List.of(new Hostfile.Host("a", 3), new Hostfile.Host("b", 4), new Hostfile.Host("c", 4)));
        assertEquals(List.of(new ProcessJob.Unit(0, 2, "a", false, 3, 0), new ProcessJob.Unit(2, 1, "a", false, 3, 2),
                new ProcessJob.Unit(3, 2, "b", false, 4, 0), new ProcessJob.Unit(5, 2, "b", false, 4, 2)), job.plan());
        ProcessJob tooMany = new ProcessJob(new JobSpec(9, List.of(), "Main", List.of(), false, null, Duration.ofSeconds(1)),
                "auto").hosts(List.of(new Hostfile.Host("a", 3), new Hostfile.Host("b", 4)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, tooMany::plan);
        assertTrue(e.getMessage().contains("9 ranks do not fit the 7 slots"), e.getMessage());
    }
}
