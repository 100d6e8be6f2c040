package jmpi.launcher;

import java.util.HexFormat;
import java.util.function.Function;

/**
 * How a rank started as its own process learns its place in the job: from jmpirun's variables
 * ({@code JMPI_RANK}, {@code JMPI_SIZE}, {@code JMPI_LOCAL_SIZE}, {@code JMPI_BOOT}, {@code JMPI_SECRET},
 * {@code JMPI_JOB_ID}, {@code JMPI_TRANSPORT}, {@code JMPI_HOST}, {@code JMPI_CLUSTER}, {@code JMPI_RANKS}), or under Slurm's {@code srun} from
 * {@code SLURM_PROCID}, {@code SLURM_NTASKS}, {@code SLURM_TASKS_PER_NODE} / {@code SLURM_NODEID} and
 * {@code SLURM_JOB_ID} / {@code SLURM_STEP_ID}, with {@code JMPI_BOOT} and {@code JMPI_SECRET} given by
 * the user (docs/LAUNCH.md), and {@code JMPI_CLUSTER} if the user sets it. A {@code JMPI_*} variable wins over
 * its Slurm counterpart.
 *
 * <p>{@code JMPI_SECRET=-} means: the secret is the first line of standard input (jmpirun passes it so
 * to ranks it starts on other hosts, keeping it off their command lines).
 *
 * @param rank      the first rank this process runs
 * @param ranks     how many ranks this process runs as threads ({@code JMPI_RANKS}, default 1): ranks
 *                  {@code rank .. rank + ranks - 1}
 * @param localSize ranks of the job on this host (for the idle strategy)
 * @param host      the name of this rank's host in the job ({@code JMPI_HOST}, else Slurm's
 *                  {@code SLURMD_NODENAME}, else this machine's host name): ranks with equal names share
 *                  memory-based transports
 * @param cluster   the name of this rank's cluster ({@code JMPI_CLUSTER}), or null: none (ranks without a name
 *                  form one cluster together; every rank of a host must be in one cluster)
 * @param localRank where {@code rank} stands among the job's ranks on this host, from 0 ({@code JMPI_LOCAL_RANK},
 *                  else Slurm's {@code SLURM_LOCALID}), or -1: not given
 * @param bind      how this process binds its ranks to CPUs ({@code JMPI_BIND}: {@code core} or {@code auto},
 *                  {@link CpuBinding#bindRank}), or null: it does not ({@code none}, or not set)
 */
