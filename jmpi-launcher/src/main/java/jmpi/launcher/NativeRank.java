package jmpi.launcher;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import jmpi.spi.JobAbortedError;
import jmpi.spi.Setting;
import jmpi.transport.nativempi.NativeMpi;
import jmpi.transport.nativempi.NativeSetting;
import jmpi.transport.nativempi.Profile;

/**
 * {@code mpirun -np N java --enable-native-access=ALL-UNNAMED -cp JARS jmpi.launcher.NativeRank Main args}: runs
 * {@code Main.main(args)} as one rank of a job of the system's MPI library (docs/LAUNCH.md, "native"). Before
 * the program it checks ({@link NativeRankChecks}) that an MPI launcher started the process (else exit 2
 * with a message naming the ways to start it) and that {@code jmpi.native.library} does not contradict it,
 * and warns in one line per host when the launcher bound the JVM to one CPU or native access is off. Then it
 * makes every way the program can end without {@code MPI.Finalize} end the whole job, with a non-zero code and
 * a line naming the rank, under every launcher (Hydra, for one, otherwise hangs or reports success):
 * <ul>
 *   <li>an exception escaping main after {@code MPI.Init}: printed, then {@code MPI_Abort(1)};</li>
 *   <li>an exception escaping main before it (or a main class that cannot be run): printed, then, under
 *       Open MPI's mpirun (which ends the job when a process exits non-zero) exit 1, elsewhere
 *       {@code MPI_Init} and {@code MPI_Abort(1)}, because the other ranks wait in {@code MPI_Init};</li>
 *   <li>{@code System.exit(n)} after Init without Finalize: {@code MPI_Abort(n)} ({@code 1} for 0);
 *       before Init with n non-zero, as an exception before Init;</li>
 *   <li>main returning without Finalize: {@code MPI_Abort(1)}.</li>
 * </ul>
 * The exit status of {@code System.exit} is learned from the JDK's own {@code Runtime.exit} logging (the
 * {@code java.lang.Runtime} logger at debug level, which this class enables and listens to; an exit by the
 * JVM's own signal handler does not pass through {@code Runtime.exit} and is told apart): a program that
 * resets {@code java.util.logging} loses that, and its {@code System.exit} without Finalize ends as the
 * library's launcher decides. A JVM ended by a signal (the launcher stopping the job) aborts nothing.
 *
 * <p>Concurrency: {@link #main} runs once, on the JVM's main thread (the program's main runs on it, so the
 * program's {@code MPI.Init} thread is the main thread); the exit status is a volatile field written by the
 * exiting thread before the shutdown hooks run.
 */
public final class NativeRank {
    private static final Pattern EXIT_STATUS = Pattern.compile("Runtime\\.exit\\((-?\\d+)\\)");
    /** Held strongly: java.util.logging keeps loggers weakly, and the level set on it must last. */
    private static final Logger RUNTIME_LOG = Logger.getLogger("java.lang.Runtime");

    private static volatile Integer exitStatus;
    private static volatile boolean mainReturned;
    private static volatile boolean handled;
    private static int launcherRank = -1;

    private NativeRank() {
    }

    public static void main(String[] argv) {
        if (argv.length == 0 || argv[0].startsWith("-")) {
            System.err.println("usage: java --enable-native-access=ALL-UNNAMED -cp JARS jmpi.launcher.NativeRank"
                    + " MainClass [args], started by " + NativeRankChecks.HOW);
            System.exit(2);
        }
        Map<String, String> env = System.getenv();
        String library = NativeSetting.LIBRARY.value();
        String problem = NativeRankChecks.notLaunched(env, library);
        if (problem == null) {
            problem = NativeRankChecks.libraryMismatch(env, library);
        }
        if (problem != null) {
            System.err.println("jmpi.launcher.NativeRank: " + problem);
            System.exit(2);
        }
        launcherRank = NativeRankChecks.rank(env);
        if (LauncherSetting.NATIVE_RANK_WARN.booleanValue(Setting.SYSTEM_PROPERTIES, true)
                && NativeRankChecks.firstOnHost(env)) {
            warn(env);
        }
        String mainClass = argv[0];
        String[] args = Arrays.copyOfRange(argv, 1, argv.length);
        NativeRankGuard.enable(mainClass);
        watchExit();
        Runnable program;
        try {
            program = program(mainClass, args);
        } catch (IllegalArgumentException e) {
            endBeforeInit(1, e.getMessage(), false);
            return;
        }
        try {
            program.run();
        } catch (ProgramException e) {
            thrown(e.getCause());
            return;
        }
        mainReturned = true;
    }

