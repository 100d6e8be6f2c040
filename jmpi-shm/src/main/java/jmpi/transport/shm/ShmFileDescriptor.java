package jmpi.transport.shm;

/**
 * Layout of one rank's file {@code <dir>/jmpi-<jobId>-<rank>}: the rank's inbound rings, one per
 * sender (itself included), created and initialized by the owner, written by each sender into its
 * own ring only.
 *
 * <pre>
 *  +0      line 0, file header (little-endian), written by the owner before it publishes the path:
 *          +0  long  MAGIC          "JMPISHM1" (ASCII, little-endian long)
 *          +8  int   LAYOUT         LAYOUT_VERSION
 *          +12 int   WORLD_SIZE     number of ranks (= number of rings)
 *          +16 int   OWNER          world rank of the owner (the consumer of every ring)
 *          +20 int   RING_BYTES     capacity of each ring's data area (power of two)
 *  +64     line 1, DOORBELL: int, 1 while the owner sleeps and wants a poke on its socket
 *          (set by the owner, volatile; cleared by the one sender that CASes it to 0: see ShmDoorbell)
 *  +128    unused up to CONTROL
 *  CONTROL = 256
 *          control block of the ring from sender s at CONTROL + s * RingDescriptor.CONTROL_BYTES
 *  DATA = CONTROL + size * CONTROL_BYTES, rounded up to a 4 KiB page
 *          data area of the ring from sender s at DATA + s * RING_BYTES
 *  file size = DATA + size * RING_BYTES
 * </pre>
 * The file is sparse on tmpfs: a ring's pages cost memory once traffic has touched them, so a job of
 * n ranks may use up to n * n * RING_BYTES (the default ring size shrinks with n; see
 * {@link ShmConfig}).
 *
 * <p>Concurrency: constants only. The header is written once by the owner before it puts the path
 * into the bootstrap; the bootstrap's fence orders it before any sender maps the file.
 */
final class ShmFileDescriptor {
    /** "JMPISHM1" read as a little-endian long. */
    static final long MAGIC_VALUE = 0x314D485349504D4AL;
    static final int LAYOUT_VERSION = 1;
    static final long MAGIC = 0;
    static final long LAYOUT = 8;
    static final long WORLD_SIZE = 12;
    static final long OWNER = 16;
    static final long RING_BYTES = 20;
    static final long DOORBELL = 64;
    static final long CONTROL = 256;
    static final long PAGE = 4096;

    private ShmFileDescriptor() {
    }

    static long control(int sender) {
        return CONTROL + sender * RingDescriptor.CONTROL_BYTES;
    }

    static long dataStart(int worldSize) {
        long end = CONTROL + worldSize * RingDescriptor.CONTROL_BYTES;
        return (end + PAGE - 1) & -PAGE;
    }

    static long data(int worldSize, int ringBytes, int sender) {
        return dataStart(worldSize) + (long) sender * ringBytes;
    }

    static long fileBytes(int worldSize, int ringBytes) {
        return dataStart(worldSize) + (long) worldSize * ringBytes;
    }

    /** The file name of {@code rank}'s rings in job {@code jobId}. */
    static String fileName(String jobId, int rank) {
        return "jmpi-" + jobId + "-" + rank;
    }

    /** A glob matching every file of job {@code jobId}: its ranks' ring files and their doorbell sockets. */
    static String fileGlob(String jobId) {
        return "jmpi-" + jobId + "-*";
    }
}
