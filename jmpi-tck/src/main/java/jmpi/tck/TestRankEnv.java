package jmpi.tck;

import jmpi.spi.Endpoint;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;

/**
 * A rank environment for tests that drive an engine over a bare endpoint: a job that never aborts
 * and turns any failure into an {@link AssertionError} naming the rank.
 */
public record TestRankEnv(int rank, int size, Endpoint endpoint, int localRanks) implements RankEnv {
    public TestRankEnv(int rank, int size, Endpoint endpoint) {
        this(rank, size, endpoint, size);
    }

    @Override
    public JobControl job() {
        return new JobControl() {
            @Override
            public boolean aborted() {
                return false;
            }

            @Override
            public String abortReason() {
                return null;
            }

            @Override
            public void fail(int rank, int exitCode, String why, Throwable cause) {
                throw new AssertionError("rank " + rank + " failed: " + why, cause);
            }
        };
    }

    @Override
    public String[] args() {
        return new String[0];
    }

    @Override
    public String mainClass() {
        return null;
    }
}
