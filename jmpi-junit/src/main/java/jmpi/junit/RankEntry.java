package jmpi.junit;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import jmpi.spi.JobAbortedError;
import jmpi.spi.RankScope;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;

/**
 * The program every rank of an {@code @MpiTest} runs (its {@code main} is what jmpi's {@code ThreadsJob} starts).
 * It is loaded once, from the shared parent of the rank class loaders, and works on the calling rank's copies
 * of the classes through the thread's context class loader (the rank's {@code RankClassLoader}), reflectively,
 * so it names neither {@code mpi} API: the mpiJava 1.2 one (jmpi-api) and the Open MPI Java one (jmpi-ompi) both
 * have {@code MPI.Init(String[])} and {@code MPI.Finalize()}.
 *
 * <p>In the rank: MPI.Init, a new instance of the test class (and of its enclosing classes, for a {@code @Nested}
 * one), its {@code @BeforeEach} methods (superclasses and enclosing classes first), the test method, its
 * {@code @AfterEach} methods (always), then MPI.Finalize when all went well and the body did not finalize. Any
 * failure is rethrown as it is: the job records it against this rank.
 */
public final class RankEntry {
    static final String INIT = "MPI.Init";
    static final String CREATE = "creating the test instance";
    static final String BODY = "the test body";
    static final String FINALIZE = "MPI.Finalize";
    static final String ENDED = "ended";

    private RankEntry() {
    }

    /** @param args the key of the job's {@link RankTask} */
    public static void main(String[] args) throws Throwable {
        if (args.length != 1) {
            throw new IllegalArgumentException("jmpi.junit.RankEntry takes the key of its job, not " + List.of(args));
        }
        RankTask task = RankTask.find(args[0]);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (!(loader instanceof RankScope scope)) {
            throw new IllegalStateException("jmpi.junit.RankEntry runs in a rank of a jmpi threads job, not in " + loader);
        }
        int rank = scope.rankEnv().rank();
        task.started(rank, Thread.currentThread());
        new RankEntry.Run(task, rank, loader).run();
    }

    /** One rank's run of the test. */
    private static final class Run {
        private final RankTask task;
        private final int rank;
        private final ClassLoader loader;
        private String phase;

        Run(RankTask task, int rank, ClassLoader loader) {
            this.task = task;
            this.rank = rank;
            this.loader = loader;
        }

        void run() throws Throwable {
            try {
                Class<?> mpi = Class.forName("mpi.MPI", true, loader);
                enter(INIT);
                call(mpi.getMethod("Init", String[].class), null, (Object) task.initArgs.toArray(new String[0]));
                enter(CREATE);
                List<Object> instances = instances();
                Throwable failure = null;
                try {
                    for (Object instance : instances) {
                        for (Method m : lifecycle(instance.getClass(), BeforeEach.class, HierarchyTraversalMode.TOP_DOWN)) {
                            enter("@BeforeEach " + m.getDeclaringClass().getName() + "." + m.getName() + "()");
                            call(m, instance);
                        }
                    }
                    Object target = instances.getLast();
                    Method body = testMethod();
                    Object[] arguments = arguments(body);
                    enter(BODY);
                    call(body, target, arguments);
                } catch (Throwable t) {
                    noteStop(t);
                    failure = t;
                }
                for (Object instance : instances.reversed()) {
                    for (Method m : lifecycle(instance.getClass(), AfterEach.class, HierarchyTraversalMode.BOTTOM_UP)) {
                        enter("@AfterEach " + m.getDeclaringClass().getName() + "." + m.getName() + "()");
                        try {
                            call(m, instance);
                        } catch (Throwable t) {
                            noteStop(t);
                            if (failure == null) {
                                failure = t;
                            } else {
                                failure.addSuppressed(t);
                            }
                        }
                    }
                }
                if (failure != null) {
                    throw failure;
                }
                if (!finalized(mpi)) {
                    enter(FINALIZE);
                    call(mpi.getMethod("Finalize"), null);
                }
                enter(ENDED);
            } catch (Throwable t) {
                noteStop(t);
                throw t;
            }
        }

        /** Records where this rank was when the aborting job stopped it (the first time only). */
        private void noteStop(Throwable t) {
            for (Throwable c = t; c != null; c = c.getCause()) {
                if (c instanceof JobAbortedError && task.stoppedIn(rank) == null) {
                    task.stopped(rank, phase, c);
                    return;
                }
            }
        }

        private void enter(String what) {
            phase = what;
            task.phase(rank, what);
        }

