package jmpi.spi;

import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;

/**
 * A transport that matches messages itself: an MPI library (reached through FFM by {@code jmpi-native}),
 * which the engine drives with non-blocking sends and receives on one library communicator per jmpi
 * context, instead of moving frames and matching them in Java. An {@link Endpoint} that has one answers
 * {@link Endpoint#matching()}; the engine then uses it for all point-to-point traffic (its own
 * {@code LibraryMatching} adapts the engine's requests and datatypes onto this byte-level interface).
 *
 * <p>Units and names: peers are <b>world ranks</b>, messages are <b>bytes</b> in native memory that the
 * caller obtained from {@link #allocate} (they must stay untouched until the operation completes), and
 * {@link #ANY} is the wildcard of both sources and tags (tags are otherwise {@code 0..}{@link #tagUpperBound()}).
 *
 * <p>Threads: every method may be called by any thread of the rank; {@link #progress} may be called by
 * several at once (an implementation lets one through and returns 0 to the others).
 */
public interface MatchingTransport {
    /** Any source or any tag, in {@link #irecv}, {@link #improbe}. */
    int ANY = -1;

    /**
     * The context open from the start among all world ranks, apart from every communicator's: for the second
     * parts of long messages, addressed by a tag the sender chose (never {@link #ANY}), so that a receive is
     * always posted for exactly the size that comes. (A receive shorter than its message is never posted:
     * some libraries then write past the buffer, others drop the data.)
     */
    int BULK = -1;

    /** The largest tag the library accepts (its {@code MPI_TAG_UB}). */
    int tagUpperBound();

    /**
     * The longest first part of a message, in bytes: a longer message is sent as a first part of this size
     * and the rest on {@link #BULK}; every receive is posted with room for at least this much.
     */
    int firstPartBytes();

    /** The thread level the library granted ({@code MPI_THREAD_SINGLE} 0 .. {@code MPI_THREAD_MULTIPLE} 3). */
    int threadLevel();

    /**
     * Makes the library communicator that carries context {@code context} among {@code members} (world
     * ranks, this rank among them; the library communicator's rank {@code i} is {@code members[i]}).
     * Collective over the members, who call it with the same arguments: the engine calls it where the
     * communicator is created, on every member, with an intra-communicator's members in its rank order.
     */
    void open(int context, int[] members);

    /** Releases the library communicator of {@code context} (local). */
    void close(int context);

    /** Native memory of at least {@code bytes} bytes, 16-byte aligned, for a message (pooled). */
    MemorySegment allocate(long bytes);

    /** Gives back memory from {@link #allocate}, once no operation uses it. */
    void release(MemorySegment memory);

    /**
     * Starts sending all of {@code data} to world rank {@code dest} on {@code context} with {@code tag};
     * {@code synchronous}: it completes only once a receive matched it.
     */
    Operation isend(int context, int dest, int tag, MemorySegment data, boolean synchronous, Object owner);

    /** Posts a receive of at most {@code into.byteSize()} bytes from {@code source} (or {@link #ANY}). */
    Operation irecv(int context, int source, int tag, MemorySegment into, Object owner);

    /**
     * Receives, blocking, exactly {@code into.byteSize()} bytes from world rank {@code source} with {@code tag}
     * on {@link #BULK} straight into {@code into}, which may be a Java array's memory (held in place for the
     * call); false when this transport does not here (then nothing happened). Only for a message the sender
     * has started already (the payload of a message whose header arrived), so blocking cannot deadlock; a
     * transport takes it only where the data needs no more calls of the sender to arrive (holding the array
     * holds up this JVM's garbage collections meanwhile).
     */
    default boolean receiveInto(int source, int tag, MemorySegment into) {
        return false;
    }

    /**
     * A matched probe: takes the first message that matches out of the library's matching, to be received
     * with {@link #receive}; null when none has arrived.
     */
    Probed improbe(int context, int source, int tag);

    /**
     * Receives the message {@code message} took into {@code into} (at least {@link Probed#bytes()} long);
     * blocks until it is there (the message has arrived, or is arriving: no other rank's action is needed).
     */
    void receive(Probed message, MemorySegment into);

    /**
     * Asks the library to cancel a receive; returns at once. The operation still completes through
     * {@link #progress}, with {@link Operation#cancelled} telling whether the cancel won.
     */
    void cancel(Operation receive);

    /**
     * Completes what the library finished: hands each finished operation (status filled in) to
     * {@code done}; returns how many (0 when none, or when another thread is progressing).
     */
    int progress(Consumer<Operation> done);

    /** The library's own collective operations, or null when it offers none. */
    default LibraryCollectives collectives() {
        return null;
    }

    /**
     * The library's own collectives (tuned for its network) on the library communicator of a context, blocking.
     * The members of an intra-communicator call them in the same order, as MPI requires; ranks are the
     * communicator's (see {@link #open}). Data are native memory; element kinds are Java's primitive classes
     * ({@code int.class}, ...); operations are named as MPI's predefined ones ({@code "SUM"}, {@code "MAX"}, ...).
     */
    interface LibraryCollectives {
        /**
         * Why the library cannot combine {@code element}s with {@code op} exactly as Java does (same bits for every
         * input), or null when it can.
         */
        String refusesReduction(Class<?> element, String op);

        void barrier(int context);

        /** {@code data} (the same size on every rank) from {@code root} to all. */
        void bcast(int context, MemorySegment data, int root);

        /** {@code count} elements of {@code in} combined into {@code out} at {@code root} ({@code out} unused elsewhere). */
        void reduce(int context, MemorySegment in, MemorySegment out, int count, Class<?> element, String op, int root);

        void allreduce(int context, MemorySegment in, MemorySegment out, int count, Class<?> element, String op);

        /** Every rank's {@code in} (the same size) into {@code out}, in rank order. */
        void allgather(int context, MemorySegment in, MemorySegment out);

        /** Block {@code j} of {@code in} (p equal blocks) to rank {@code j}, which stores it as block {@code i} of {@code out}. */
        void alltoall(int context, MemorySegment in, MemorySegment out);
    }

    /** A message taken by {@link #improbe}: its sender (world rank), tag and size in bytes. */
    record Probed(int source, int tag, long bytes, long handle) {
    }

    /** One send or receive in flight; the status fields are valid once {@link #progress} handed it over. */
    abstract class Operation {
        /** What the caller attached ({@link #isend}'s and {@link #irecv}'s {@code owner}). */
        public final Object owner;
        /** The message's memory (as given). */
        public final MemorySegment data;
        /** Of a receive: the sender (world rank), the tag, the bytes received. */
        public int source;
        public int tag;
        public long bytes;
        /** Of a receive: it was cancelled ({@link MatchingTransport#cancel}) and received nothing. */
        public boolean cancelled;

        protected Operation(Object owner, MemorySegment data) {
            this.owner = owner;
            this.data = data;
        }
    }
}
