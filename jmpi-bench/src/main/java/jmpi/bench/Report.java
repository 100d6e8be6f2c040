package jmpi.bench;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import mpi.Intracomm;
import mpi.MPI;

/**
 * Formats what the drivers print: the {@code #} header (what was measured, on what, the command that
 * reproduces it) and whitespace-aligned table rows. Measures nothing; builds strings only, the drivers
 * print them.
 */
public final class Report {
    /** The jmpi version printed in the first header line. */
    public static final String VERSION = "0.1.0";

    private final int[] widths;

    /** A table with these column titles; each column is as wide as its title, at least 12. */
    public Report(String... titles) {
        widths = new int[titles.length];
        for (int i = 0; i < titles.length; i++) {
            widths[i] = Math.max(12, titles[i].length());
        }
    }

    /** The title line of the table. */
    public String titles(String... titles) {
        return row((Object[]) titles);
    }

    /** One right-aligned row; doubles get 2 decimals below 1000 and none above, NaN prints as "-". */
    public String row(Object... cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            String text = cells[i] instanceof Double d ? number(d) : String.valueOf(cells[i]);
            int w = i < widths.length ? widths[i] : 12;
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(" ".repeat(Math.max(0, w - text.length()))).append(text);
        }
        return sb.toString();
    }

    /** A number for a table cell. */
    public static String number(double d) {
        if (Double.isNaN(d)) {
            return "-";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        double a = Math.abs(d);
        return String.format(java.util.Locale.ROOT, a >= 1000 ? "%.0f" : a >= 10 ? "%.2f" : "%.3f", d);
    }

    /**
     * The header lines of one run.
     *
     * @param measured one line saying what the numbers are
     * @param buffers  how the buffers were used (reuse keeps them in cache, which flatters large sizes)
     * @param extra    more {@code #} lines, placed before the command line
     */
    public static List<String> header(String benchmark, BenchOptions o, Intracomm comm, String measured,
                                      String buffers, String... extra) {
        List<String> h = new ArrayList<>();
        int ranks = comm.Size();
        h.add("# jmpi " + VERSION);
        h.add("# benchmark: " + benchmark);
        h.add("# measured: " + measured);
        h.add("# JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        List<String> jvmArgs = ManagementFactory.getRuntimeMXBean().getInputArguments();
        h.add("# JVM options: " + (jvmArgs.isEmpty() ? "(none)" : String.join(" ", jvmArgs)));
        h.add("# transport: " + o.transport + ", ranks: " + ranks + ", host: " + MPI.Get_processor_name()
                + ", cores: " + Runtime.getRuntime().availableProcessors()
                + (ranks > 2 ? " (ranks 2.." + (ranks - 1) + " only join the barriers)" : ""));
        h.add("# buffers: " + buffers);
        h.add("# iterations: " + o.iters + " timed after " + o.warmup + " warm-up up to "
                + BenchOptions.LARGE_BYTES + " B; above, scaled by " + BenchOptions.LARGE_BYTES
                + "/size (at least " + BenchOptions.MIN_LARGE_ITERS + " timed, 1 warm-up)");
        h.add("# load average at start (1, 5, 15 min): " + loadAverage());
        h.addAll(List.of(extra));
        h.add("# command: " + o.commandOr(benchmark, ranks));
        return h;
    }

    /**
     * Runs the header and row formatting once, output discarded, before the JIT warm-up: the classes
     * they load (management beans, formatters) would otherwise be loaded after the warm-up and make
     * the JIT throw away the code it compiled for the message paths (class-hierarchy deoptimization),
     * in the middle of the first measured sizes.
     */
    public static void prime(BenchOptions o, Intracomm comm) {
        List<String> lines = new ArrayList<>(header("prime", o, comm, "", ""));
        Report r = new Report("bytes", "value");
        lines.add(r.titles("bytes", "value"));
        lines.add(r.row(1, 0.123));
        lines.add(r.row(1 << 20, 12345.6));
        if (lines.isEmpty()) {
            throw new IllegalStateException("no header");
        }
    }

    /** The system load average, which says whether something else shared the cores during the run. */
    private static String loadAverage() {
        double one = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        try {
            String[] f = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException e) {
            return number(one) + " (1 min; /proc/loadavg unreadable: " + e.getMessage() + ")";
        }
    }
}
