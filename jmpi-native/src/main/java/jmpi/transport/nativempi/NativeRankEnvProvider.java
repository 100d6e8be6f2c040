package jmpi.transport.nativempi;

import java.lang.System.Logger.Level;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

import jmpi.spi.Endpoint;
import jmpi.spi.JobAbortedError;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;
import jmpi.spi.Setting;

/**
 * The rank environment of a program started by the system's MPI launcher ({@code mpirun}, {@code mpiexec},
 * {@code srun --mpi=pmix}): loads the MPI library ({@link Profile#detect}), initializes it asking for
 * {@code MPI_THREAD_MULTIPLE}, and opens the {@link NativeTransport}. Recognizes its process by the
 * launcher's environment ({@link Profile#launchedByMpi}) or by {@code jmpi.native.library} set to a library;
 * priority 5, below jmpirun's own processes (10) and above the singleton (0).
 *
 * <p>Failure: a rank that fails (an uncaught exception in the thread that called {@code MPI.Init}, an
 * error under {@code MPI.ERRORS_ARE_FATAL}, {@code MPI.Abort}) prints one line naming itself and what
 * happened to standard error and calls {@code MPI_Abort}, which ends every process of the job; the
 * launcher exits non-zero.
 */
public final class NativeRankEnvProvider implements RankEnvProvider {
    private static final System.Logger LOG = System.getLogger(NativeRankEnvProvider.class.getName());
    private static final int HOST_BYTES = 256;

    @Override
    public int priority() {
        return 5;
    }

    @Override
    public Optional<RankEnv> find(String[] args, ClassLoader loader) {
        Map<String, String> env = System.getenv();
        String library = NativeSetting.LIBRARY.value();
        boolean named = library != null && !library.isBlank() && !library.strip().equals("auto");
        if (!named && !Profile.launchedByMpi(env)) {
            return Optional.empty();
        }
        return Optional.of(start(Profile.detect(env, library), args));
    }

    /** Loads, initializes and attaches to the library of {@code profile}. */
    static RankEnv start(Profile profile, String[] args) {
        NativeMpi mpi = NativeMpi.load(profile);
        int provided = mpi.initThread(NativeMpi.THREAD_MULTIPLE);
        mpi.errorsReturn(mpi.commWorld());
        int rank = mpi.rank(mpi.commWorld());
        int size = mpi.size(mpi.commWorld());
        boolean[] sameHost = sameHost(mpi, rank, size);
        long eager = NativeSetting.EAGER_LIMIT.longValue(Setting.SYSTEM_PROPERTIES, 0, Integer.MAX_VALUE, 65_536);
        int first = (int) NativeSetting.FIRST_PART_BYTES.longValue(Setting.SYSTEM_PROPERTIES, 256, 1 << 30, 65_568);
        long pool = NativeSetting.POOL_BYTES.longValue(Setting.SYSTEM_PROPERTIES, 0, Long.MAX_VALUE, 256L << 20);
        long park = NativeSetting.PARK_MICROS.longValue(Setting.SYSTEM_PROPERTIES, 1, 1_000_000, 50);
        String direct = NativeSetting.DIRECT_RECEIVE.value();
        if (!direct.equals("auto") && !direct.equals("true") && !direct.equals("false")) {
            throw new IllegalArgumentException("jmpi.native.direct.receive=" + direct + ": must be auto, true or false");
        }
        boolean[] directFrom = new boolean[size];
        for (int r = 0; r < size; r++) {
            directFrom[r] = direct.equals("true") || direct.equals("auto") && sameHost[r];
        }
        NativeTransport transport = new NativeTransport(mpi, rank, size, provided, sameHost, directFrom, eager, first,
                pool, park * 1_000);
        if (provided < NativeMpi.THREAD_MULTIPLE) {
            LOG.log(Level.DEBUG, "rank {0}: {1} granted thread level {2}, not THREAD_MULTIPLE: calls are serialized",
                    rank, mpi.libraryName(), provided);
        }
        NativeJob job = new NativeJob(mpi, transport);
        if (Thread.getDefaultUncaughtExceptionHandler() == null) {
            Thread.setDefaultUncaughtExceptionHandler(new Uncaught(Thread.currentThread(), rank, job));
        }
        int local = localRanks(System.getenv(), sameHost);
        return new NativeRankEnv(rank, size, transport, job, local, args == null ? new String[0] : args.clone(),
                mainClass());
    }

