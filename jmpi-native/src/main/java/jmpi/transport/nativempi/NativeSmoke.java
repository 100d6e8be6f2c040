package jmpi.transport.nativempi;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * A check of the bindings under the library's own launcher ({@code mpirun.openmpi -np 2 java ... NativeSmoke}):
 * every rank but 0 sends rank 0 a message of {@code 1000 + rank} bytes whose content names it; rank 0 receives
 * them with {@code MPI_ANY_SOURCE}, checks source, tag, count and every byte, and answers each with the bytes
 * reversed, which the sender checks. Before that, every rank checks that the JVM still survives null
 * dereferences in compiled code after {@code MPI_Init} (UCX's signal handler). Then a barrier and finalize. Each rank prints
 * {@code PASS native <library> rank r of n thread level t} and exits 0, or throws (non-zero exit).
 * Single-threaded.
 */
public final class NativeSmoke {
    private NativeSmoke() {
    }

    public static void main(String[] args) {
        Profile profile = Profile.detect(System.getenv(), NativeSetting.LIBRARY.value());
        NativeMpi mpi = NativeMpi.load(profile);
        int level = mpi.initThread(NativeMpi.THREAD_MULTIPLE);
        survivesImplicitNullChecks();
        long world = mpi.commWorld();
        int rank = mpi.rank(world);
        int size = mpi.size(world);
        if (size < 2) {
            throw new IllegalStateException("run on 2 ranks or more (got " + size + ": a library that does not match"
                    + " the launcher starts every process alone)");
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment request = mpi.newRequest(arena);
            MemorySegment status = mpi.newStatus(arena);
            if (rank == 0) {
                boolean[] seen = new boolean[size];
                MemorySegment buf = arena.allocate(1000 + size);
                for (int i = 1; i < size; i++) {
                    mpi.irecv(buf, (int) buf.byteSize(), mpi.byteType(), mpi.anySource(), 7, world, request);
                    mpi.await(request, status);
                    int from = mpi.source(status);
                    int n = mpi.count(status, mpi.byteType());
                    expect(from > 0 && from < size && !seen[from], "source " + from);
                    seen[from] = true;
                    expect(mpi.tag(status) == 7, "tag " + mpi.tag(status));
                    expect(n == 1000 + from, "count " + n + " from rank " + from);
                    for (int k = 0; k < n; k++) {
                        expect(buf.get(JAVA_BYTE, k) == pattern(from, k), "byte " + k + " from rank " + from);
                    }
                    MemorySegment answer = arena.allocate(n);
                    for (int k = 0; k < n; k++) {
                        answer.set(JAVA_BYTE, k, buf.get(JAVA_BYTE, n - 1 - k));
                    }
                    mpi.isend(answer, n, mpi.byteType(), from, 8, world, request);
                    mpi.await(request, status);
                }
            } else {
                int n = 1000 + rank;
                MemorySegment out = arena.allocate(n);
                for (int k = 0; k < n; k++) {
                    out.set(JAVA_BYTE, k, pattern(rank, k));
                }
                MemorySegment back = arena.allocate(n);
                MemorySegment recvRequest = mpi.newRequest(arena);
                MemorySegment recvStatus = mpi.newStatus(arena);
                mpi.irecv(back, n, mpi.byteType(), 0, 8, world, recvRequest);
                mpi.isend(out, n, mpi.byteType(), 0, 7, world, request);
                mpi.await(request, status);
                while (!mpi.test(recvRequest, recvStatus)) {
                    Thread.onSpinWait();
                }
                expect(mpi.count(recvStatus, mpi.byteType()) == n, "answer's count");
                for (int k = 0; k < n; k++) {
                    expect(back.get(JAVA_BYTE, k) == pattern(rank, n - 1 - k), "answer's byte " + k);
                }
            }
        }
        mpi.barrier(world);
        System.out.println("PASS native " + mpi.libraryName() + " rank " + rank + " of " + size + " thread level "
                + level);
        mpi.finalizeMpi();
    }

    private static int[] holder = {1};

    private static int read(int[] a) {
        return a[0];
    }

    /**
     * Compiled code turns a null dereference into a caught SIGSEGV; a library that installs its own SIGSEGV
     * handler in MPI_Init (UCX) kills the JVM here unless {@link NativeMpi#load} configured it not to.
     */
    private static void survivesImplicitNullChecks() {
        long sum = 0;
        for (int i = 0; i < 2_000_000; i++) {
            sum += read(holder);
        }
        int caught = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                sum += read(i % 2 == 0 ? null : holder);
            } catch (NullPointerException e) {
                caught++;
            }
        }
        expect(caught == 500 && sum == 2_000_500, "implicit null checks after MPI_Init (" + caught + " caught)");
    }

    private static byte pattern(int rank, int k) {
        return (byte) (rank * 31 + k);
    }

    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("native smoke: wrong " + what);
        }
    }
}
