package jmpi.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Prefixes each line written by a rank's threads with {@code [rank] }. Lines are collected per thread
 * and written whole, so ranks printing at once do not interleave within a line. Threads outside any
 * rank write unprefixed.
 */
final class RankOutput extends OutputStream {
    /** The rank of the current thread; inherited by threads a rank starts. */
    static final InheritableThreadLocal<Integer> RANK = new InheritableThreadLocal<>();

    private final OutputStream out;
    private final ThreadLocal<ByteArrayOutputStream> line = ThreadLocal.withInitial(() -> new ByteArrayOutputStream(128));

    RankOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        ByteArrayOutputStream l = line.get();
        l.write(b);
        if (b == '\n') {
            emit(l);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        ByteArrayOutputStream l = line.get();
        int start = off;
        for (int i = off; i < off + len; i++) {
            if (b[i] == '\n') {
                l.write(b, start, i + 1 - start);
                emit(l);
                start = i + 1;
            }
        }
        l.write(b, start, off + len - start);
    }

    @Override
    public void flush() throws IOException {
        ByteArrayOutputStream l = line.get();
        if (l.size() > 0) {
            emit(l);
        }
        out.flush();
    }

    private void emit(ByteArrayOutputStream l) throws IOException {
        Integer rank = RANK.get();
        byte[] prefix = rank == null ? new byte[0] : ("[" + rank + "] ").getBytes();
        synchronized (out) {
            out.write(prefix);
            l.writeTo(out);
            out.flush();
        }
        l.reset();
    }
}
