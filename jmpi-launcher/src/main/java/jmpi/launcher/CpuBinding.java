package jmpi.launcher;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Binding rank threads to cores ({@code jmpirun --bind-to core}): the CPUs the launcher itself may run on
 * are dealt out to the ranks in consecutive shares as equal as they go (with as many ranks as CPUs, one
 * each; with fewer ranks, the first {@code cpus % ranks} ranks get one more), and each rank's thread is
 * restricted to its share, so that two spinning ranks never share a core while another stands idle and
 * a rank never leaves its cores (as Open MPI binds a process per core by default). Threads a rank starts
 * (its task runtime's workers, the program's own) inherit the share: a rank of one JVM with two CPUs to
 * itself keeps both for its threads. The JVM's own threads (compiler, GC) stay unbound.
 *
 * <p>Linux only: the CPUs allowed are read from {@code /proc/self/status} ({@code Cpus_allowed_list},
 * which honours {@code taskset} and cgroup cpusets), and a thread binds itself with
 * {@code sched_setaffinity(0, ...)} through the FFM API, which needs native access enabled for jmpi
 * ({@code --enable-native-access=ALL-UNNAMED}); where binding cannot be had, {@link #plan} and
 * {@link #bindCurrentThread} say why.
 *
 * <p>Concurrency: stateless; {@link #bindCurrentThread} affects only the calling thread.
 */
public final class CpuBinding {
    /** The binding modes of {@code jmpirun --bind-to} and {@code JMPI_BIND}, as written there. */
    static final List<String> MODES = List.of("auto", "none", "core");
    /** Bytes of the CPU mask passed to the kernel: 1024 CPUs, glibc's {@code cpu_set_t}. */
    private static final int MASK_BYTES = 128;
    private static final MethodHandle SET_AFFINITY;
    private static final VarHandle ERRNO;
    private static final StructLayout CAPTURE;
    private static final String UNAVAILABLE;

    static {
        MethodHandle set = null;
        VarHandle errno = null;
        StructLayout capture = null;
        String why = null;
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("linux")) {
            why = "binding to cores is implemented for Linux only, not " + System.getProperty("os.name");
        } else if (!CpuBinding.class.getModule().isNativeAccessEnabled()) {
            why = "binding to cores calls sched_setaffinity through the FFM API, which needs the JVM option"
                    + " --enable-native-access=ALL-UNNAMED (for bin/jmpirun: JMPI_JAVA_OPTS=--enable-native-access=ALL-UNNAMED)";
        } else {
            Linker linker = Linker.nativeLinker();
            var symbol = linker.defaultLookup().find("sched_setaffinity");
            if (symbol.isEmpty()) {
                why = "this C library has no sched_setaffinity";
            } else {
                capture = Linker.Option.captureStateLayout();
                errno = capture.varHandle(java.lang.foreign.MemoryLayout.PathElement.groupElement("errno"));
                // int sched_setaffinity(pid_t pid, size_t cpusetsize, const cpu_set_t *mask)
                set = linker.downcallHandle(symbol.get(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS),
                        Linker.Option.captureCallState("errno"));
            }
        }
        SET_AFFINITY = set;
        ERRNO = errno;
        CAPTURE = capture;
        UNAVAILABLE = why;
    }

    private CpuBinding() {
    }

    /**
     * The CPUs this process may run on, ascending ({@code Cpus_allowed_list} of {@code /proc/self/status}).
     *
     * @throws IOException when the file cannot be read or holds no such line
     */
    public static List<Integer> allowedCpus() throws IOException {
        return allowedCpus(Path.of("/proc/self/status"));
    }

    /**
     * The CPUs a {@code status} file of {@code /proc} allows, ascending: {@code /proc/self/status} for the
     * process, {@code /proc/thread-self/status} for the calling thread (what a binding changes).
     *
     * @throws IOException when the file cannot be read or holds no {@code Cpus_allowed_list} line
     */
    public static List<Integer> allowedCpus(Path status) throws IOException {
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed_list:")) {
                return parseCpuList(line.substring(line.indexOf(':') + 1).trim());
            }
        }
        throw new IOException(status + " has no Cpus_allowed_list line");
    }

    /**
     * The CPUs of a kernel CPU list such as {@code 0-3,8,10-11}, ascending.
     *
     * @throws IllegalArgumentException for anything else (empty, a descending range, a negative number)
     */
    static List<Integer> parseCpuList(String list) {
        List<Integer> cpus = new ArrayList<>();
        if (list.isEmpty()) {
            throw new IllegalArgumentException("empty CPU list");
        }
        for (String part : list.split(",")) {
            int dash = part.indexOf('-');
            try {
                int from = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1));
                if (from < 0 || to < from || (!cpus.isEmpty() && from <= cpus.getLast())) {
                    throw new IllegalArgumentException("bad CPU list '" + list + "' at '" + part + "'");
                }
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list '" + list + "' at '" + part + "'", e);
            }
        }
        return List.copyOf(cpus);
    }

    /**
     * The CPUs of each of {@code ranks} rank threads: consecutive shares of the allowed CPUs, rank 0 first, the
     * first {@code cpus % ranks} shares one CPU larger than the others.
     *
     * @throws IllegalArgumentException when binding cannot be had here, or there are more ranks than
     *                                  allowed CPUs (binding two spinning ranks to one core would only
     *                                  make them take turns)
     * @throws IOException              when the allowed CPUs cannot be read
     */
    public static int[][] plan(int ranks) throws IOException {
        return plan(ranks, "");
    }

    /** {@link #plan(int)}, the refusal of too many ranks naming them {@code ranks + where} (" on host h"). */
    private static int[][] plan(int ranks, String where) throws IOException {
        if (UNAVAILABLE != null) {
            throw new IllegalArgumentException("--bind-to core: " + UNAVAILABLE);
        }
        List<Integer> cpus = allowedCpus();
        if (ranks > cpus.size()) {
            throw new IllegalArgumentException("--bind-to core: " + ranks + " ranks" + where + " but this process may run"
                    + " on only " + cpus.size() + " CPUs (" + cpus + "); use --bind-to none to run them oversubscribed");
        }
        return shares(cpus, ranks);
    }

    /**
     * {@link #plan} where binding can be had (Linux, native access, at most as many ranks as allowed CPUs, the
     * allowed CPUs readable), else null: {@code jmpirun --bind-to auto}, which binds where it can and otherwise
     * leaves placement to the operating system without a word.
     */
    public static int[][] planWherePossible(int ranks) {
        try {
            return plan(ranks);
        } catch (IOException | IllegalArgumentException e) { // why binding cannot be had: auto then does not bind
            return null;
        }
    }

    /**
     * In a rank process of a job on a process transport ({@code jmpirun --transport shm|tcp|auto --bind-to}): binds the
     * calling thread, which is about to run rank {@code rank} of {@code info}'s ranks, to that rank's share of this
     * process's allowed CPUs, the shares dealt out over the {@link ProcessLaunchInfo#localSize} ranks of the host as
     * {@link #plan} deals them in one JVM. So the ranks of one host bind as the ranks of a threads job do: rank r of the
     * host to the r-th share. Only the calling thread and the threads it starts afterwards are bound: the JVM's own
     * threads (compiler, GC) keep every CPU, and the JVM sizes them from all of them.
     *
     * <p>{@link ProcessLaunchInfo#bind} {@code core}: binding that cannot be had (not Linux, no native access, no
     * {@code JMPI_LOCAL_RANK}, more ranks on the host than CPUs) fails with an {@link IllegalStateException} saying why.
     * {@code auto}: it is then skipped without a word. null: nothing is done.
     *
     * @return the CPUs the thread was bound to, or null when it was not
     */
    static int[] bindRank(ProcessLaunchInfo info, int rank) {
        if (info.bind() == null) {
            return null;
        }
        boolean required = info.bind().equals("core");
        String why = null; // what makes binding impossible, starting "--bind-to core: "
        int[] share = null;
        if (info.localRank() < 0) {
            why = "--bind-to core: the launcher gave no " + ProcessLaunchInfo.LOCAL_RANK
                    + " (this rank's place among the ranks of its host)";
        } else {
            try {
                share = plan(info.localSize(), " on host " + info.host())[info.localRank() + rank - info.rank()];
            } catch (IllegalArgumentException e) {
                why = e.getMessage();
            } catch (IOException e) {
                why = "--bind-to core: cannot read the CPUs this process may run on: " + e.getMessage();
            }
        }
        if (why != null) {
            if (required) {
                throw new IllegalStateException("rank " + rank + ": " + why);
            }
            return null;
        }
        try {
            bindCurrentThread(share);
        } catch (IllegalStateException e) {
            if (required) {
                throw new IllegalStateException("rank " + rank + ": --bind-to core: " + e.getMessage(), e);
            }
            return null; // auto: the kernel refused (a cpuset changed under us); run unbound
        }
        return share;
    }

    /** {@code cpus} dealt out to {@code ranks} in consecutive shares, the first {@code cpus.size() % ranks} one larger. */
    static int[][] shares(List<Integer> cpus, int ranks) {
        if (ranks < 1 || ranks > cpus.size()) {
            throw new IllegalArgumentException(ranks + " ranks for " + cpus.size() + " CPUs");
        }
        int[][] plan = new int[ranks][];
        int base = cpus.size() / ranks;
        int larger = cpus.size() % ranks;
        int next = 0;
        for (int r = 0; r < ranks; r++) {
            int n = base + (r < larger ? 1 : 0);
            plan[r] = new int[n];
            for (int i = 0; i < n; i++) {
                plan[r][i] = cpus.get(next++);
            }
        }
        return plan;
    }

    /**
     * Restricts the calling thread (and the threads it starts afterwards) to {@code cpus}.
     *
     * @throws IllegalStateException    when binding cannot be had here (the message says why) or the
     *                                  kernel refuses (its errno is named)
     * @throws IllegalArgumentException for no CPU or a CPU outside the mask
     */
    public static void bindCurrentThread(int... cpus) {
        if (UNAVAILABLE != null) {
            throw new IllegalStateException(UNAVAILABLE);
        }
        if (cpus.length == 0) {
            throw new IllegalArgumentException("no CPU to bind to");
        }
        String named = cpus.length == 1 ? "CPU " + cpus[0] : "CPUs " + java.util.Arrays.toString(cpus);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment mask = arena.allocate(MASK_BYTES, 8);
            for (int cpu : cpus) {
                if (cpu < 0 || cpu >= MASK_BYTES * 8) {
                    throw new IllegalArgumentException("CPU " + cpu + " outside [0, " + MASK_BYTES * 8 + ")");
                }
                mask.set(ValueLayout.JAVA_BYTE, cpu / 8, (byte) (mask.get(ValueLayout.JAVA_BYTE, cpu / 8) | (1 << (cpu % 8))));
            }
            MemorySegment state = arena.allocate(CAPTURE);
            int rc = (int) SET_AFFINITY.invokeExact(state, 0, (long) MASK_BYTES, mask);
            if (rc != 0) {
                int errno = (int) ERRNO.get(state, 0L);
                throw new IllegalStateException("sched_setaffinity to " + named + " failed (errno " + errno + ")");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("sched_setaffinity to " + named + " failed: " + t, t);
        }
    }
}