    /** The one-line warnings: CPU binding, native access. */
    private static void warn(Map<String, String> env) {
        String online = read(Path.of("/sys/devices/system/cpu/online"));
        if (online != null) {
            int machine = NativeRankChecks.countCpuList(online);
            int allowed = machine;
            String status = read(Path.of("/proc/self/status"));
            if (status != null) {
                for (String line : status.split("\n")) {
                    if (line.startsWith("Cpus_allowed_list:")) {
                        allowed = NativeRankChecks.countCpuList(line.substring(line.indexOf(':') + 1));
                    }
                }
            }
            String bound = NativeRankChecks.boundToOneCpu(env, Runtime.getRuntime().availableProcessors(), allowed,
                    machine, launcherRank);
            if (bound != null) {
                System.err.println(bound);
            }
        }
        Module calling = NativeMpi.class.getModule();
        String access = NativeRankChecks.nativeAccess(calling.isNativeAccessEnabled(),
                calling.isNamed() ? calling.getName() : null);
        if (access != null) {
            System.err.println(access);
        }
    }

    /** A small file's text, or null where it does not exist (not Linux). */
    private static String read(Path file) {
        if (!Files.isReadable(file)) {
            return null;
        }
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + file, e);
        }
    }

    /** Learns {@code System.exit}'s status (JDK logging of Runtime.exit) and decides at exit what it meant. */
    private static void watchExit() {
        RUNTIME_LOG.setLevel(Level.FINE);
        RUNTIME_LOG.setUseParentHandlers(false);
        RUNTIME_LOG.addHandler(new Handler() {
            @Override
            public void publish(LogRecord record) {
                Throwable where = record.getThrown();
                if (where == null || !calledRuntimeExit(where)) {
                    return; // the JVM's SIGTERM/SIGINT handler exits this way too: a signal, not the program
                }
                Matcher m = EXIT_STATUS.matcher(String.valueOf(where.getMessage()));
                exitStatus = m.find() ? Integer.valueOf(m.group(1)) : Integer.valueOf(1);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("jmpi-native-rank-exit").unstarted(NativeRank::atExit));
    }

    /** Whether {@code where} (the JDK's logged trace of an exit) passed through {@code Runtime.exit}. */
    private static boolean calledRuntimeExit(Throwable where) {
        for (StackTraceElement e : where.getStackTrace()) {
            if (e.getClassName().equals("java.lang.Runtime") && e.getMethodName().equals("exit")) {
                return true;
            }
        }
        return false;
    }

    /** The JVM is ending: a program that joined the job and did not finalize ends the job. */
    private static void atExit() {
        if (handled) {
            return;
        }
        Integer status = exitStatus;
        switch (NativeRankGuard.state()) {
            case RUNNING -> {
                if (status != null) {
                    NativeRankGuard.fail(status == 0 ? 1 : status, "called System.exit(" + status
                            + ") without calling MPI.Finalize");
                } else if (mainReturned) {
                    NativeRankGuard.fail(1, "main returned without calling MPI.Finalize");
                } // else a signal ended the JVM: the launcher is stopping the job
            }
            case NOT_STARTED -> {
                if (status != null && status != 0) {
                    endBeforeInit(status, "called System.exit(" + status + ") before MPI.Init", true);
                }
            }
            case FINALIZED, FAILED -> {
            }
        }
    }

    /** An exception escaped the program's main. */
    private static void thrown(Throwable e) {
        handled = true;
        switch (NativeRankGuard.state()) {
            case RUNNING -> {
                System.err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
                e.printStackTrace(System.err);
                NativeRankGuard.fail(1, "threw " + e);
                System.exit(1); // MPI_Abort ends the process; should it return, so does this
            }
            case NOT_STARTED -> {
                System.err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
                e.printStackTrace(System.err);
                endBeforeInit(1, "threw " + e, false);
            }
            case FAILED -> {
                if (!(e instanceof JobAbortedError)) {
                    e.printStackTrace(System.err);
                }
                System.exit(1);
            }
            case FINALIZED -> {
                System.err.print("Exception in thread \"" + Thread.currentThread().getName() + "\" ");
                e.printStackTrace(System.err);
                System.err.println("jmpi: rank " + NativeRankGuard.rank() + " failed after MPI.Finalize: threw " + e);
                System.exit(1);
            }
        }
    }

    /**
     * Ends the job for a rank that failed before {@code MPI.Init}: the other ranks may be waiting in their
     * {@code MPI_Init} for this one. Open MPI's mpirun ends the job when a process exits non-zero; other
     * launchers (Hydra) wait, so this rank initializes the library and aborts it.
     *
     * @param exiting true in a shutdown hook (the JVM is already exiting with {@code code})
     */
    private static void endBeforeInit(int code, String why, boolean exiting) {
        handled = true;
        System.err.println("jmpi: rank " + launcherRank + " failed before MPI.Init: " + why + "; ending the job");
        System.err.flush();
        Map<String, String> env = System.getenv();
        if (!env.containsKey("OMPI_COMM_WORLD_SIZE")) {
            NativeMpi mpi = NativeMpi.load(Profile.detect(env, NativeSetting.LIBRARY.value()));
            mpi.initThread(NativeMpi.THREAD_SINGLE);
            mpi.abort(mpi.commWorld(), code); // ends every process of the job, this one too
        }
        if (!exiting) {
            System.exit(code);
        }
    }

    /** An exception thrown by the program's main, carried out of {@link Runnable#run}. */
    private static final class ProgramException extends RuntimeException {
        ProgramException(Throwable cause) {
            super(cause);
        }
    }

    /**
     * The program's entry point as the {@code java} launcher finds it (Java 25): a static
     * {@code main(String[])}, else a static {@code main()}, else an instance {@code main(String[])} or
     * {@code main()} of an object made by the class's no-argument constructor; not private.
     *
     * @throws IllegalArgumentException naming the class when it is missing or has no such method
     */
    static Runnable program(String mainClass, String[] args) {
        Class<?> c;
        try {
            c = Class.forName(mainClass, false, ClassLoader.getSystemClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalArgumentException("main class " + mainClass + " cannot be loaded from the class path ("
                    + e + "); class path: " + System.getProperty("java.class.path"), e);
        }
        Method withArgs = find(c, String[].class);
        Method without = find(c);
        Method chosen = withArgs != null && Modifier.isStatic(withArgs.getModifiers()) ? withArgs
                : without != null && Modifier.isStatic(without.getModifiers()) ? without
                : withArgs != null ? withArgs : without;
        if (chosen == null) {
            throw new IllegalArgumentException("main class " + mainClass + " has no main method (static void"
                    + " main(String[]), or one of Java 25's other forms)");
        }
        chosen.setAccessible(true);
        Object target = null;
        if (!Modifier.isStatic(chosen.getModifiers())) {
            try {
                Constructor<?> k = c.getDeclaredConstructor();
                if (Modifier.isPrivate(k.getModifiers())) {
                    throw new IllegalArgumentException("main class " + mainClass + ": its instance main needs a"
                            + " non-private constructor without arguments");
                }
                k.setAccessible(true);
                target = k.newInstance();
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException("main class " + mainClass + ": its instance main needs a"
                        + " constructor without arguments", e);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                return () -> {
                    throw new ProgramException(cause);
                };
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("main class " + mainClass + " cannot be instantiated: " + e, e);
            }
        }
        Object self = target;
        Object[] call = chosen.getParameterCount() == 1 ? new Object[] {args} : new Object[0];
        return () -> {
            try {
                chosen.invoke(self, call);
            } catch (InvocationTargetException e) {
                throw new ProgramException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("main of " + mainClass + " is not accessible: " + e, e);
            }
        };
    }

    /** The non-private method {@code void main(parameters)} of {@code c} or a superclass, or null. */
    private static Method find(Class<?> c, Class<?>... parameters) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.getName().equals("main") && Arrays.equals(m.getParameterTypes(), parameters)
                        && !Modifier.isPrivate(m.getModifiers()) && m.getReturnType() == void.class) {
                    return m;
                }
            }
        }
        return null;
    }
}