    /** Which world ranks share this rank's host (by host name, gathered through the library). */
    private static boolean[] sameHost(NativeMpi mpi, int rank, int size) {
        String host = hostName();
        byte[] name = host.getBytes(StandardCharsets.UTF_8);
        boolean[] same = new boolean[size];
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mine = a.allocate(HOST_BYTES);
            MemorySegment.copy(name, 0, mine, ValueLayout.JAVA_BYTE, 0, Math.min(name.length, HOST_BYTES));
            MemorySegment all = a.allocate((long) HOST_BYTES * size);
            mpi.allgather(mine, HOST_BYTES, all, mpi.commWorld());
            for (int r = 0; r < size; r++) {
                same[r] = all.asSlice((long) r * HOST_BYTES, HOST_BYTES).mismatch(mine) < 0;
            }
        }
        same[rank] = true;
        return same;
    }

    private static String hostName() {
        String forced = System.getenv("JMPI_HOST_NAME");
        if (forced != null && !forced.isBlank()) {
            return forced;
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    private static int localRanks(Map<String, String> env, boolean[] sameHost) {
        int n = 0;
        for (boolean b : sameHost) {
            n += b ? 1 : 0;
        }
        return Math.max(1, n);
    }

    private static String mainClass() {
        String cmd = System.getProperty("sun.java.command", "");
        int space = cmd.indexOf(' ');
        return cmd.isEmpty() ? null : space < 0 ? cmd : cmd.substring(0, space);
    }

    /** The job as the MPI library runs it: failing aborts it through {@code MPI_Abort}. */
    static final class NativeJob implements JobControl {
        /** How long a failing rank waits between printing why and calling MPI_Abort. */
        private static final long ABORT_GRACE_NANOS = 300_000_000L;

        private final NativeMpi mpi;
        private final NativeTransport transport;
        private volatile String abortReason;

        NativeJob(NativeMpi mpi, NativeTransport transport) {
            this.mpi = mpi;
            this.transport = transport;
        }

        @Override
        public boolean aborted() {
            return abortReason != null;
        }

        @Override
        public String abortReason() {
            return abortReason;
        }

        @Override
        public void fail(int rank, int exitCode, String why, Throwable cause) {
            String reason = why;
            if (cause != null && (why == null || !why.contains(String.valueOf(cause.getMessage())))) {
                reason = why + " (" + cause + ")";
            }
            abortReason = "rank " + rank + ": " + reason;
            System.err.println("jmpi: rank " + rank + " failed: " + reason + "; aborting the job");
            System.err.flush();
            // The launcher forwards a rank's output through a pipe it stops reading when the abort tears the
            // job down: give it a moment to pass the line on (Hydra lost it in about 1 run of 10 without this).
            java.util.concurrent.locks.LockSupport.parkNanos(ABORT_GRACE_NANOS);
            if (!transport.closed()) {
                mpi.abort(mpi.commWorld(), exitCode == 0 ? 1 : exitCode); // ends every process of the job
            }
        }
    }

    /**
     * An exception escaping the thread that called {@code MPI.Init} fails the job naming the rank; other
     * threads' exceptions are shown as the JVM's own handler would show them.
     */
    private record Uncaught(Thread initThread, int rank, NativeJob job) implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread t, Throwable e) {
            if (e instanceof JobAbortedError && job.aborted()) {
                return;
            }
            System.err.print("Exception in thread \"" + t.getName() + "\" ");
            e.printStackTrace(System.err);
            if (t == initThread) {
                job.fail(rank, 1, "threw " + e, null);
            }
        }
    }

    record NativeRankEnv(int rank, int size, Endpoint endpoint, JobControl job, int localRanks, String[] args,
                         String mainClass) implements RankEnv {
    }
}
