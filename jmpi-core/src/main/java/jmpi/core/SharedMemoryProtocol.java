package jmpi.core;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.spi.Completion;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;

/**
 * The point-to-point protocols between ranks that share memory (ranks of one JVM): a
 * {@link SharedFrame} carries the data by reference. Eager: a private copy of the elements (or the
 * serialized bytes of {@code MPI.OBJECT}s); the receiving engine acknowledges a synchronous or
 * buffered send on match. Rendezvous: the sender's own array; the receiver copies straight out of it
 * (with the sender's help when large: {@link CopyJob}) and then completes the send. No control frame
 * ever travels back. The choice between them is made by {@link Protocol#choose}; the receiving side is
 * {@link Delivery}.
 *
 * <p>Concurrency: stateless; any thread of the rank may send at once (the endpoint orders frames).
 */
final class SharedMemoryProtocol {
    private final Endpoint endpoint;

    SharedMemoryProtocol(Endpoint endpoint) {
        this.endpoint = endpoint;
    }

    /**
     * Sends {@code elements} contiguous elements of {@code buf} from {@code offset} (or
     * {@code serialized} objects) as {@code protocol} ({@link Protocol#EAGER} or {@link Protocol#RENDEZVOUS}).
     *
     * @param owned   {@code buf} is a private array the engine may hand over as the eager copy
     * @param release for a buffered send: frees its attached-buffer space once the receiver has it
     */
    void send(SendRequest req, int worldDest, Protocol protocol, int context, int source, int tag, Object buf,
              int offset, int elements, BasicType type, SendMode mode, boolean owned, byte[] serialized,
              Completion release) {
        SharedFrame f = frame(context, source, tag, type, elements);
        if (protocol == Protocol.EAGER) {
            f.kind = Frame.EAGER;
            if (serialized != null) {
                f.bytes = serialized;
            } else if (elements > 0) {
                if (owned) {
                    SendPacking.claim(buf); // handed over: it leaves SendPacking's hands for good
                }
                f.elements = owned ? buf : type.copyOf(buf, offset, elements);
                f.elementOffset = owned ? offset : 0;
            }
            switch (mode) {
                case SYNCHRONOUS -> f.ack = req;
                case BUFFERED -> {
                    f.ack = release;
                    req.completeLocally();
                }
                default -> req.completeLocally();
            }
        } else {
            f.kind = Frame.RTS;
            f.elements = buf;
            f.elementOffset = offset;
            f.ack = req;
        }
        endpoint.send(worldDest, f);
    }

    /**
     * Rendezvous of {@code items} items of the non-contiguous datatype {@code plan} in {@code buf}: the
     * receiver copies through both datatypes, from this array straight into its own.
     */
    void sendThroughPlans(SendRequest req, int worldDest, int context, int source, int tag, Object buf, int offset,
                          int items, PackPlan plan, int elements, BasicType type) {
        plan.checkBuffer(buf, offset, items);
        SharedFrame f = frame(context, source, tag, type, elements);
        f.kind = Frame.RTS;
        f.elements = buf;
        f.elementOffset = offset;
        f.plan = plan;
        f.items = items;
        f.ack = req;
        endpoint.send(worldDest, f);
    }

    /** Hands {@code ref} itself over, as element 0 of a one-element {@code Object[]} message. */
    void sendReference(SendRequest req, int worldDest, int context, int source, int tag, Object ref) {
        SharedFrame f = frame(context, source, tag, BasicType.OBJECT, 1);
        f.kind = Frame.EAGER;
        f.elements = new Object[] {ref};
        f.references = true;
        req.completeLocally();
        endpoint.send(worldDest, f);
    }

    private static SharedFrame frame(int context, int source, int tag, BasicType type, int elements) {
        SharedFrame f = new SharedFrame();
        f.context = context;
        f.source = source;
        f.tag = tag;
        f.typeCode = type.code();
        f.count = elements;
        return f;
    }
}
