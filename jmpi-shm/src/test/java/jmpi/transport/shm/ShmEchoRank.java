package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Map;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.RecordingSink;

/**
 * Rank 1 of {@link ShmTwoProcessTest}, in its own JVM: echoes every frame back to rank 0 (EAGER with
 * the same bytes and envelope, control frames as they came, DATA once all bytes of a receive id
 * arrived, the id being the byte count), until an EAGER frame with tag -1, which it echoes last.
 * Arguments: job id, bootstrap directory. Exits 0 on success, 1 on any failure.
 */
public final class ShmEchoRank {
    private ShmEchoRank() {
    }

    public static void main(String[] args) {
        try {
            Endpoint ep = new ShmTransportFactory().open(new ShmTestJobs.Context(1, 2, args[0],
                    new DirBootstrap(Path.of(args[1]), 1, 2), Map.of()));
            try {
                echo(ep);
            } finally {
                ep.close();
            }
        } catch (Throwable t) {
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void echo(Endpoint ep) {
        RecordingSink sink = new RecordingSink(8 << 20);
        int seen = 0;
        long deadline = System.nanoTime() + 60_000_000_000L;
        for (;;) {
            if (ep.poll(sink) == 0) {
                ep.park(1_000_000, () -> false);
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("echo rank timed out");
            }
            for (var e : sink.delivered.entrySet()) {
                if (e.getValue().equals(e.getKey())) {
                    Frame d = new Frame();
                    d.kind = Frame.DATA;
                    d.recvId = e.getKey();
                    d.data = MemorySegment.ofArray(sink.data.get(e.getKey())).asSlice(0, e.getKey());
                    ep.send(0, d);
                    e.setValue(-1L);
                }
            }
            while (seen < sink.frames.size()) {
                Frame f = sink.frames.get(seen++);
                Frame back = new Frame();
                back.kind = f.kind;
                back.sync = f.sync;
                back.context = f.context;
                back.source = f.source;
                back.tag = f.tag;
                back.typeCode = f.typeCode;
                back.count = f.count;
                back.sendId = f.sendId;
                back.recvId = f.recvId;
                back.offset = f.offset;
                if (f.kind == Frame.EAGER) {
                    back.data = MemorySegment.ofArray(RecordingSink.payloadOf(f));
                }
                ep.send(0, back);
                if (f.kind == Frame.EAGER && f.tag == -1) {
                    return;
                }
            }
        }
    }
}