        /** New instances of the test class's enclosing classes (outermost first) and of the test class, in this rank. */
        private List<Object> instances() throws Throwable {
            List<Object> instances = new ArrayList<>();
            for (String name : task.instanceClasses) {
                Class<?> c = perRank(name);
                Object outer = instances.isEmpty() ? null : instances.getLast();
                Constructor<?> k;
                try {
                    k = outer != null && isInner(c) ? c.getDeclaredConstructor(outer.getClass()) : c.getDeclaredConstructor();
                } catch (NoSuchMethodException e) {
                    throw new IllegalStateException(name + " needs a constructor without parameters (besides the enclosing"
                            + " instance of an inner class) to be created in every rank of an @MpiTest", e);
                }
                k.setAccessible(true);
                instances.add(outer != null && isInner(c) ? construct(k, outer) : construct(k));
            }
            return instances;
        }

        private static boolean isInner(Class<?> c) {
            return c.getEnclosingClass() != null && !Modifier.isStatic(c.getModifiers());
        }

        private Method testMethod() throws ClassNotFoundException, NoSuchMethodException {
            Class<?> declaring = perRank(task.methodClass);
            Class<?>[] types = new Class<?>[task.parameterTypes.size()];
            for (int i = 0; i < types.length; i++) {
                types[i] = type(task.parameterTypes.get(i));
            }
            return declaring.getDeclaredMethod(task.methodName, types);
        }

        /** JUnit's arguments, checked against this rank's parameter types (a rank's own class cannot be passed in). */
        private Object[] arguments(Method body) {
            Object[] arguments = task.arguments.toArray();
            Class<?>[] types = body.getParameterTypes();
            for (int i = 0; i < arguments.length; i++) {
                Object a = arguments[i];
                if (a != null && !wrap(types[i]).isInstance(a)) {
                    throw new IllegalStateException("parameter " + i + " (" + types[i].getName() + ") of " + task.methodName
                            + " cannot be passed into the ranks: each rank has its own copy of that class. An @MpiTest"
                            + " method may take String[] (MpiTest.args), and JDK or JUnit types JUnit resolves (TestInfo,"
                            + " TestReporter, a @TempDir Path)");
                }
            }
            return arguments;
        }

        private static Class<?> wrap(Class<?> t) {
            return t.isPrimitive() ? java.lang.invoke.MethodType.methodType(t).wrap().returnType() : t;
        }

        private Class<?> type(String name) throws ClassNotFoundException {
            return switch (name) {
                case "boolean" -> boolean.class;
                case "byte" -> byte.class;
                case "short" -> short.class;
                case "char" -> char.class;
                case "int" -> int.class;
                case "long" -> long.class;
                case "float" -> float.class;
                case "double" -> double.class;
                default -> Class.forName(name, false, loader);
            };
        }

        /** A test class as this rank loads it; it must be this rank's own copy, or its statics would be shared. */
        private Class<?> perRank(String name) throws ClassNotFoundException {
            Class<?> c = Class.forName(name, true, loader);
            if (c.getClassLoader() != loader) {
                throw new IllegalStateException(name + " is loaded by " + c.getClassLoader() + ", not by the rank's own"
                        + " class loader, so its statics would be shared by the ranks: test classes of @MpiTest must not be"
                        + " in jmpi's or JUnit's packages (jmpi.spi, jmpi.core, jmpi.launcher, jmpi.junit, org.junit, ...)");
            }
            return c;
        }

        /** The non-static methods annotated {@code a}, in JUnit's order; they must take no parameters. */
        private List<Method> lifecycle(Class<?> c, Class<? extends java.lang.annotation.Annotation> a,
                                       HierarchyTraversalMode mode) {
            List<Method> methods = new ArrayList<>();
            for (Method m : AnnotationSupport.findAnnotatedMethods(c, a, mode)) {
                if (Modifier.isStatic(m.getModifiers())) {
                    continue;
                }
                if (m.getParameterCount() != 0) {
                    throw new IllegalStateException("@" + a.getSimpleName() + " method " + m + " takes parameters; in a"
                            + " class with @MpiTest methods the ranks run the @BeforeEach / @AfterEach methods, which must"
                            + " then take none");
                }
                methods.add(m);
            }
            return methods;
        }

        private boolean finalized(Class<?> mpi) throws Throwable {
            Method q;
            try {
                q = mpi.getMethod("Finalized"); // mpiJava 1.2
            } catch (NoSuchMethodException e) {
                q = mpi.getMethod("isFinalized"); // the Open MPI Java API
            }
            return (boolean) call(q, null);
        }

        private static Object call(Method m, Object target, Object... args) throws Throwable {
            m.setAccessible(true);
            try {
                return m.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private static Object construct(Constructor<?> k, Object... args) throws Throwable {
            try {
                return k.newInstance(args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }
    }
}
