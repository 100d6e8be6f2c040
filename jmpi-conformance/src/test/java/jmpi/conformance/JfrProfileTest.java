package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.core.jfr.CollectiveEvent;
import jmpi.core.jfr.JmpiEvents;
import jmpi.core.jfr.PointToPointEvent;
import jmpi.core.jfr.RankEvent;
import jmpi.core.jfr.RendezvousEvent;
import jmpi.core.jfr.WaitEvent;
import jmpi.launcher.JmpiProf;
import jmpi.testkit.MultiRank;
import mpi.MPI;
import mpi.Request;

/**
 * jmpi's JFR events (jmpi.core.jfr) recorded from a known two-rank program on the threads transport, field by
 * field, and jmpiprof's summary of that recording: exact counts, bytes, buckets, algorithms, call sites.
 */
@Timeout(180)
public class JfrProfileTest {
    /** The program: its calls are counted exactly below. */
    public static class Known {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            byte[] kib = new byte[1024];
            for (int i = 0; i < 10; i++) {
                if (me == 0) {
                    MPI.COMM_WORLD.Send(kib, 0, 1024, MPI.BYTE, 1, 5);
                } else {
                    MPI.COMM_WORLD.Recv(kib, 0, 1024, MPI.BYTE, MPI.ANY_SOURCE, 5);
                }
            }
            int[] three = {1, 2, 3};
            if (me == 0) {
                MPI.COMM_WORLD.Ssend(three, 0, 3, MPI.INT, 1, 6);
            } else {
                Request r = MPI.COMM_WORLD.Irecv(three, 0, 3, MPI.INT, 0, 6);
                r.Wait();
            }
            double[] big = new double[65536]; // 512 KiB: above every eager limit, a rendezvous
            if (me == 0) {
                MPI.COMM_WORLD.Send(big, 0, big.length, MPI.DOUBLE, 1, 9);
            } else {
                MPI.COMM_WORLD.Recv(big, 0, big.length, MPI.DOUBLE, 0, 9);
            }
            long[] out = {me, me};
            long[] in = new long[2];
            MPI.COMM_WORLD.Sendrecv(out, 0, 2, MPI.LONG, 1 - me, 11, in, 0, 2, MPI.LONG, 1 - me, 11);
            int[] hundred = new int[100];
            MPI.COMM_WORLD.Bcast(hundred, 0, 100, MPI.INT, 1);
            double[] sum = new double[8];
            MPI.COMM_WORLD.Allreduce(sum, 0, sum, 0, 8, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.Barrier();
            MPI.Finalize();
        }
    }

    private static final Map<String, String> FORCED = Map.of("jmpi.coll.bcast", "binomial", "jmpi.coll.allreduce", "ring");
    private static List<RecordedEvent> events;
    private static Path recording;

    @BeforeAll
    static void record(@TempDir Path dir) throws IOException {
        FORCED.forEach(System::setProperty);
        recording = dir.resolve("known.jfr");
        try (Recording r = new Recording(JmpiEvents.settings())) {
            r.start();
            MultiRank.runOk(2, Known.class);
            r.stop();
            r.dump(recording);
        } finally {
            FORCED.keySet().forEach(System::clearProperty);
        }
        events = RecordingFile.readAllEvents(recording);
    }

    @AfterAll
    static void forget() {
        events = null;
    }

    private static List<RecordedEvent> of(String type, Predicate<RecordedEvent> which) {
        return events.stream().filter(e -> e.getEventType().getName().equals(type)).filter(which).toList();
    }

    private static List<RecordedEvent> p2p(int rank, String call) {
        return of(PointToPointEvent.NAME, e -> e.getInt("rank") == rank && e.getString("call").equals(call));
    }

    @Test
    void everyPointToPointCallOfTheProgramAndNoCollectiveMessage() {
        // Rank 0: 11 Send, 1 Ssend, 1 Sendrecv; rank 1: 11 Recv, 1 Irecv, 1 Sendrecv. The collectives' own
        // messages are not point-to-point calls.
        Map<String, Long> calls = of(PointToPointEvent.NAME, e -> true).stream()
                .collect(Collectors.groupingBy(e -> e.getInt("rank") + " " + e.getString("call"), Collectors.counting()));
        assertEquals(Map.of("0 Send", 11L, "0 Ssend", 1L, "0 Sendrecv", 1L, "1 Recv", 11L, "1 Irecv", 1L,
                "1 Sendrecv", 1L), calls);
    }

