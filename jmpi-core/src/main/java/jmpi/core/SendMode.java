package jmpi.core;

/** The four point-to-point send modes of MPI. */
public enum SendMode {
    /** MPI_Send: eager below the limit, rendezvous above it. */
    STANDARD,
    /** MPI_Bsend: always a private copy, accounted against the attached buffer. */
    BUFFERED,
    /** MPI_Ssend: completes only once the matching receive has started. */
    SYNCHRONOUS,
    /** MPI_Rsend: the program promises a posted receive; carried like a standard send. */
    READY
}
