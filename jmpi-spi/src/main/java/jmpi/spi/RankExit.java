package jmpi.spi;

/**
 * Thrown to unwind a rank's thread when the rank exits ({@link ExitTrap}) or the job aborts. An
 * {@link Error} so that ordinary {@code catch (Exception e)} blocks in programs do not stop it.
 */
public final class RankExit extends Error {
    private static final long serialVersionUID = 1L;
    private final int rank;
    private final int status;

    public RankExit(int rank, int status) {
        super("rank " + rank + " exited with status " + status, null, false, false);
        this.rank = rank;
        this.status = status;
    }

    public int rank() {
        return rank;
    }

    public int status() {
        return status;
    }
}