    @Test
    void sendsNamePeerTagBytesCommunicatorAndCallSite() {
        List<RecordedEvent> small = p2p(0, "Send").stream().filter(e -> e.getInt("tag") == 5).toList();
        assertEquals(10, small.size());
        for (RecordedEvent e : small) {
            assertEquals(1024, e.getLong("bytes"));
            assertEquals(1, e.getInt("peer"));
            assertEquals(1, e.getInt("peerWorld"));
            assertEquals("MPI.COMM_WORLD", e.getString("comm"));
            assertEquals(0, e.getInt("context"));
            assertTrue(JmpiProf.site(e).endsWith("JfrProfileTest$Known.main"), JmpiProf.site(e));
        }
        RecordedEvent ssend = p2p(0, "Ssend").getFirst();
        assertEquals(12, ssend.getLong("bytes"));
        assertEquals(6, ssend.getInt("tag"));
        RecordedEvent big = p2p(0, "Send").stream().filter(e -> e.getInt("tag") == 9).findFirst().orElseThrow();
        assertEquals(524288, big.getLong("bytes"));
    }

    @Test
    void receivesNameTheMatchedSource() {
        List<RecordedEvent> recvs = p2p(1, "Recv").stream().filter(e -> e.getInt("tag") == 5).toList();
        assertEquals(10, recvs.size());
        for (RecordedEvent e : recvs) {
            assertEquals(0, e.getInt("peer"), "ANY_SOURCE resolved to the sender");
            assertEquals(0, e.getInt("peerWorld"));
            assertEquals(1024, e.getLong("bytes"));
        }
        RecordedEvent irecv = p2p(1, "Irecv").getFirst();
        assertEquals(0, irecv.getInt("peer"));
        assertEquals(6, irecv.getInt("tag"));
        assertEquals(12, irecv.getLong("bytes"));
        RecordedEvent sendrecv = p2p(1, "Sendrecv").getFirst();
        assertEquals(0, sendrecv.getInt("peer"));
        assertEquals(32, sendrecv.getLong("bytes"), "16 bytes sent and 16 received");
    }

    @Test
    void theWaitSaysWhatItWaitedFor() {
        List<RecordedEvent> waits = of(WaitEvent.NAME, e -> true);
        assertEquals(1, waits.size());
        RecordedEvent w = waits.getFirst();
        assertEquals(1, w.getInt("rank"));
        assertEquals("Wait", w.getString("call"));
        assertEquals("recv", w.getString("kind"));
        assertEquals(0, w.getInt("peer"));
        assertEquals(6, w.getInt("tag"));
        assertEquals(1, w.getInt("completed"));
    }

    @Test
    void collectivesNameTheirAlgorithmRootAndBytes() {
        List<RecordedEvent> bcasts = of(CollectiveEvent.NAME, e -> e.getString("collective").equals("bcast"));
        assertEquals(2, bcasts.size());
        assertEquals(List.of(0, 1), bcasts.stream().map(e -> e.getInt("rank")).sorted().toList());
        for (RecordedEvent e : bcasts) {
            assertEquals("binomial", e.getString("algorithm"));
            assertEquals(1, e.getInt("root"));
            assertEquals(400, e.getLong("bytes"));
            assertEquals(2, e.getInt("commSize"));
            assertFalse(e.getBoolean("nested"));
        }
        List<RecordedEvent> allreduces = of(CollectiveEvent.NAME, e -> e.getString("collective").equals("allreduce"));
        assertEquals(2, allreduces.size());
        allreduces.forEach(e -> {
            assertEquals("ring", e.getString("algorithm"));
            assertEquals(-1, e.getInt("root"));
            assertEquals(64, e.getLong("bytes"));
        });
        assertEquals(2, of(CollectiveEvent.NAME, e -> e.getString("collective").equals("barrier")).size());
    }

    @Test
    void theLargeSendWentByRendezvous() {
        List<RecordedEvent> r = of(RendezvousEvent.NAME, e -> !e.getBoolean("collective"));
        assertEquals(1, r.size(), r.toString());
        RecordedEvent e = r.getFirst();
        assertEquals(0, e.getInt("rank"));
        assertEquals(1, e.getInt("peerWorld"));
        assertEquals(9, e.getInt("tag"));
        assertEquals(524288, e.getLong("bytes"));
        assertEquals("shared", e.getString("protocol"));
    }

