package jmpi.transport.nativempi;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.function.Consumer;

/**
 * The operations a rank has in flight, their request handles side by side in native memory, so that one
 * {@code MPI_Testsome} tests them all (testing each with {@code MPI_Test} costs one library progress call per
 * operation: a window of 64 sends cost 64 per look). Completed ones get their status (source as a world
 * rank, tag, bytes, cancelled) and leave the array, which stays dense.
 *
 * <p>Threads: one thread at a time (the transport's progress lock).
 */
final class ActiveRequests {
    private static final int UNDEFINED = -32766; // MPI_UNDEFINED, equal in Open MPI and MPICH

    private final NativeMpi mpi;
    private final int requestBytes;
    private final int statusBytes;
    private final MemorySegment scratch = Arena.ofAuto().allocate(16, 8); // outcount, count, flag
    private MemorySegment requests;
    private MemorySegment statuses;
    private MemorySegment indices;
    private NativeOp[] ops;
    private NativeOp[] completed = new NativeOp[64];
    private int n;

    ActiveRequests(NativeMpi mpi) {
        this.mpi = mpi;
        this.requestBytes = mpi.profile().requestBytes();
        this.statusBytes = mpi.profile().statusBytes();
        grow(64);
    }

    private void grow(int capacity) {
        Arena a = Arena.ofAuto();
        MemorySegment r = a.allocate((long) capacity * requestBytes, 8);
        if (requests != null) {
            MemorySegment.copy(requests, 0, r, 0, (long) n * requestBytes);
        }
        requests = r;
        statuses = a.allocate((long) capacity * statusBytes, 8);
        indices = a.allocate((long) capacity * 4, 4);
        NativeOp[] o = new NativeOp[capacity];
        if (ops != null) {
            System.arraycopy(ops, 0, o, 0, n);
        }
        ops = o;
    }

    int size() {
        return n;
    }

    void add(NativeOp op) {
        if (n == ops.length) {
            grow(2 * n);
        }
        mpi.writeHandle(requests, (long) n * requestBytes, op.handle);
        ops[n] = op;
        op.slot = n++;
    }

    /** Calls {@code each} on every operation in the array. */
    void forEach(Consumer<NativeOp> each) {
        for (int i = 0; i < n; i++) {
            each.accept(ops[i]);
        }
    }

    /** {@code MPI_Cancel} of an operation in the array. */
    void cancel(NativeOp op) {
        mpi.cancel(requests.asSlice((long) op.slot * requestBytes, requestBytes));
    }

    /** Tests every operation; hands each completed one, status filled in, to {@code done}; returns how many. */
    int test(Consumer<NativeOp> done) {
        if (n == 0) {
            return 0;
        }
        int rc = mpi.testsome(n, requests, scratch, indices, statuses);
        int k = scratch.get(JAVA_INT, 0);
        if (k == UNDEFINED || k <= 0) {
            if (rc != 0) {
                throw new NativeMpiException("MPI_Testsome", rc);
            }
            return 0;
        }
        if (completed.length < k) {
            completed = new NativeOp[ops.length];
        }
        for (int j = 0; j < k; j++) {
            int i = indices.getAtIndex(JAVA_INT, j);
            NativeOp op = ops[i];
            ops[i] = null;
            MemorySegment status = statuses.asSlice((long) j * statusBytes, statusBytes);
            if (rc != 0) {
                int error = status.get(JAVA_INT, mpi.profile().errorOffset());
                if (error != 0) {
                    throw new NativeMpiException(op.receive ? "MPI_Irecv" : "MPI_Isend", error);
                }
            }
            if (op.receive) {
                fill(op, status);
            }
            completed[j] = op;
        }
        int w = 0;
        for (int r = 0; r < n; r++) {
            if (ops[r] != null) {
                if (w != r) {
                    MemorySegment.copy(requests, (long) r * requestBytes, requests, (long) w * requestBytes, requestBytes);
                    ops[w] = ops[r];
                    ops[w].slot = w;
                    ops[r] = null;
                }
                w++;
            }
        }
        n = w;
        for (int j = 0; j < k; j++) {
            NativeOp op = completed[j];
            completed[j] = null;
            done.accept(op);
        }
        return k;
    }

    private void fill(NativeOp op, MemorySegment status) {
        if (op.cancelIssued && mpi.cancelled(status, scratch.asSlice(8, 4))) {
            op.cancelled = true;
            return;
        }
        op.source = op.members[mpi.source(status)];
        op.tag = mpi.tag(status);
        op.bytes = mpi.count(status, mpi.byteType(), scratch.asSlice(4, 4));
    }
}
