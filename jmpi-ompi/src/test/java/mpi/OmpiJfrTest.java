package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import jmpi.core.jfr.JmpiEvents;
import jmpi.core.jfr.PointToPointEvent;
import jmpi.core.jfr.WaitEvent;
import jmpi.testkit.MultiRank;

/** The Open MPI Java API's point-to-point calls and waits as JFR events (jmpi.core.jfr), with Open MPI's call names. */
@Timeout(120)
class OmpiJfrTest {
    /** 10 sends of 1 KiB from rank 0 to 1 (received from any source), then an iSend / iRecv of 3 ints and their waits. */
    public static class Calls {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.getRank();
            byte[] kib = new byte[1024];
            for (int i = 0; i < 10; i++) {
                if (me == 0) {
                    MPI.COMM_WORLD.send(kib, 1024, MPI.BYTE, 1, 5);
                } else {
                    MPI.COMM_WORLD.recv(kib, 1024, MPI.BYTE, MPI.ANY_SOURCE, 5);
                }
            }
            ByteBuffer three = MPI.newByteBuffer(12);
            Request r = me == 0 ? MPI.COMM_WORLD.iSend(three, 3, MPI.INT, 1, 6) : MPI.COMM_WORLD.iRecv(three, 3, MPI.INT, 0, 6);
            r.waitFor();
            MPI.Finalize();
        }
    }

    @Test
    void callsAndWaitsAreRecordedWithTheirPeersTagsAndBytes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ompi.jfr");
        try (Recording rec = new Recording(JmpiEvents.settings())) {
            rec.start();
            MultiRank.runOk(2, Calls.class);
            rec.stop();
            rec.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> p2p = events.stream().filter(e -> e.getEventType().getName().equals(PointToPointEvent.NAME)).toList();
        Map<String, Long> calls = p2p.stream().collect(Collectors.groupingBy(e -> e.getInt("rank") + " " + e.getString("call"),
                Collectors.counting()));
        assertEquals(Map.of("0 send", 10L, "1 recv", 10L, "0 iSend", 1L, "1 iRecv", 1L), calls);
        for (RecordedEvent e : p2p) {
            boolean sender = e.getInt("rank") == 0;
            assertEquals(sender ? 1 : 0, e.getInt("peer"), e.toString());
            assertEquals(sender ? 1 : 0, e.getInt("peerWorld"), e.toString());
            assertEquals(e.getString("call").startsWith("i") ? 12 : 1024, e.getLong("bytes"), e.toString());
            assertEquals(e.getString("call").startsWith("i") ? 6 : 5, e.getInt("tag"), e.toString());
        }
        List<RecordedEvent> waits = events.stream().filter(e -> e.getEventType().getName().equals(WaitEvent.NAME))
                .sorted(java.util.Comparator.comparingInt(e -> e.getInt("rank"))).toList();
        assertEquals(2, waits.size());
        assertEquals(List.of("waitFor send 1 6", "waitFor recv 0 6"), waits.stream().map(e -> e.getString("call") + " "
                + e.getString("kind") + " " + e.getInt("peer") + " " + e.getInt("tag")).toList());
    }
}
