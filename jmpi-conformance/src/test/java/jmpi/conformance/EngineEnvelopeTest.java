package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.ErrorClass;
import jmpi.core.Message;
import jmpi.core.MpiError;
import jmpi.core.RecvRequest;
import jmpi.datatype.BasicType;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.TestRankEnv;
import jmpi.transport.threads.ThreadsFabric;

/**
 * Messages a correct engine never sends, handed to an engine by the transport: one whose source is
 * not a member of its (known) communicator is refused with a clear error, not queued or matched.
 */
@Timeout(30)
class EngineEnvelopeTest {
    private static Frame eager(int context, int source, int tag, int value) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.context = context;
        f.source = source;
        f.tag = tag;
        f.typeCode = BasicType.INT.code();
        f.count = 1;
        f.bytes = java.nio.ByteBuffer.allocate(4).order(java.nio.ByteOrder.nativeOrder()).putInt(value).array();
        return f;
    }

    @Test
    void aSourceOutsideTheCommunicatorIsRefused() {
        ThreadsFabric fabric = new ThreadsFabric(2);
        Engine engine = new Engine(new TestRankEnv(0, 2, fabric.endpoint(0)), getClass().getClassLoader());
        int world = engine.world().context();
        // A well-formed message first: it is matched as usual.
        fabric.endpoint(1).send(0, eager(world, 1, 3, 42));
        int[] in = new int[1];
        RecvRequest ok = engine.irecv(engine.world(), Envelope.of(engine.world(), 1, 3), Message.of(in, 0, 1, BasicType.INT));
        engine.await(ok);
        assertEquals(42, in[0]);
        // Then one claiming to come from rank 5 of the 2-rank world.
        fabric.endpoint(1).send(0, eager(world, 5, 3, 7));
        MpiError e = assertThrows(MpiError.class, () -> {
            RecvRequest r = engine.irecv(engine.world(), Envelope.of(engine.world(), 1, 4),
                    Message.of(new int[1], 0, 1, BasicType.INT));
            engine.await(r);
        });
        assertEquals(ErrorClass.ERR_INTERN, e.errorClass());
        assertTrue(e.getMessage().contains("from rank 5 on a communicator of 2 ranks"), e.getMessage());
    }
}
