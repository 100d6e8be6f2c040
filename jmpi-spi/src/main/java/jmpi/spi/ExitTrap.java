package jmpi.spi;

/**
 * Target of the rewritten {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} calls in
 * a rank's classes (ranks as threads share one JVM, so one rank must not end the others silently).
 * Ends only the calling rank: a non-zero code fails the job with that code and names the rank;
 * zero ends the rank normally. Either way the calling thread unwinds with {@link RankExit}.
 */
public final class ExitTrap {
    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private ExitTrap() {
    }

    /**
     * The rank that called: the one whose loader defined the calling class or, when the caller is JDK
     * code running a rank's method reference ({@code IntStream.of(1).forEach(System::exit)}), the one
     * whose loader is the thread's context class loader (set on every rank thread, inherited by the
     * threads it starts). Null outside any rank.
     */
    private static RankScope rankOf(Class<?> caller) {
        if (caller.getClassLoader() instanceof RankScope scope) {
            return scope;
        }
        return Thread.currentThread().getContextClassLoader() instanceof RankScope scope ? scope : null;
    }

    /** Replaces {@code System.exit(int)}. */
    public static void exit(int status) {
        Class<?> caller = WALKER.getCallerClass();
        if (rankOf(caller) instanceof RankScope scope) {
            RankEnv env = scope.rankEnv();
            if (status != 0) {
                env.job().fail(env.rank(), status, "called System.exit(" + status + ") in " + caller.getName(), null);
            }
            throw new RankExit(env.rank(), status);
        }
        System.exit(status);
    }

    /** Replaces {@code Runtime.exit(int)} and {@code Runtime.halt(int)} (receiver dropped). */
    public static void runtimeExit(Runtime runtime, int status) {
        Class<?> caller = WALKER.getCallerClass();
        if (rankOf(caller) instanceof RankScope scope) {
            RankEnv env = scope.rankEnv();
            if (status != 0) {
                env.job().fail(env.rank(), status, "called Runtime.exit/halt(" + status + ") in " + caller.getName(), null);
            }
            throw new RankExit(env.rank(), status);
        }
        runtime.exit(status);
    }
}
