package jmpi.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The options every driver takes, parsed from its arguments, and the rule that turns them into the
 * message sizes and the iteration counts per size. Measures nothing itself.
 *
 * <p>Arguments: {@code --min BYTES}, {@code --max BYTES} (sizes double from min to max, max included
 * when it is not a power of two times min), {@code --iters N} and {@code --warmup N} (the counts for
 * small messages), {@code --window N} (messages in flight for the bandwidth drivers),
 * {@code --fit-max BYTES} (largest size in the Hockney fit, default --max),
 * {@code --warmup-seconds S} (the least time, on rank 0's clock, the drivers keep running untimed rounds
 * before the table so that the JIT has compiled the paths: two spinning ranks on a 2-core machine leave the
 * compiler threads little CPU; default 1 when --warmup is not 0, else 0), {@code --point-warmup-calls N} and
 * {@code --point-warmup-seconds S} (the collective drivers' warm-up of each point before it is timed: untimed calls at
 * its size until N have run or S seconds have passed on rank 0's clock; defaults 10000 and 3 when --warmup is not 0,
 * else 0; {@link Drivers#warmPoint}), {@code --rounds N} (rounds of
 * the measurements that report a spread; default 1), {@code --transport NAME} and {@code --command TEXT}
 * (only echoed in the report header; the launcher does the real work). Sizes accept the suffixes {@code K}, {@code M}, {@code G} (powers of 1024).
 *
 * <p>Iteration rule (the C baseline {@code bench/c/pingpong.c} uses the very same): a size up to
 * {@link #LARGE_BYTES} runs {@code iters} timed iterations after {@code warmup} untimed ones; a larger
 * size runs {@code iters * LARGE_BYTES / size} of each, so that every large size moves about the same
 * number of bytes, but never fewer than {@link #MIN_LARGE_ITERS} timed and 1 warm-up iteration.
 */
public final class BenchOptions {
    /** Sizes above this get proportionally fewer iterations. */
    public static final long LARGE_BYTES = 64 * 1024;
    /** The fewest timed iterations of a large size. */
    public static final int MIN_LARGE_ITERS = 4;

    /** Smallest message, bytes. */
    public final long minBytes;
    /** Largest message, bytes. */
    public final long maxBytes;
    /** Timed iterations for a size up to {@link #LARGE_BYTES}. */
    public final int iters;
    /** Untimed warm-up iterations for a size up to {@link #LARGE_BYTES}. */
    public final int warmup;
    /** Messages in flight per iteration of the bandwidth drivers. */
    public final int window;
    /**
     * The transport named on the command line; without {@code --transport}, the one jmpirun started this process rank
     * on ({@code JMPI_TRANSPORT}: shm, tcp, auto), else threads (the embedded default). Reports and the collective
     * drivers' locality.
     */
    public final String transport;
    /** The command line that reproduces the run (report only). */
    public final String command;
    /** Largest size the Hockney fit of comms1 / comms2 uses. */
    public final long fitMaxBytes;
    /** The least time of untimed warm-up rounds before the table, seconds (0: none). */
    public final double warmupSeconds;
    /** Rounds of the measurements that report a spread (noncontig's Table 3). */
    public final int rounds;
    /** The most untimed calls of a collective point's own warm-up (0: none; {@link Drivers#warmPoint}). */
    public final int pointWarmupCalls;
    /** The most time of a collective point's own warm-up, seconds. */
    public final double pointWarmupSeconds;

    private BenchOptions(long minBytes, long maxBytes, int iters, int warmup, int window, String transport,
                         String command, long fitMaxBytes, double warmupSeconds, int rounds, int pointWarmupCalls,
                         double pointWarmupSeconds) {
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
        this.iters = iters;
        this.warmup = warmup;
        this.window = window;
        this.transport = transport;
        this.command = command;
        this.fitMaxBytes = fitMaxBytes;
        this.warmupSeconds = warmupSeconds;
        this.rounds = rounds;
        this.pointWarmupCalls = pointWarmupCalls;
        this.pointWarmupSeconds = pointWarmupSeconds;
    }

    /**
     * Parses {@code args} over the defaults of one driver.
     *
     * @throws IllegalArgumentException on an unknown option, a missing or malformed value, or an
     *                                  inconsistent range
     */
    public static BenchOptions parse(String[] args, int defaultIters, int defaultWarmup) {
        return parse(args, defaultIters, defaultWarmup, System::getenv);
    }

    /** {@link #parse(String[], int, int)} with the process environment's variables read through {@code env}. */
    static BenchOptions parse(String[] args, int defaultIters, int defaultWarmup,
                              java.util.function.UnaryOperator<String> env) {
        long min = 1;
        long max = 4L << 20;
        int iters = defaultIters;
        int warmup = defaultWarmup;
        int window = 64;
        String launched = env.apply("JMPI_TRANSPORT");
        String transport = launched != null ? launched : "threads";
        String command = null;
        long fitMax = -1;
        double warmupSeconds = -1;
        int rounds = 1;
        int pointCalls = -1;
        double pointSeconds = 3;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("option " + name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--min" -> min = parseBytes(name, value);
                case "--max" -> max = parseBytes(name, value);
                case "--iters" -> iters = parseCount(name, value, 1);
                case "--warmup" -> warmup = parseCount(name, value, 0);
                case "--window" -> window = parseCount(name, value, 1);
                case "--transport" -> transport = value;
                case "--command" -> command = value;
                case "--fit-max" -> fitMax = parseBytes(name, value);
                case "--warmup-seconds" -> warmupSeconds = parseSeconds(name, value);
                case "--rounds" -> rounds = parseCount(name, value, 1);
                case "--point-warmup-calls" -> pointCalls = parseCount(name, value, 0);
                case "--point-warmup-seconds" -> pointSeconds = parseSeconds(name, value);
                default -> throw new IllegalArgumentException("unknown option " + name + " (known: --min --max --iters"
                        + " --warmup --warmup-seconds --point-warmup-calls --point-warmup-seconds --rounds --window"
                        + " --fit-max --transport --command)");
            }
        }
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("need 0 <= --min <= --max, got " + min + " .. " + max);
        }
        if (max > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("--max " + max + " does not fit a Java array");
        }
        if (warmupSeconds < 0) {
            warmupSeconds = warmup == 0 ? 0 : 1;
        }
        if (pointCalls < 0) {
            pointCalls = warmup == 0 ? 0 : 10_000;
        }
        return new BenchOptions(min, max, iters, warmup, window, transport, command, fitMax < 0 ? max : fitMax,
                warmupSeconds, rounds, pointCalls, pointSeconds);
    }

    /** The message sizes: min, then doubling (0 is followed by 1), then max if doubling skipped it. */
    public List<Integer> sizes() {
        List<Integer> out = new ArrayList<>();
        long n = minBytes;
        while (n <= maxBytes) {
            out.add((int) n);
            n = n == 0 ? 1 : n * 2;
        }
        if (out.getLast() != maxBytes) {
            out.add((int) maxBytes);
        }
        return out;
    }

    /**
     * The sizes of the untimed pass that runs before the table, so that the JIT has compiled the paths
     * of small and large messages before the first size is timed: the smallest size, 1 KiB, 64 KiB and
     * 1 MiB, each capped at the largest size.
     */
    public List<Integer> jitWarmupSizes() {
        List<Integer> out = new ArrayList<>();
        // Largest first: the table starts with the smallest size, whose paths are then the freshest
        // in the JIT's profile (after a large-message warm-up, the first small size ran slow).
        for (long n : new long[] {1L << 20, 1L << 16, 1L << 10, minBytes}) {
            int s = (int) Math.min(Math.max(n, minBytes), maxBytes);
            if (!out.contains(s)) {
                out.add(s);
            }
        }
        return out;
    }

    /** Timed iterations for messages of {@code bytes}. */
    public int itersFor(long bytes) {
        return scaled(iters, bytes, MIN_LARGE_ITERS);
    }

    /** Warm-up iterations for messages of {@code bytes}. */
    public int warmupFor(long bytes) {
        return warmup == 0 ? 0 : scaled(warmup, bytes, 1);
    }

    private static int scaled(int count, long bytes, int floor) {
        if (bytes <= LARGE_BYTES) {
            return count;
        }
        long s = count * LARGE_BYTES / bytes;
        return (int) Math.max(Math.min(floor, count), s);
    }

    /** The reproducing command, or a reconstruction from the options when none was given. */
    public String commandOr(String benchmark, int ranks) {
        if (command != null) {
            return command;
        }
        return "bin/jmpibench " + benchmark + " --np " + ranks + " --transport " + transport + " --min " + minBytes
                + " --max " + maxBytes + " --iters " + iters + " --warmup " + warmup + " --warmup-seconds " + warmupSeconds
                + (rounds > 1 ? " --rounds " + rounds : "");
    }

    static long parseBytes(String option, String value) {
        String v = value.trim().toUpperCase(java.util.Locale.ROOT);
        long unit = 1;
        if (v.endsWith("B")) {
            v = v.substring(0, v.length() - 1);
        }
        if (v.endsWith("K")) {
            unit = 1L << 10;
        } else if (v.endsWith("M")) {
            unit = 1L << 20;
        } else if (v.endsWith("G")) {
            unit = 1L << 30;
        }
        if (unit != 1) {
            v = v.substring(0, v.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(v), unit);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(option + " wants a size such as 4096, 64K or 4M, not '" + value + "'", e);
        }
    }

    private static double parseSeconds(String option, String value) {
        double s;
        try {
            s = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " wants seconds such as 1 or 0.5, not '" + value + "'", e);
        }
        if (!(s >= 0 && s <= 600)) {
            throw new IllegalArgumentException(option + " must be 0 to 600 seconds, not " + value);
        }
        return s;
    }

    private static int parseCount(String option, String value, int least) {
        int n;
        try {
            n = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " wants a whole number, not '" + value + "'", e);
        }
        if (n < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ", not " + n);
        }
        return n;
    }
}
