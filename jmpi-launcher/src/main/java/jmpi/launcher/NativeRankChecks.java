package jmpi.launcher;

import java.util.Locale;
import java.util.Map;

/**
 * What {@link NativeRank} checks about its process before it runs the program, as pure functions of the
 * environment and a few numbers (so that they are tested without a launcher): which MPI launcher started
 * the process (none: a clear error naming the ways to start it), whether {@code jmpi.native.library}
 * contradicts that launcher (every rank would start as a singleton), whether the launcher bound the JVM to
 * one CPU, and whether native access is enabled. Each returns null when all is well, else one line saying
 * what is wrong and what to pass.
 *
 * <p>Concurrency: stateless.
 */
final class NativeRankChecks {
    /** The one-line forms of a native job, for the messages. */
    static final String HOW = "mpirun -np N java --enable-native-access=ALL-UNNAMED -cp JARS jmpi.launcher.NativeRank"
            + " Main args (Open MPI; MPICH and Intel MPI: mpiexec -n N ...; Slurm: srun --mpi=pmix ...), or"
            + " jmpirun --transport native -np N -cp CLASSPATH Main args, which calls the system's launcher for you";

    private NativeRankChecks() {
    }

    /** Which launcher started the process, for messages; null when none is recognised. */
    static String launcher(Map<String, String> env) {
        if (env.containsKey("OMPI_COMM_WORLD_SIZE") || env.containsKey("OMPI_COMM_WORLD_RANK")) {
            return "Open MPI's mpirun";
        }
        if (env.containsKey("SLURM_STEP_ID") && (env.containsKey("PMIX_RANK") || env.containsKey("PMI_RANK"))) {
            return "srun";
        }
        if (env.containsKey("PMI_RANK") || env.containsKey("PMI_SIZE") || env.containsKey("HYDRA_CONTROL_FD")) {
            return "mpiexec (Hydra: MPICH or Intel MPI)";
        }
        if (env.containsKey("PMIX_RANK")) {
            return "a PMIx launcher";
        }
        return null;
    }

