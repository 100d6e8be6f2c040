package jmpi.core;

/**
 * Where a point-to-point message goes or comes from: the matching {@code context} (a communicator's
 * point-to-point or collective context), the peer's {@code rank} in that communicator (the
 * destination of a send; the source of a receive, which may be {@link Engine#ANY_SOURCE}; either
 * may be {@link Engine#PROC_NULL}) and the {@code tag} (a receive may ask for {@link Engine#ANY_TAG}).
 *
 * <p>Immutable. Built per call and unpacked at once by the engine ({@link Matching}), so that the JIT
 * can keep it in registers (no allocation per message).
 */
public record Envelope(int context, int rank, int tag) {
    /** The point-to-point envelope of {@code comm} (what {@code mpi.Comm.Send} and friends use). */
    public static Envelope of(CoreComm comm, int rank, int tag) {
        return new Envelope(comm.context(), rank, tag);
    }

    /** An envelope on the collective context of {@code comm}: never matches point-to-point traffic. */
    public static Envelope collective(CoreComm comm, int rank, int tag) {
        return new Envelope(comm.collectiveContext(), rank, tag);
    }
}
