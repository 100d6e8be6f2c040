package jmpi.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.JarURLConnection;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.List;

import jmpi.spi.RankEnv;
import jmpi.spi.RankScope;

/**
 * Loads one rank's copy of the program and of the {@code mpi} API, so that every static
 * ({@code MPI.COMM_WORLD}, the program's own) is per rank. Child-first: classes found on the rank's
 * class path are defined here (with {@code System.exit} calls rewritten); the JDK and jmpi's shared
 * runtime ({@code jmpi.spi}, {@code jmpi.core}, transports, ...) always come from the parent, which is
 * what lets ranks share one fabric.
 *
 * <p>Concurrency: parallel capable (registered as such); each class is defined under its
 * {@code getClassLoadingLock}, so a rank's threads may load classes at once.
 */
final class RankClassLoader extends URLClassLoader implements RankScope {
    static {
        ClassLoader.registerAsParallelCapable();
    }

    /** Packages that hold no per-rank state and must be shared with the launcher. */
    private static final List<String> PARENT_FIRST = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.", "org.w3c.", "org.xml.",
            "jmpi.spi.", "jmpi.core.", "jmpi.coll.", "jmpi.datatype.", "jmpi.transport.", "jmpi.launcher.", "jmpi.testkit.", "jmpi.junit.",
            "org.junit.", "org.opentest4j.", "org.apiguardian.", "picocli.");

    private final RankEnv env;
    private final List<String> extraParentFirst;
    private final ExitCallRewriter rewriter;

    RankClassLoader(int rank, URL[] classPath, ClassLoader parent, RankEnv env, List<String> extraParentFirst) {
        super("jmpi-rank-" + rank, classPath, parent);
        this.env = env;
        this.extraParentFirst = extraParentFirst;
        this.rewriter = new ExitCallRewriter(this);
    }

    @Override
    public RankEnv rankEnv() {
        return env;
    }

    private boolean parentFirst(String name) {
        for (String p : PARENT_FIRST) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        for (String p : extraParentFirst) {
            if (name.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                if (parentFirst(name)) {
                    c = getParent().loadClass(name);
                } else {
                    try {
                        c = findClass(name);
                    } catch (ClassNotFoundException notHere) {
                        c = getParent().loadClass(name);
                    }
                }
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String path = name.replace('.', '/') + ".class";
        URL url = findResource(path);
        if (url == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = url.openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + url, e);
        }
        byte[] rewritten;
        try {
            rewritten = rewriter.rewrite(bytes);
        } catch (RuntimeException e) {
            throw new ClassNotFoundException(name + ": cannot rewrite its System.exit calls", e);
        }
        int dot = name.lastIndexOf('.');
        if (dot > 0) {
            String pkg = name.substring(0, dot);
            if (getDefinedPackage(pkg) == null) {
                try {
                    definePackage(pkg, null, null, null, null, null, null, null);
                } catch (IllegalArgumentException raced) {
                    // Another thread defined it first: the package exists, which is all we need.
                    assert getDefinedPackage(pkg) != null : raced;
                }
            }
        }
        return defineClass(name, rewritten, 0, rewritten.length, new CodeSource(root(url, path), (CodeSigner[]) null));
    }

    /** The class path entry (jar or directory) a class resource came from. */
    private static URL root(URL resource, String path) {
        try {
            if (resource.getProtocol().equals("jar")) {
                return ((JarURLConnection) resource.openConnection()).getJarFileURL();
            }
            String s = resource.toExternalForm();
            return new URL(s.substring(0, s.length() - path.length()));
        } catch (IOException e) {
            return resource;
        }
    }

    /**
     * Whether this rank's copy of {@code mpi.MPI} saw Init without Finalize (reflectively: it is per rank; the
     * mpiJava API names the queries {@code Initialized} / {@code Finalized}, Open MPI's {@code isInitialized} /
     * {@code isFinalized}).
     */
    boolean initializedButNotFinalized() {
        Class<?> mpi = findLoadedClass("mpi.MPI");
        if (mpi == null) {
            return false;
        }
        try {
            boolean mpiJava = java.util.Arrays.stream(mpi.getMethods()).anyMatch(m -> m.getName().equals("Initialized"));
            Method initialized = mpi.getMethod(mpiJava ? "Initialized" : "isInitialized");
            Method finalized = mpi.getMethod(mpiJava ? "Finalized" : "isFinalized");
            return (boolean) initialized.invoke(null) && !(boolean) finalized.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot query mpi.MPI of rank " + env.rank(), e);
        }
    }

    static URL toUrl(String entry) {
        try {
            return java.nio.file.Path.of(entry).toAbsolutePath().toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("bad class path entry " + entry, e);
        }
    }
}
