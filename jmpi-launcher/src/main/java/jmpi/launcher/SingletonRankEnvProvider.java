package jmpi.launcher;

import java.util.Optional;

import jmpi.spi.RankEnv;
import jmpi.spi.RankEnvProvider;
import jmpi.transport.threads.ThreadsFabric;

/**
 * A program started with plain {@code java} (not through jmpirun) runs as a world of one rank,
 * like MPI's singleton initialization.
 */
public final class SingletonRankEnvProvider implements RankEnvProvider {
    @Override
    public Optional<RankEnv> find(String[] args, ClassLoader loader) {
        ThreadsFabric fabric = new ThreadsFabric(1);
        JobState job = new JobState(fabric::wakeAll);
        String main = System.getProperty("sun.java.command", "");
        int space = main.indexOf(' ');
        String mainClass = main.isEmpty() ? null : space < 0 ? main : main.substring(0, space);
        return Optional.of(new ThreadsJob.ThreadsRankEnv(0, 1, fabric.endpoint(0), job, 1, args, mainClass));
    }

    @Override
    public int priority() {
        return 0;
    }
}