record ProcessLaunchInfo(int rank, int ranks, int size, int localSize, String boot, byte[] secret, String jobId,
                         String transport, String host, String cluster, int localRank, String bind) {
    static final String RANK = "JMPI_RANK";
    static final String SIZE = "JMPI_SIZE";
    static final String LOCAL_SIZE = "JMPI_LOCAL_SIZE";
    static final String BOOT = "JMPI_BOOT";
    static final String SECRET = "JMPI_SECRET";
    static final String JOB_ID = "JMPI_JOB_ID";
    static final String TRANSPORT = "JMPI_TRANSPORT";
    static final String HOST = "JMPI_HOST";
    static final String CLUSTER = "JMPI_CLUSTER";
    static final String RANKS = "JMPI_RANKS";
    static final String LOCAL_RANK = "JMPI_LOCAL_RANK";
    static final String BIND = "JMPI_BIND";
    /** The value of {@link #SECRET} that says: read it from the first line of standard input. */
    static final String SECRET_ON_STDIN = "-";

    /** Whether the environment says this process is a rank of a multi-process job. */
    static boolean present(Function<String, String> env) {
        return env.apply(BOOT) != null;
    }

    /**
     * Reads the launch information.
     *
     * @throws IllegalStateException naming the variable that is missing or malformed
     */
    static ProcessLaunchInfo fromEnvironment(Function<String, String> env) {
        return fromEnvironment(env, ProcessLaunchInfo::firstLineOfStdin);
    }

    /** As {@link #fromEnvironment(Function)}, reading a secret given as {@code -} from {@code stdinLine}. */
    static ProcessLaunchInfo fromEnvironment(Function<String, String> env, java.util.function.Supplier<String> stdinLine) {
        String boot = required(env, BOOT, null);
        int size = number(env, SIZE, "SLURM_NTASKS");
        int rank = number(env, RANK, "SLURM_PROCID");
        if (size < 1 || rank < 0 || rank >= size) {
            throw new IllegalStateException("rank " + rank + " of " + size + " is not a place in a job ("
                    + RANK + "/" + SIZE + " or SLURM_PROCID/SLURM_NTASKS)");
        }
        int ranks = env.apply(RANKS) == null ? 1 : number(env, RANKS, null);
        if (ranks < 1 || rank + ranks > size) {
            throw new IllegalStateException(RANKS + "=" + ranks + " from rank " + rank + " does not fit a job of " + size);
        }
        int localSize;
        if (env.apply(LOCAL_SIZE) != null) {
            localSize = number(env, LOCAL_SIZE, null);
        } else if (env.apply("SLURM_TASKS_PER_NODE") != null) {
            localSize = slurmTasksOnNode(env.apply("SLURM_TASKS_PER_NODE"), intOr(env.apply("SLURM_NODEID"), 0));
        } else {
            localSize = 1;
        }
        String secretHex = required(env, SECRET, null);
        if (secretHex.equals(SECRET_ON_STDIN)) {
            secretHex = stdinLine.get();
            if (secretHex == null || secretHex.isBlank()) {
                throw new IllegalStateException(SECRET + "=- but standard input holds no secret line");
            }
            secretHex = secretHex.trim();
        }
        byte[] secret;
        try {
            secret = HexFormat.of().parseHex(secretHex);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(SECRET + " must be hexadecimal", e);
        }
        if (secret.length < 16) {
            throw new IllegalStateException(SECRET + " must hold at least 16 bytes (32 hex digits)");
        }
        String jobId = env.apply(JOB_ID);
        if (jobId == null && env.apply("SLURM_JOB_ID") != null) {
            jobId = "slurm-" + env.apply("SLURM_JOB_ID") + "-" + (env.apply("SLURM_STEP_ID") == null ? "0" : env.apply("SLURM_STEP_ID"));
        }
        if (jobId == null || !jobId.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new IllegalStateException(JOB_ID + " must be 1 to 64 characters of [A-Za-z0-9_-], not " + jobId);
        }
        String transport = env.apply(TRANSPORT);
        if (transport == null) {
            transport = "auto"; // shm among the ranks of a node, tcp across nodes
        }
        String host = env.apply(HOST);
        if (host == null || host.isBlank()) {
            host = env.apply("SLURMD_NODENAME");
        }
        if (host == null || host.isBlank()) {
            host = localHostName();
        }
        String cluster = env.apply(CLUSTER);
        if (cluster != null && !cluster.isBlank()) {
            try {
                cluster = Hostfile.checkClusterName(cluster.trim(), CLUSTER + ": the");
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        } else {
            cluster = null;
        }
        int localRank = -1;
        if (env.apply(LOCAL_RANK) != null || env.apply("SLURM_LOCALID") != null) {
            localRank = number(env, LOCAL_RANK, "SLURM_LOCALID");
            if (localRank < 0 || localRank + ranks > Math.max(1, localSize)) {
                throw new IllegalStateException(LOCAL_RANK + "=" + localRank + " (or SLURM_LOCALID) with " + ranks
                        + " ranks in this process does not fit the " + Math.max(1, localSize) + " ranks on this host");
            }
        }
        String rawBind = env.apply(BIND);
        String bind = rawBind == null ? "" : rawBind.trim();
        if (!bind.isEmpty() && !CpuBinding.MODES.contains(bind)) {
            throw new IllegalStateException(BIND + " must be core, auto or none, not '" + rawBind + "'");
        }
        bind = bind.isEmpty() || bind.equals("none") ? null : bind;
        return new ProcessLaunchInfo(rank, ranks, size, Math.max(1, localSize), boot, secret, jobId, transport, host.trim(),
                cluster, localRank, bind);
    }

    /**
     * The launch information with a placeholder for the secret: never reads standard input (the secret a remote rank
     * gets there stays for {@link #fromEnvironment(Function)}). For what needs only the rank's place (binding).
     *
     * @throws IllegalStateException as {@link #fromEnvironment(Function)}
     */
    static ProcessLaunchInfo placement(Function<String, String> env) {
        Function<String, String> placeholder = name -> name.equals(SECRET) ? "00".repeat(16) : env.apply(name);
        return fromEnvironment(placeholder, () -> null);
    }

    static String localHostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "localhost";
        }
    }

    /**
     * Reads one line of standard input byte by byte through {@code System.in} (no read-ahead, so the
     * program later reads the rest of its input unchanged).
     */
    private static String firstLineOfStdin() {
        StringBuilder b = new StringBuilder(80);
        try {
            int c;
            while ((c = System.in.read()) >= 0 && c != '\n') {
                if (b.length() > 4096) {
                    throw new IllegalStateException("the secret line on standard input is too long");
                }
                b.append((char) c);
            }
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot read the secret from standard input: " + e.getMessage(), e);
        }
        return b.toString();
    }

    /**
     * The number of tasks on node {@code nodeId} from Slurm's compressed list, such as
     * {@code 4(x2),3}: two nodes of 4 tasks, then one of 3.
     */
    static int slurmTasksOnNode(String tasksPerNode, int nodeId) {
        int node = 0;
        for (String part : tasksPerNode.split(",")) {
            String p = part.trim();
            int paren = p.indexOf('(');
            int tasks = Integer.parseInt(paren < 0 ? p : p.substring(0, paren));
            int repeat = paren < 0 ? 1 : Integer.parseInt(p.substring(paren + 2, p.length() - 1));
            if (nodeId < node + repeat) {
                return tasks;
            }
            node += repeat;
        }
        return 1;
    }

    private static String required(Function<String, String> env, String name, String fallback) {
        String v = env.apply(name);
        if (v == null && fallback != null) {
            v = env.apply(fallback);
        }
        if (v == null || v.isBlank()) {
            throw new IllegalStateException("the environment variable " + name
                    + (fallback == null ? "" : " (or " + fallback + ")") + " is not set: start the program with jmpirun"
                    + " or see docs/LAUNCH.md");
        }
        return v.trim();
    }

    private static int number(Function<String, String> env, String name, String fallback) {
        String v = required(env, name, fallback);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(name + " must be a number, not '" + v + "'", e);
        }
    }

    private static int intOr(String s, int dflt) {
        try {
            return s == null ? dflt : Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }
}