    /** This process's rank as its launcher numbers it, or -1 when unknown (before MPI_Init, for messages). */
    static int rank(Map<String, String> env) {
        for (String name : new String[] {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"}) {
            String v = env.get(name);
            if (v != null) {
                try {
                    return Integer.parseInt(v.strip());
                } catch (NumberFormatException e) {
                    throw new IllegalStateException(name + "=" + v + " in the environment is not a rank number", e);
                }
            }
        }
        return -1;
    }

    /** Whether this is the first rank on its host (warnings are printed once per host); true when unknown. */
    static boolean firstOnHost(Map<String, String> env) {
        for (String name : new String[] {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"}) {
            String v = env.get(name);
            if (v != null) {
                return v.strip().equals("0");
            }
        }
        return true;
    }

    /**
     * Null when an MPI launcher started this process or {@code library} names a library explicitly (a
     * singleton job); else why NativeRank cannot run, naming the ways to start it.
     */
    static String notLaunched(Map<String, String> env, String library) {
        if (launcher(env) != null || named(library)) {
            return null;
        }
        if (env.containsKey("SLURM_PROCID") && env.containsKey("SLURM_STEP_ID")) {
            return "srun started this process without an MPI plugin (no PMIX_RANK or PMI_RANK in the environment):"
                    + " run srun --mpi=pmix (or --mpi=pmi2) java ... jmpi.launcher.NativeRank Main args";
        }
        return "this process was not started by an MPI launcher (none of OMPI_COMM_WORLD_SIZE, PMI_RANK, PMIX_RANK is"
                + " set), and jmpi.launcher.NativeRank runs one rank of the system MPI library's job. Start it with " + HOW
                + "; to run on jmpi's own transports instead, start Main with jmpirun (without NativeRank)";
    }

    /**
     * Null unless {@code library} ({@code jmpi.native.library}) names the other family than the launcher
     * that started the process: its library would not see the launcher, and every rank would be a world of one.
     */
    static String libraryMismatch(Map<String, String> env, String library) {
        if (!named(library)) {
            return null;
        }
        String lib = library.strip().toLowerCase(Locale.ROOT);
        boolean openMpi = env.containsKey("OMPI_COMM_WORLD_SIZE") || env.containsKey("OMPI_COMM_WORLD_RANK");
        boolean hydra = !openMpi && (env.containsKey("PMI_RANK") || env.containsKey("HYDRA_CONTROL_FD"))
                && !env.containsKey("SLURM_STEP_ID");
        boolean wantsOpenMpi = lib.equals("openmpi") || lib.equals("open_mpi") || lib.equals("ompi");
        if (openMpi && lib.equals("mpich") || hydra && wantsOpenMpi) {
            return "jmpi.native.library=" + library.strip() + " but " + launcher(env) + " started this process: that"
                    + " library would not find its launcher and every rank would run alone (a world of one). Remove"
                    + " the property (jmpi detects the library from the launcher) or start the job with "
                    + (openMpi ? "MPICH's mpiexec" : "Open MPI's mpirun");
        }
        return null;
    }

    /**
     * Null unless the launcher bound the JVM to one CPU of several: the JVM then sizes itself for one CPU
     * (Serial GC, one compiler thread). {@code available} is {@code Runtime.availableProcessors()},
     * {@code allowed} the CPUs of the process's affinity mask (a CPU quota of a container leaves the mask
     * whole), {@code online} the machine's.
     */
    static String boundToOneCpu(Map<String, String> env, int available, int allowed, int online, int rank) {
        if (available != 1 || online <= 1 || allowed >= online) {
            return null;
        }
        String l = launcher(env);
        String fix;
        if (l == null || l.startsWith("Open MPI")) {
            fix = "pass --bind-to none to mpirun (or give each rank K cores: --map-by slot:PE=K)";
        } else if (l.equals("srun")) {
            fix = "pass --cpu-bind=none to srun (or give each rank K CPUs: --cpus-per-task=K)";
        } else {
            fix = "pass -bind-to none to mpiexec (Intel MPI: -genv I_MPI_PIN off)";
        }
        return "jmpi: rank " + rank + ": " + (l == null ? "the launcher" : l) + " bound this JVM to 1 CPU of the machine's "
                + online + " (the JVM then runs the Serial GC and one compiler thread, and stalls the rank): " + fix
                + ", or size the JVM yourself with -XX:ActiveProcessorCount=K";
    }

    /** Null when native access is enabled, else the exact option to add ({@code module}: the module to enable, or null for the class path). */
    static String nativeAccess(boolean enabled, String module) {
        if (enabled) {
            return null;
        }
        String option = "--enable-native-access=" + (module == null ? "ALL-UNNAMED" : module);
        return "jmpi: native access is not enabled: add " + option + " to the java command (before -cp), or Java warns"
                + " at the first call into the MPI library (and refuses it under --illegal-native-access=deny)";
    }

    /** The number of CPUs in a Linux CPU list ({@code 0-3,8,10-11}), as in {@code /sys/devices/system/cpu/online}. */
    static int countCpuList(String list) {
        int n = 0;
        for (String part : list.strip().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            try {
                if (dash < 0) {
                    Integer.parseInt(part.strip());
                    n++;
                } else {
                    int lo = Integer.parseInt(part.substring(0, dash).strip());
                    int hi = Integer.parseInt(part.substring(dash + 1).strip());
                    if (hi < lo) {
                        throw new IllegalArgumentException("CPU range " + part + " runs backwards");
                    }
                    n += hi - lo + 1;
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + list + "' is not a CPU list (like 0-3,8)", e);
            }
        }
        return n;
    }

    static boolean named(String library) {
        return library != null && !library.isBlank() && !library.strip().equalsIgnoreCase("auto");
    }
}
