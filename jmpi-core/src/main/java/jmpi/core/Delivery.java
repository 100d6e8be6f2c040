package jmpi.core;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jmpi.datatype.BasicType;
import jmpi.datatype.DatatypeException;
import jmpi.datatype.ObjectCodec;
import jmpi.datatype.PackPlan;
import jmpi.spi.Frame;
import jmpi.spi.SmallCopy;

/**
 * The receiving side of a match: checks the message against the receive (type signature, room) and
 * copies its data into the receive buffer, by one of these branches:
 * <ol>
 *   <li>references handed over between ranks of one JVM ({@link SharedFrame#references});</li>
 *   <li>serialized {@code MPI.OBJECT}s ({@link Frame#bytes}), deserialized;</li>
 *   <li>a non-contiguous datatype on either side between ranks that share memory: one copy through
 *       both datatypes ({@link #copyThroughPlans});</li>
 *   <li>raw bytes from a byte transport ({@link Frame#bytes}) into the elements (through the receive's
 *       datatype when it is non-contiguous: {@link #unpackThroughPlan});</li>
 *   <li>a large same-JVM rendezvous: copied in chunks with the waiting sender's help
 *       ({@link #copyTogether});</li>
 *   <li>otherwise one {@code System.arraycopy} from the frame's array.</li>
 * </ol>
 * plus the small message still in the transport's memory ({@link #fromSegment}). A byte-transport
 * rendezvous is only checked here ({@link #checkRendezvous}); its data comes through
 * {@link ByteProtocol}.
 *
 * <p>Concurrency: stateless but for the object filter and loader (fixed); runs under the engine's
 * progress lock, except that the sender's thread may help with a {@link CopyJob}.
 */
final class Delivery {
    /**
     * Data bytes from which a same-JVM rendezvous through datatypes is copied with the sender's help: a
     * {@link CopyJob#pipelined} gather and scatter from a non-contiguous sender, else a
     * {@link CopyJob#throughPlans} split.
     */
    static final long PLAN_SPLIT_BYTES = CopyJob.PLAN_CHUNK_BYTES;

    private final ClassLoader objectLoader;
    private final ObjectInputFilter objectFilter;

    Delivery(ClassLoader objectLoader, ObjectInputFilter objectFilter) {
        this.objectLoader = objectLoader;
        this.objectFilter = objectFilter;
    }

    /**
     * Copies the data of matched frame {@code f} (eager, or a same-JVM rendezvous) into {@code r} and
     * fills in its status; the caller then acknowledges the frame and finishes {@code r}.
     */
    void deliver(RecvRequest r, Frame f) {
        r.source = f.source;
        r.tag = f.tag;
        r.count = f.count;
        if (f.typeCode != r.typeCode && f.count != 0) { // an empty message matches any type (empty signature)
            mismatch(r, f.typeCode, f.count, f.source, f.tag);
            return;
        }
        int n = f.count;
        if (n > r.capacity) {
            n = truncated(r, f.count, f.source, f.tag);
        }
        if (n == 0) {
            return;
        }
        SharedFrame s = f instanceof SharedFrame sf ? sf : null;
        if (r.type == BasicType.OBJECT && s != null && s.references) {
            System.arraycopy(s.elements, 0, r.buffer(), r.offset, n);
        } else if (r.type == BasicType.OBJECT) {
            try {
                ObjectCodec.deserialize(f.bytes, n, (Object[]) r.buffer(), r.offset, objectLoader, objectFilter);
            } catch (ObjectCodec.ObjectCodecException e) {
                r.error = ErrorClass.ERR_TYPE;
                r.errorDetail = e.getMessage();
            }
        } else if (s == null && r.plan != null) {
            unpackThroughPlan(r, MemorySegment.ofArray(f.bytes), 0, 0, (long) n * r.type.size());
            r.plan = null; // delivered in place: nothing to scatter at finish
        } else if (s == null) {
            r.type.copyFromBytes(f.bytes, r.buffer(), r.offset, n);
        } else if (s.plan != null || r.plan != null) {
            copyThroughPlans(r, s);
        } else if (f.kind == Frame.RTS && (long) n * r.type.size() >= 2L * CopyJob.CHUNK_BYTES
                && f.ack instanceof SendRequest sender) {
            copyTogether(new CopyJob(s.elements, s.elementOffset, r.buffer(), r.offset, n, r.type.size()), sender);
        } else {
            System.arraycopy(s.elements, s.elementOffset, r.buffer(), r.offset, n);
        }
    }

