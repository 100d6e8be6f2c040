package mpi;

import java.util.EnumMap;
import java.util.Map;

import jmpi.core.ErrorClass;

/** The engine's error classes as Open MPI numbers them ({@code mpi.h}: the same names, MPI-3.1's numbering). */
final class Errors {
    private static final Map<ErrorClass, Integer> CODES = new EnumMap<>(ErrorClass.class);

    private static final String[] NAMES = {"SUCCESS", "ERR_BUFFER", "ERR_COUNT", "ERR_TYPE", "ERR_TAG", "ERR_COMM", "ERR_RANK",
            "ERR_REQUEST", "ERR_ROOT", "ERR_GROUP", "ERR_OP", "ERR_TOPOLOGY", "ERR_DIMS", "ERR_ARG", "ERR_UNKNOWN",
            "ERR_TRUNCATE", "ERR_OTHER", "ERR_INTERN", "ERR_IN_STATUS", "ERR_PENDING", "ERR_ACCESS", "ERR_AMODE",
            "ERR_ASSERT", "ERR_BAD_FILE", "ERR_BASE", "ERR_CONVERSION", "ERR_DISP", "ERR_DUP_DATAREP",
            "ERR_FILE_EXISTS", "ERR_FILE_IN_USE", "ERR_FILE", "ERR_INFO_KEY", "ERR_INFO_NOKEY", "ERR_INFO_VALUE",
            "ERR_INFO", "ERR_IO", "ERR_KEYVAL", "ERR_LOCKTYPE", "ERR_NAME", "ERR_NO_MEM", "ERR_NOT_SAME",
            "ERR_NO_SPACE", "ERR_NO_SUCH_FILE", "ERR_PORT", "ERR_QUOTA", "ERR_READ_ONLY", "ERR_RMA_CONFLICT",
            "ERR_RMA_SYNC", "ERR_SERVICE", "ERR_SIZE", "ERR_SPAWN", "ERR_UNSUPPORTED_DATAREP",
            "ERR_UNSUPPORTED_OPERATION", "ERR_WIN"};

    static {
        for (int i = 0; i < NAMES.length; i++) {
            for (ErrorClass c : ErrorClass.values()) {
                if (c.name().equals(NAMES[i])) {
                    CODES.put(c, i);
                }
            }
        }
    }

    private Errors() {
    }

    /** Open MPI's number for {@code c} (ERR_OTHER's for a class Open MPI's Java API does not name). */
    static int code(ErrorClass c) {
        Integer n = CODES.get(c);
        return n != null ? n : 16;
    }

    /** The name of Open MPI's error class {@code code} ("ERR_KEYVAL"). */
    static String name(int code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : code == MPI.ERR_PROC_ABORTED ? "ERR_PROC_ABORTED"
                : "ERR_" + code;
    }
}
