package jmpi.transport.nativempi;

import java.util.List;
import java.util.Map;

/**
 * What differs between MPI libraries at the binary level, for the few calls jmpi makes: which shared
 * library to load, how a handle (communicator, datatype, request) is passed, and the layout of
 * {@code MPI_Status}. Values come from each library's {@code mpi.h} (Open MPI 4.1, MPICH 4.0 as Debian
 * ships them):
 * <ul>
 *   <li><b>Open MPI</b>: handles are pointers to exported objects ({@code MPI_COMM_WORLD} is
 *       {@code &ompi_mpi_comm_world}); {@code MPI_Request} is a pointer (8 bytes);
 *       {@code MPI_Status} is {@code {int source, tag, error, _cancelled; size_t _ucount}} (24 bytes);
 *       {@code MPI_ANY_SOURCE} is -1; {@code MPI_TAG_UB} is 0.</li>
 *   <li><b>MPICH</b> (and its ABI family: Intel MPI, Cray MPICH): handles are {@code int}s
 *       ({@code MPI_COMM_WORLD} 0x44000000, {@code MPI_BYTE} 0x4c00010d); {@code MPI_Request} is an
 *       {@code int}; {@code MPI_Status} is {@code {int count_lo, count_hi_and_cancelled, source, tag,
 *       error}} (20 bytes); {@code MPI_ANY_SOURCE} is -2; {@code MPI_ERRORS_RETURN} 0x54000001;
 *       {@code MPI_TAG_UB} 0x64400001.</li>
 * </ul>
 * Immutable.
 */
public enum Profile {
    OPEN_MPI(List.of("libmpi.so.40", "libmpi.so"), true, 8, 24, 0, 4, 8, -1, "ompi_mpi_comm_world", "ompi_mpi_byte", 0, 0,
            "ompi_mpi_errors_return", 0, 0),
    MPICH(List.of("libmpich.so.12", "libmpi.so.12", "libmpich.so"), false, 4, 20, 8, 12, 16, -2, null, null,
            0x44000000, 0x4c00010d, null, 0x54000001, 0x64400001);

    /** Property that names the profile instead of detecting it from the launcher's environment. */
    public static final String PROPERTY = NativeSetting.LIBRARY.property();

    private final List<String> libraries;
    private final boolean pointerHandles;
    private final int requestBytes;
    private final int statusBytes;
    private final int sourceOffset;
    private final int tagOffset;
    private final int errorOffset;
    private final int anySource;
    private final String commWorldSymbol;
    private final String byteSymbol;
    private final int commWorldValue;
    private final int byteValue;
    private final String errorsReturnSymbol;
    private final int errorsReturnValue;
    private final int tagUbKeyval;

    Profile(List<String> libraries, boolean pointerHandles, int requestBytes, int statusBytes, int sourceOffset,
            int tagOffset, int errorOffset, int anySource, String commWorldSymbol, String byteSymbol, int commWorldValue,
            int byteValue, String errorsReturnSymbol, int errorsReturnValue, int tagUbKeyval) {
        this.errorsReturnSymbol = errorsReturnSymbol;
        this.errorsReturnValue = errorsReturnValue;
        this.tagUbKeyval = tagUbKeyval;
        this.libraries = libraries;
        this.pointerHandles = pointerHandles;
        this.requestBytes = requestBytes;
        this.statusBytes = statusBytes;
        this.sourceOffset = sourceOffset;
        this.tagOffset = tagOffset;
        this.errorOffset = errorOffset;
        this.anySource = anySource;
        this.commWorldSymbol = commWorldSymbol;
        this.byteSymbol = byteSymbol;
        this.commWorldValue = commWorldValue;
        this.byteValue = byteValue;
    }

    /** Shared-library names to try, versioned first (an unversioned name may be another library's). */
    public List<String> libraries() {
        return libraries;
    }

    /** True when handles are pointers to the library's objects, false when they are {@code int}s. */
    public boolean pointerHandles() {
        return pointerHandles;
    }

