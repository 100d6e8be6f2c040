package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.function.Executable;

/**
 * How the local tests of this package see an MPI error. They run outside any rank (no {@code MPI.Init}),
 * so errors reach {@code MPI.COMM_WORLD}'s default handler, {@code ERRORS_ARE_FATAL}, which ends the job
 * with an error whose cause is the {@link MPIException}: that exception is what is checked. Stateless.
 */
final class Errors {
    private Errors() {
    }

    /** Runs {@code call}, which must fail with error class {@code errorClass} and a message containing {@code says}. */
    static MPIException fails(int errorClass, String says, Executable call) {
        Throwable t = assertThrows(Throwable.class, call);
        Throwable cause = t instanceof MPIException ? t : t.getCause();
        MPIException e = assertInstanceOf(MPIException.class, cause, () -> "not an MPI error: " + t);
        assertEquals(errorClass, e.Get_error_class(), () -> "error class of: " + e.getMessage());
        assertTrue(e.getMessage().contains(says), () -> "'" + e.getMessage() + "' does not say '" + says + "'");
        assertTrue(t.getMessage().contains(says), () -> "the job's error does not say it: " + t.getMessage());
        return e;
    }
}
