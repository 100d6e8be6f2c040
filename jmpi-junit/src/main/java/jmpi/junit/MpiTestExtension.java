package jmpi.junit;

import java.io.File;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.security.CodeSource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ThreadsJob;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * Runs the methods annotated {@link MpiTest} on N ranks (threads of this JVM, each with its own copy of the
 * classes) through jmpi's {@code ThreadsJob}, in place of JUnit's own invocation: JUnit's instance of the test
 * class gets neither the method call nor its {@code @BeforeEach} / {@code @AfterEach} calls (every rank runs
 * them on its own instance, see {@link RankEntry}). Methods without {@code @MpiTest} are left alone, so the
 * extension may also be registered on a class.
 *
 * <p>Also resolves an {@code @MpiTest} method's {@code String[]} parameter: {@link MpiTest#args()}.
 *
 * <p>Concurrency: stateless; JUnit may run several {@code @MpiTest} methods at once (each is its own job).
 */
public final class MpiTestExtension implements InvocationInterceptor, ParameterResolver {
    /** How long the ranks get to unwind after a failure or a timeout before the test reports and abandons them. */
    static final Duration GRACE = Duration.ofSeconds(5);

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext extensionContext) throws Throwable {
        Optional<MpiTest> mpiTest = mpiTest(extensionContext);
        if (mpiTest.isEmpty()) {
            invocation.proceed();
            return;
        }
        invocation.skip();
        run(mpiTest.get(), invocationContext.getExecutable(), invocationContext.getArguments(), extensionContext);
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext extensionContext) throws Throwable {
        skipForMpiTest(invocation, extensionContext);
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext extensionContext) throws Throwable {
        skipForMpiTest(invocation, extensionContext);
    }

    private static void skipForMpiTest(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        if (mpiTest(context).isPresent()) {
            invocation.skip(); // the ranks run it on their own instances
        } else {
            invocation.proceed();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return parameterContext.getDeclaringExecutable() instanceof Method m && m.isAnnotationPresent(MpiTest.class)
                && parameterContext.getParameter().getType() == String[].class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return ((Method) parameterContext.getDeclaringExecutable()).getAnnotation(MpiTest.class).args().clone();
    }

    private static Optional<MpiTest> mpiTest(ExtensionContext context) {
        return context.getTestMethod().map(m -> m.getAnnotation(MpiTest.class));
    }

    /** Runs {@code method} on the ranks {@code cfg} asks for; throws {@link MpiTestFailedError} unless all ended well. */
    private static void run(MpiTest cfg, Method method, List<Object> arguments, ExtensionContext context) {
        String what = method.getDeclaringClass().getSimpleName() + "." + method.getName() + "()";
        check(cfg, what);
        List<String> instanceClasses = context.getRequiredTestInstances().getAllInstances().stream()
                .map(i -> i.getClass().getName()).toList();
        RankTask task = new RankTask(cfg.ranks(), instanceClasses, method, arguments, List.of(cfg.args()));
        String key = RankTask.register(task);
        try {
            JobSpec spec = new JobSpec(cfg.ranks(), classPath(context.getRequiredTestClass()), RankEntry.class.getName(),
                    List.of(key), false, Duration.ofSeconds(cfg.timeoutSeconds()), GRACE);
            JobResult result = new ThreadsJob(spec).run();
            if (!result.ok()) {
                throw failure(what, cfg, result, task);
            }
        } finally {
            RankTask.unregister(key);
        }
    }

    private static void check(MpiTest cfg, String what) {
        if (cfg.ranks() < 1) {
            throw new ExtensionConfigurationException("@MpiTest(ranks = " + cfg.ranks() + ") on " + what
                    + ": ranks must be at least 1");
        }
        if (cfg.timeoutSeconds() < 1) {
            throw new ExtensionConfigurationException("@MpiTest(timeoutSeconds = " + cfg.timeoutSeconds() + ") on " + what
                    + ": the timeout must be at least 1 s");
        }
        if (ThreadsJob.class.getClassLoader().getResource("mpi/MPI.class") == null) {
            throw new ExtensionConfigurationException("@MpiTest " + what + ": no mpi API on the test class path; add the"
                    + " dependency org.jmpi:jmpi-api (the mpiJava 1.2 / MPJ API) or org.jmpi:jmpi-ompi (the Open MPI Java"
                    + " API), one of them");
        }
    }

    /** The report of a failed job: every failing rank, or after a timeout every rank still running and where. */
    private static MpiTestFailedError failure(String what, MpiTest cfg, JobResult result, RankTask task) {
        boolean timedOut = false;
        List<Integer> failed = new ArrayList<>();
        List<Throwable> causes = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (JobResult.Failure f : result.failures()) {
            if (f.rank() < 0) {
                if (f.exitCode() == 124) {
                    timedOut = true; // the lines below say which ranks were still running, and where
                } else {
                    b.append("\n  ").append(f.why());
                }
                continue;
            }
            failed.add(f.rank());
            b.append("\n  rank ").append(f.rank()).append(": ").append(f.why());
            if (f.cause() != null) {
                causes.add(f.cause());
            }
        }
        List<Integer> stuck = new ArrayList<>();
        List<Throwable> inFinalize = new ArrayList<>(); // after the others: they mostly wait for a rank stuck elsewhere
        if (timedOut) {
            for (int r = 0; r < task.ranks(); r++) {
                Throwable stoppedBy = task.stoppedBy(r);
                Thread t = task.thread(r);
                String phase = task.phase(r);
                String where;
                StackTraceElement[] stack;
                if (stoppedBy != null) {
                    where = "rank " + r + " was in " + task.stoppedIn(r) + " (stopped when the job timed out)";
                    stack = stoppedBy.getStackTrace();
                } else if (t != null && t.isAlive()) {
                    where = "rank " + r + " was in " + phase + " and is still running: it did not stop when the job"
                            + " timed out (a loop that makes no MPI call, or a wait outside MPI); its thread is abandoned";
                    stack = t.getStackTrace();
                } else if (t == null) {
                    where = "rank " + r + " never started";
                    stack = new StackTraceElement[0];
                } else {
                    continue; // ended, or failed by itself (reported above)
                }
                stuck.add(r);
                b.append("\n  ").append(where);
                boolean finalizing = RankEntry.FINALIZE.equals(stoppedBy != null ? task.stoppedIn(r) : phase);
                (finalizing ? inFinalize : causes).add(new MpiTestFailedError.StuckRank(where, stack));
            }
            causes.addAll(inFinalize);
        }
        String head = what + " on " + cfg.ranks() + (cfg.ranks() == 1 ? " rank " : " ranks ")
                + (timedOut ? "timed out after " + cfg.timeoutSeconds() + " s:" : "failed:");
        MpiTestFailedError e = new MpiTestFailedError(head + b, failed, timedOut, stuck);
        if (!causes.isEmpty()) {
            e.initCause(causes.getFirst());
            for (Throwable c : causes.subList(1, causes.size())) {
                e.addSuppressed(c);
            }
        }
        return e;
    }

    /**
     * The ranks' class path: the test JVM's {@code java.class.path} (Surefire sets it to the test class path, with
     * its manifest-only jar too) and the test class's own location.
     */
    static List<URL> classPath(Class<?> testClass) {
        Set<URL> urls = new LinkedHashSet<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(url(Path.of(entry)));
            }
        }
        CodeSource source = testClass.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
            urls.add(source.getLocation());
        }
        return List.copyOf(urls);
    }

    private static URL url(Path p) {
        try {
            return p.toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalStateException("bad class path entry " + p, e);
        }
    }
}