    public int requestBytes() {
        return requestBytes;
    }

    public int statusBytes() {
        return statusBytes;
    }

    public int sourceOffset() {
        return sourceOffset;
    }

    public int tagOffset() {
        return tagOffset;
    }

    public int errorOffset() {
        return errorOffset;
    }

    /** The library's {@code MPI_ANY_SOURCE}. */
    public int anySource() {
        return anySource;
    }

    /** For pointer handles: the exported symbol of {@code MPI_COMM_WORLD}; null for int handles. */
    String commWorldSymbol() {
        return commWorldSymbol;
    }

    /** For pointer handles: the exported symbol of {@code MPI_BYTE}; null for int handles. */
    String byteSymbol() {
        return byteSymbol;
    }

    /** For pointer handles: the exported symbol of {@code MPI_ERRORS_RETURN}; null for int handles. */
    String errorsReturnSymbol() {
        return errorsReturnSymbol;
    }

    int errorsReturnValue() {
        return errorsReturnValue;
    }

    /** The attribute key {@code MPI_TAG_UB} (an enum's first value in Open MPI, a constant in MPICH). */
    int tagUbKeyval() {
        return tagUbKeyval;
    }

    int commWorldValue() {
        return commWorldValue;
    }

    int byteValue() {
        return byteValue;
    }

    /**
     * True when an MPI launcher started this process: Open MPI's {@code mpirun} ({@code OMPI_COMM_WORLD_SIZE}),
     * MPICH's Hydra ({@code PMI_RANK}, {@code PMI_SIZE}, {@code HYDRA_CONTROL_FD}) or a PMIx launcher such as
     * {@code srun --mpi=pmix} ({@code PMIX_RANK}).
     */
    public static boolean launchedByMpi(Map<String, String> env) {
        return env.containsKey("OMPI_COMM_WORLD_SIZE") || env.containsKey("OMPI_COMM_WORLD_RANK")
                || env.containsKey("PMI_RANK") || env.containsKey("PMI_SIZE") || env.containsKey("HYDRA_CONTROL_FD")
                || env.containsKey("PMIX_RANK");
    }

    /**
     * The profile for this process: {@code override} when not null, empty or {@code auto} ({@code openmpi} or {@code mpich},
     * case-insensitive), else the launcher's environment: Open MPI's {@code mpirun} sets {@code OMPI_COMM_WORLD_*},
     * MPICH's Hydra sets {@code PMI_RANK} / {@code PMI_SIZE}.
     *
     * @throws IllegalArgumentException for an unknown override, or when neither launcher is recognised
     */
    public static Profile detect(Map<String, String> env, String override) {
        if (override != null && !override.isBlank() && !override.strip().equals("auto")) {
            return switch (override.strip().toLowerCase(java.util.Locale.ROOT)) {
                case "openmpi", "open_mpi", "ompi" -> OPEN_MPI;
                case "mpich" -> MPICH;
                default -> throw new IllegalArgumentException(PROPERTY + "=" + override
                        + " names no known library (openmpi or mpich)");
            };
        }
        if (env.containsKey("OMPI_COMM_WORLD_RANK") || env.containsKey("OMPI_COMM_WORLD_SIZE")) {
            return OPEN_MPI;
        }
        if (env.containsKey("PMI_RANK") || env.containsKey("PMI_SIZE") || env.containsKey("HYDRA_CONTROL_FD")) {
            return MPICH;
        }
        if (env.containsKey("PMIX_RANK")) { // srun --mpi=pmix (or Open MPI's prterun): Open MPI's ABI unless overridden
            return OPEN_MPI;
        }
        throw new IllegalArgumentException("no MPI launcher found in the environment (neither Open MPI's "
                + "OMPI_COMM_WORLD_RANK nor MPICH's PMI_RANK): start the program with the library's mpirun, or set "
                + PROPERTY + "=openmpi|mpich");
    }
}