    /**
     * A message in native memory ({@code count} elements of {@code typeCode} at {@code offset} of
     * {@code data}: a small eager message still in the transport's memory, or one a matching transport
     * received) matched {@code r}: copies it and fills in the status. Not for {@code MPI.OBJECT}
     * ({@link #objects}).
     */
    static void fromSegment(RecvRequest r, int source, int tag, int typeCode, int count, MemorySegment data,
                            long offset) {
        int n = admit(r, source, tag, typeCode, count);
        // A receive into a non-contiguous datatype that does not scatter in place (scatterFromSegment: a transport
        // that does not say scattersFromTransportMemory, or boolean elements) takes the bytes into its staging array
        // here and scatters them at finish, as a contiguous receive takes them.
        if (n > 0 && r.type == BasicType.BOOLEAN) {
            boolean[] dst = (boolean[]) r.buffer();
            for (int i = 0; i < n; i++) {
                dst[r.offset + i] = data.get(ValueLayout.JAVA_BYTE, offset + i) != 0;
            }
        } else if (n > 0) {
            SmallCopy.fromSegment(data, offset, r.buffer(), r.offset, n, r.type.layout());
        }
    }

    /**
     * Whether a receive into a non-contiguous datatype ({@code r.plan} set, nothing staged yet) takes a message
     * straight out of transport memory ({@link #scatterFromSegment}): every type a segment holds (not boolean, not
     * objects). The strided kernels read one-element blocks of doubles and longs from native memory element by
     * element, narrower ones through their staging array (jmpi.datatype.Kernels); with the sender's pack straight
     * into the transport's memory, a vector of doubles on threads went from 0.68-0.96x hand packing's speed to
     * 0.75-1.07x, of bytes from 0.64-0.83x to 0.73-0.87x (bench/results/2026-12-07-stride-direct.txt).
     */
    static boolean scattersFromSegment(RecvRequest r) {
        return !r.hasBuffer() && r.type.segmentable() && r.plan.base() != null;
    }

    /**
     * As {@link #fromSegment}, for a receive into a non-contiguous datatype: the message's elements (what fits) are
     * scattered through the plan straight from {@code data} into the user's buffer, with no staging array; a
     * datatype failure becomes the receive's error. {@code r.finish()} then has nothing left to scatter.
     */
    static void scatterFromSegment(RecvRequest r, int source, int tag, int typeCode, int count, MemorySegment data,
                                   long offset) {
        int n = admit(r, source, tag, typeCode, count);
        if (n > 0) {
            try {
                r.plan.unpackRange(data, offset, r.userBuffer, r.userOffset, r.userItems, 0, (long) n * r.type.size());
            } catch (jmpi.datatype.DatatypeException e) {
                r.fail(e);
            }
        }
    }

    /**
     * Serialized {@code MPI.OBJECT}s ({@code count} of them in {@code bytes}, from {@code source} with
     * {@code tag}) matched {@code r}: deserializes what fits and fills in the status.
     */
    void objects(RecvRequest r, int source, int tag, int typeCode, int count, byte[] bytes) {
        int n = admit(r, source, tag, typeCode, count);
        if (n > 0) {
            try {
                ObjectCodec.deserialize(bytes, n, (Object[]) r.buffer(), r.offset, objectLoader, objectFilter);
            } catch (ObjectCodec.ObjectCodecException e) {
                r.error = ErrorClass.ERR_TYPE;
                r.errorDetail = e.getMessage();
            }
        }
    }

    /** A byte-transport rendezvous matched {@code r}: status and checks now, the data when it comes. */
    static void checkRendezvous(RecvRequest r, Frame f) {
        r.source = f.source;
        r.tag = f.tag;
        r.count = f.count;
        if (f.typeCode != r.typeCode) {
            mismatch(r, f.typeCode, f.count, f.source, f.tag);
        } else if (f.count > r.capacity) {
            truncated(r, f.count, f.source, f.tag);
            r.count = f.count; // ByteProtocol.finish stores what fits
        }
    }

    /**
     * A message of {@code count} elements of {@code typeCode} from {@code source} with {@code tag} matched {@code r}:
     * fills in the status and returns how many elements to store, what fits (a truncation is recorded as the
     * receive's error), or 0 when the types differ (recorded too; an empty message has an empty signature: it
     * matches any type).
     */
    private static int admit(RecvRequest r, int source, int tag, int typeCode, int count) {
        r.source = source;
        r.tag = tag;
        r.count = count;
        if (typeCode != r.typeCode && count != 0) {
            mismatch(r, typeCode, count, source, tag);
            return 0;
        }
        return count > r.capacity ? truncated(r, count, source, tag) : count;
    }

