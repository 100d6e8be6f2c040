package jmpi.transport.threads;

/**
 * Layout of a {@link Fastbox}: the small-message rings of one pair of ranks, both directions
 * interleaved so that slot {@code k} of each direction shares one cache line. A reply to a small
 * message then lands on the very line its request came on: one line moves between the two cores
 * per message instead of two (on this kind of machine a hand-off through one shared line costs
 * ~55 ns one way, through two separate lines ~125 ns).
 *
 * <pre>
 *  line k (64 bytes, 64-byte aligned), k = 0 .. SLOTS-1, at k * LINE_BYTES:
 *  +0 .. +32   half-slot of direction 0 (lower rank to higher rank)
 *  +32 .. +64  half-slot of direction 1 (higher rank to lower rank)
 *
 *  half-slot (32 bytes):
 *  +0      +8       +12   +16     +20   +21    +22    +23  +24 ........ +32
 *  | seq   | context| tag | source| type| count| bytes| -  | payload (<= 8) |
 *   long     int      int   int     byte  byte   byte
 *  seq is written last (volatile) and read first: it publishes the half-slot. A half-slot is new
 *  when its seq is larger than the last seq the receiver took from this direction.
 *
 *  at HEAD + d * 64 (own line per direction): long head = half-slots of direction d consumed,
 *  written by d's receiver (release), read by d's sender (acquire) only when its cached copy says
 *  the ring is full.
 * </pre>
 */
final class FastboxDescriptor {
    static final int LINE_BYTES = 64;
    static final int HALF_BYTES = 32;
    static final int SLOTS = 128;
    static final long SEQ = 0;
    static final long CONTEXT = 8;
    static final long TAG = 12;
    static final long SOURCE = 16;
    static final long TYPE = 20;
    static final long COUNT = 21;
    static final long BYTES = 22;
    static final long PAYLOAD = 24;
    static final int PAYLOAD_MAX = HALF_BYTES - (int) PAYLOAD;
    static final long HEAD = (long) SLOTS * LINE_BYTES;
    static final long SIZE = HEAD + 2 * 64;
    static final long ALIGNMENT = 64;

    private FastboxDescriptor() {
    }

    /** Offset of direction {@code d}'s half-slot for message position {@code position}. */
    static long halfSlot(long position, int d) {
        return (position & (SLOTS - 1)) * LINE_BYTES + (long) d * HALF_BYTES;
    }

    static long head(int d) {
        return HEAD + d * 64L;
    }
}
