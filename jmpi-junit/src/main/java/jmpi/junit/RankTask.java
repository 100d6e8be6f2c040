package jmpi.junit;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the ranks of one {@code @MpiTest} run, and what each rank is doing: handed from {@link MpiTestExtension}
 * to {@link RankEntry} through a registry keyed by the job's only program argument. This class is shared by the
 * ranks (jmpi's rank class loaders load {@code jmpi.junit} from their parent), so it holds only JDK types and
 * the JUnit-side classes' names, never a rank's classes.
 *
 * <p>Concurrency: the fields describing the test are immutable; {@link #phase} and {@link #stoppedIn} are written
 * by each rank's thread (its own slot) and read by the test's thread after the job ended or timed out.
 */
final class RankTask {
    private static final Map<String, RankTask> TASKS = new ConcurrentHashMap<>();

    /** Where a rank is: a phase's description (null before the rank started). */
    private final String[] phase;
    /** The phase a rank was in when the aborting job stopped it, with the error that stopped it (null: not stopped). */
    private final String[] stoppedIn;
    private final Throwable[] stoppedBy;
    private final Thread[] threads;

    /** The test class and its enclosing classes (outermost first), as JUnit's instances of them are. */
    final List<String> instanceClasses;
    /** The declaring class, name and parameter type names of the test method. */
    final String methodClass;
    final String methodName;
    final List<String> parameterTypes;
    /** The arguments JUnit resolved for the method (passed to every rank: only shared types will do). */
    final List<Object> arguments;
    /** What every rank passes to MPI.Init. */
    final List<String> initArgs;

    RankTask(int ranks, List<String> instanceClasses, Method method, List<Object> arguments, List<String> initArgs) {
        this.phase = new String[ranks];
        this.stoppedIn = new String[ranks];
        this.stoppedBy = new Throwable[ranks];
        this.threads = new Thread[ranks];
        this.instanceClasses = List.copyOf(instanceClasses);
        this.methodClass = method.getDeclaringClass().getName();
        this.methodName = method.getName();
        this.parameterTypes = java.util.Arrays.stream(method.getParameterTypes()).map(Class::getName).toList();
        this.arguments = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(arguments));
        this.initArgs = List.copyOf(initArgs);
    }

    /** Registers {@code task}; returns the key {@link RankEntry} finds it by. */
    static String register(RankTask task) {
        String key = UUID.randomUUID().toString();
        TASKS.put(key, task);
        return key;
    }

    static void unregister(String key) {
        TASKS.remove(key);
    }

    static RankTask find(String key) {
        RankTask t = TASKS.get(key);
        if (t == null) {
            throw new IllegalStateException("no @MpiTest job is registered as " + key
                    + " (jmpi.junit.RankEntry is started by MpiTestExtension, not by hand)");
        }
        return t;
    }

    int ranks() {
        return phase.length;
    }

    synchronized void started(int rank, Thread thread) {
        threads[rank] = thread;
    }

    synchronized void phase(int rank, String what) {
        phase[rank] = what;
    }

    synchronized String phase(int rank) {
        return phase[rank];
    }

    synchronized void stopped(int rank, String in, Throwable by) {
        stoppedIn[rank] = in;
        stoppedBy[rank] = by;
    }

    synchronized String stoppedIn(int rank) {
        return stoppedIn[rank];
    }

    synchronized Throwable stoppedBy(int rank) {
        return stoppedBy[rank];
    }

    synchronized Thread thread(int rank) {
        return threads[rank];
    }
}
