package jmpi.transport.shm;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One rank's ring file (layout: {@link ShmFileDescriptor}) mapped into this process: created by its
 * owner, or opened by a sender. Each mapping has its own shared {@link Arena}; {@link #close} unmaps.
 *
 * <p>Concurrency: immutable after construction; the segment is used by the owner's poll and
 * the senders' channels as their classes say. The header is written before the owner publishes the
 * path through the bootstrap, whose fence orders it before any peer reads it.
 */
final class ShmFile implements AutoCloseable {
    final Path path;
    final int owner;
    final int worldSize;
    final int ringBytes;
    final MemorySegment segment;
    private final Arena arena;

    private ShmFile(Path path, int owner, int worldSize, int ringBytes, Arena arena, MemorySegment segment) {
        this.path = path;
        this.owner = owner;
        this.worldSize = worldSize;
        this.ringBytes = ringBytes;
        this.arena = arena;
        this.segment = segment;
    }

    /** Creates (it must not exist), sizes and maps {@code owner}'s file, with permissions rw-------. */
    static ShmFile create(Path path, int owner, int worldSize, int ringBytes) throws IOException {
        long size = ShmFileDescriptor.fileBytes(worldSize, ringBytes);
        FileChannel ch = FileChannel.open(path, java.util.Set.of(StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        // from here on the file is ours: delete it if mapping fails (never a file we did not create)
        Arena arena = Arena.ofShared();
        try (ch) {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            seg.set(ShmRecordDescriptor.INT, ShmFileDescriptor.LAYOUT, ShmFileDescriptor.LAYOUT_VERSION);
            seg.set(ShmRecordDescriptor.INT, ShmFileDescriptor.WORLD_SIZE, worldSize);
            seg.set(ShmRecordDescriptor.INT, ShmFileDescriptor.OWNER, owner);
            seg.set(ShmRecordDescriptor.INT, ShmFileDescriptor.RING_BYTES, ringBytes);
            seg.set(ShmRecordDescriptor.LONG, ShmFileDescriptor.MAGIC, ShmFileDescriptor.MAGIC_VALUE);
            return new ShmFile(path, owner, worldSize, ringBytes, arena, seg);
        } catch (IOException | RuntimeException e) {
            arena.close();
            Files.deleteIfExists(path);
            throw e;
        }
    }

    /** Maps the file of rank {@code owner}, checking its header against what this rank expects. */
    static ShmFile open(Path path, int owner, int worldSize) throws IOException {
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            if (size < ShmFileDescriptor.CONTROL) {
                throw new IOException(path + ": " + size + " bytes, too short for a ring file");
            }
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            long magic = seg.get(ShmRecordDescriptor.LONG, ShmFileDescriptor.MAGIC);
            int layout = seg.get(ShmRecordDescriptor.INT, ShmFileDescriptor.LAYOUT);
            int n = seg.get(ShmRecordDescriptor.INT, ShmFileDescriptor.WORLD_SIZE);
            int own = seg.get(ShmRecordDescriptor.INT, ShmFileDescriptor.OWNER);
            int ring = seg.get(ShmRecordDescriptor.INT, ShmFileDescriptor.RING_BYTES);
            if (magic != ShmFileDescriptor.MAGIC_VALUE || layout != ShmFileDescriptor.LAYOUT_VERSION) {
                throw new IOException(path + ": not a jmpi ring file of layout " + ShmFileDescriptor.LAYOUT_VERSION
                        + " (magic " + Long.toHexString(magic) + ", layout " + layout + ")");
            }
            if (n != worldSize || own != owner || !RingDescriptor.validCapacity(ring)
                    || size != ShmFileDescriptor.fileBytes(n, ring)) {
                throw new IOException(path + ": header says rank " + own + " of " + n + " with rings of " + ring
                        + " bytes in " + size + " bytes; expected rank " + owner + " of " + worldSize);
            }
            return new ShmFile(path, owner, worldSize, ring, arena, seg);
        } catch (IOException | RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    SpscRingProducer producer(int sender) {
        return new SpscRingProducer(segment, ShmFileDescriptor.control(sender),
                ShmFileDescriptor.data(worldSize, ringBytes, sender), ringBytes);
    }

    SpscRingConsumer consumer(int sender) {
        return new SpscRingConsumer(segment, ShmFileDescriptor.control(sender),
                ShmFileDescriptor.data(worldSize, ringBytes, sender), ringBytes);
    }

    /** Unmaps (idempotent through the endpoint, which closes each file once). */
    @Override
    public void close() {
        arena.close();
    }
}