    @Test
    void eachRankRecordsItsLifeFromInitToFinalize() {
        List<RecordedEvent> lives = of(RankEvent.NAME, e -> true);
        assertEquals(List.of(0, 1), lives.stream().map(e -> e.getInt("rank")).sorted().toList());
        lives.forEach(e -> {
            assertEquals(2, e.getInt("size"));
            assertTrue(e.getDuration().toNanos() > 0);
        });
    }

    /** The rows of the section that starts with {@code header} ("@ ..."), split on runs of spaces. */
    private static List<String[]> section(String summary, String header) {
        List<String[]> rows = new ArrayList<>();
        boolean in = false;
        for (String line : summary.split("\n")) {
            if (line.startsWith("@ ")) {
                in = line.startsWith(header);
                continue;
            }
            if (in && !line.isBlank()) {
                rows.add(line.trim().split(" {2,}|(?<=\\S) (?=\\S)"));
            }
        }
        assertFalse(rows.isEmpty(), "no section " + header + " in\n" + summary);
        return rows;
    }

    @Test
    void jmpiprofCountsTheKnownProgramExactly() throws IOException {
        String s = JmpiProf.summary(List.of(recording));
        // Message sizes: the 10 sends of 1 KiB are 10 calls, 10 KiB, in the 1 KiB bucket; the 512 KiB send in its own.
        List<String> sizes = section(s, "@ Message sizes").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(sizes.stream().anyMatch(l -> l.matches("Send 1 KiB 10 10240 \\S+")), String.join("\n", sizes));
        assertTrue(sizes.stream().anyMatch(l -> l.matches("Send 512 KiB 1 524288 \\S+")), String.join("\n", sizes));
        assertTrue(sizes.stream().anyMatch(l -> l.matches("Recv 1 KiB 10 10240 \\S+")), String.join("\n", sizes));
        assertTrue(sizes.stream().anyMatch(l -> l.matches("Ssend 8 B 1 12 \\S+")), String.join("\n", sizes));
        // Calls: 11 Send of 10 KiB + 512 KiB; the collectives by name.
        List<String> calls = section(s, "@ MPI calls").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(calls.stream().anyMatch(l -> l.matches("Send 11 \\S+ \\S+ \\S+ 534528 \\S+")), String.join("\n", calls));
        assertTrue(calls.stream().anyMatch(l -> l.matches("bcast 2 \\S+ \\S+ \\S+ 800 \\S+")), String.join("\n", calls));
        // Collectives per algorithm.
        List<String> colls = section(s, "@ Collectives per algorithm").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(colls.stream().anyMatch(l -> l.matches("bcast binomial 2 \\S+ \\S+ \\S+ 800")), String.join("\n", colls));
        assertTrue(colls.stream().anyMatch(l -> l.matches("allreduce ring 2 \\S+ \\S+ \\S+ 128")), String.join("\n", colls));
        // Call sites: the loop's Send, at this file's line, 10 times.
        List<String> sites = section(s, "@ Call sites").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(sites.stream().anyMatch(l -> l.matches(
                "Send JfrProfileTest\\.java:\\d+ JfrProfileTest\\$Known\\.main 10 \\S+ \\S+ \\S+ 10240")), String.join("\n", sites));
        // Waits, and MPI time against each rank's time from Init to Finalize.
        List<String> waits = section(s, "@ Longest waits").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(waits.stream().anyMatch(l -> l.matches("1 Wait recv 0 6 \\S+ JfrProfileTest\\.java:\\d+ .*")),
                String.join("\n", waits));
        List<String[]> time = section(s, "@ MPI time per rank");
        for (String rank : List.of("0", "1")) {
            String[] row = time.stream().filter(r -> r[0].equals(rank)).findFirst().orElseThrow();
            double job = Double.parseDouble(row[1]);
            double mpi = Double.parseDouble(row[2]);
            assertTrue(job > 0 && mpi > 0 && mpi <= job * 1.01, String.join(" ", row));
        }
    }

    @Test
    void jmpiprofReadsSeveralFilesAsOneJob(@TempDir Path dir) throws IOException {
        Path copy = dir.resolve("again.jfr");
        Files.copy(recording, copy);
        String s = JmpiProf.summary(List.of(recording, copy));
        List<String> sizes = section(s, "@ Message sizes").stream().map(r -> String.join(" ", r)).toList();
        assertTrue(sizes.stream().anyMatch(l -> l.matches("Send 1 KiB 20 20480 \\S+")), String.join("\n", sizes));
    }
}
