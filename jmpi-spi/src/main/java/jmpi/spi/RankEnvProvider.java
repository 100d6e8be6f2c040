package jmpi.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Finds the rank environment of a process that was not started inside a {@link RankScope} loader
 * (a rank started as its own process, or a program run directly as a singleton). Looked up with
 * {@link java.util.ServiceLoader}; the provider with the highest {@link #priority()} that answers wins.
 */
public interface RankEnvProvider {
    /**
     * The environment if this provider recognizes how the process was started.
     *
     * @param loader the class loader that defined the calling {@code mpi.MPI} (finds transports)
     */
    Optional<RankEnv> find(String[] args, ClassLoader loader);

    int priority();

    /**
     * Called once per {@code mpi.MPI} class (whichever API) when it is initialized, on the thread that first uses
     * it, before any of its constants are computed (before {@code MPI.NUM_OF_PROCESSORS}): a provider that places
     * the rank's thread (binds it to CPUs) does so here, so that the program sees its place from its first
     * {@code mpi} call on. It must not throw: a problem it finds is for {@link #find} to report. Default: nothing.
     */
    default void prepareThread() {
    }

    /**
     * {@link #prepareThread} of every provider {@code loader} finds, unless {@code loader} is a {@link RankScope} (a
     * launcher that runs ranks as threads places them itself). For the static initializer of {@code mpi.MPI}.
     */
    static void prepareThread(ClassLoader loader) {
        if (loader instanceof RankScope) {
            return;
        }
        ServiceLoader.load(RankEnvProvider.class, loader).forEach(RankEnvProvider::prepareThread);
    }

    /**
     * The rank environment of the calling {@code mpi.MPI} (whichever API): the one its {@link RankScope} loader
     * holds, else the answer of the highest-priority provider {@code loader} finds that answers; empty when none
     * does (the program was started without a jmpi launcher and no provider recognizes the process).
     */
    static Optional<RankEnv> forApi(String[] args, ClassLoader loader) {
        if (loader instanceof RankScope scope) {
            return Optional.of(scope.rankEnv());
        }
        List<RankEnvProvider> providers = new ArrayList<>();
        ServiceLoader.load(RankEnvProvider.class, loader).forEach(providers::add);
        providers.sort(Comparator.comparingInt(RankEnvProvider::priority).reversed());
        for (RankEnvProvider p : providers) {
            Optional<RankEnv> env = p.find(args == null ? new String[0] : args, loader);
            if (env.isPresent()) {
                return env;
            }
        }
        return Optional.empty();
    }
}