    private static void mismatch(RecvRequest r, int typeCode, int count, int source, int tag) {
        if (r.plan != null && r.plan.base() == null) { // a zero-size receive type: no base type, room for nothing
            truncated(r, count, source, tag);
            return;
        }
        r.error = ErrorClass.ERR_TYPE;
        r.errorDetail = "message of " + count + " " + BasicType.ofCode(typeCode) + " from rank " + source
                + " (tag " + tag + ") received with datatype " + r.type;
    }

    /** Records a truncation; returns how many elements fit. */
    private static int truncated(RecvRequest r, int count, int source, int tag) {
        r.error = ErrorClass.ERR_TRUNCATE;
        r.rare().truncatedFrom = count;
        r.errorDetail = "message of " + count + " elements from rank " + source + " (tag " + tag
                + ") is longer than the receive buffer of " + r.capacity;
        r.count = r.capacity;
        return r.capacity;
    }

    /**
     * Between ranks that share memory where either side has a non-contiguous datatype: one copy from
     * the sender's array into the receiver's, through both datatypes (what fits). A rendezvous whose
     * sender waits is copied in chunks with its help from {@link #PLAN_SPLIT_BYTES} on: pipelined (the sender
     * gathers, the receiver scatters, each in its own array) when the sender's datatype is non-contiguous,
     * else split between them.
     */
    private static void copyThroughPlans(RecvRequest r, SharedFrame f) {
        PackPlan srcPlan = f.plan != null ? f.plan : PackPlan.of(r.type);
        int srcItems = f.plan != null ? f.items : f.count;
        boolean staged = r.plan != null;
        Object dst = staged ? r.userBuffer : r.buffer();
        int dstOffset = staged ? r.userOffset : r.offset;
        int dstItems = staged ? r.userItems : r.capacity;
        PackPlan dstPlan = staged ? r.plan : PackPlan.of(r.type);
        try {
            long n = Math.min(srcPlan.elementsOf(srcItems), dstPlan.elementsOf(dstItems));
            if (f.kind == Frame.RTS && f.ack instanceof SendRequest sender && n * r.type.size() >= PLAN_SPLIT_BYTES
                    && srcPlan.base() == dstPlan.base()) {
                // every check PackPlan.copyRange makes, here, so that no chunk fails on the sender's thread
                srcPlan.checkBuffer(f.elements, f.elementOffset, srcItems);
                dstPlan.checkBuffer(dst, dstOffset, dstItems);
                copyTogether(srcPlan.isDense()
                        ? CopyJob.throughPlans(f.elements, f.elementOffset, srcItems, srcPlan, dst, dstOffset, dstItems,
                                dstPlan, (int) n, r.type.size(), CopyJob.PLAN_CHUNK_BYTES)
                        : CopyJob.pipelined(f.elements, f.elementOffset, srcItems, srcPlan, dst, dstOffset, dstItems,
                                dstPlan, (int) n, r.type, CopyJob.PIPELINE_CHUNK_BYTES), sender);
            } else {
                PackPlan.copy(f.elements, f.elementOffset, srcItems, srcPlan, dst, dstOffset, dstItems, dstPlan);
            }
            if (staged) {
                r.plan = null; // delivered in place: nothing to scatter at finish
            }
        } catch (DatatypeException e) {
            r.fail(e);
        }
    }

    /**
     * Bytes [{@code streamFrom}, {@code streamFrom + bytes}) of the packed stream of a message received into a
     * non-contiguous datatype ({@code r.plan}), from {@code src} at {@code srcOffset}: unpacked through the plan
     * straight into the user's buffer, with no staging array and no scatter at finish. A datatype failure
     * (a buffer the plan does not fit) becomes the receive's error.
     */
    static void unpackThroughPlan(RecvRequest r, MemorySegment src, long srcOffset, long streamFrom, long bytes) {
        try {
            r.plan.unpackRange(src, srcOffset, r.userBuffer, r.userOffset, r.userItems, streamFrom, bytes);
        } catch (DatatypeException e) {
            r.fail(e);
        }
    }

    /** Copies a large rendezvous message with the sender's help, if it is waiting; returns when all is copied. */
    private static void copyTogether(CopyJob job, SendRequest sender) {
        sender.offer(job);
        job.runAsReceiver();
        while (!job.finished()) {
            Thread.onSpinWait(); // the sender is finishing its last chunk (tens of microseconds at most)
        }
    }
}
