package jmpi.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency and bandwidth of jmpi (threads transport) against Open MPI and MPICH from the system's packages,
 * the same C ping-pong and window benchmark on their shared-memory paths (bench/compare-openmpi.sh), when
 * those libraries are installed.
 */
final class NativeSection implements Section {
    @Override
    public String id() {
        return "native";
    }

    @Override
    public String title() {
        return "Latency and bandwidth against Open MPI and MPICH";
    }

    static boolean installed(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    static boolean openmpi() {
        return installed("mpirun.openmpi") && installed("mpicc.openmpi");
    }

    static boolean mpich() {
        return installed("mpirun.mpich") && installed("mpicc.mpich");
    }

    @Override
    public List<Step> steps(Context c) {
        if (!openmpi()) {
            return List.of();
        }
        List<String> cmd = new ArrayList<>(List.of("bench/compare-openmpi.sh", "--min", "1", "--max", c.quick ? "64K" : "4M"));
        cmd.addAll(c.quick ? List.of("--iters", "3000", "--warmup", "300", "--bw-iters", "300", "--repeat", "1")
                : List.of("--repeat", "3"));
        if (mpich()) {
            cmd.add("--mpich");
        }
        return List.of(new Step("native", "jmpi vs Open MPI" + (mpich() ? " and MPICH" : ""), cmd, NO_ENV,
                c.quick ? 60 : 600, c.quick ? 2 : 6, line -> line.startsWith("compare-openmpi.sh: running ")
                        ? line.substring(28) : null));
    }

    @Override
    public void render(Context c) throws IOException {
        c.page.section(id(), title());
        if (!openmpi()) {
            c.page.note("Skipped: Open MPI is not installed (mpirun.openmpi and mpicc.openmpi not on the PATH). Debian:"
                    + " apt-get install openmpi-bin libopenmpi-dev mpich libmpich-dev.");
            return;
        }
        c.page.para("The C benchmark bench/c/pingpong.c on Open MPI (btl self,vader: shared memory, 2 processes)"
                + (mpich() ? " and on MPICH" : "") + " against jmpi's drivers on the threads transport (2 ranks), the same"
                + " sizes and iteration rule. Latency: half the round trip. Bandwidth: a window of 64 non-blocking sends"
                + " and a 1-byte acknowledgement, MB = 10^6 B. " + (c.quick ? "--quick: one round, short runs." : "Best of 3 interleaved rounds."));
        String out = Section.output(c, "native");
        if (out == null) {
            Section.failed(c, "native");
            return;
        }
        plot(c, out, "latency", "_us", "latency (us)", "native-latency", "Latency: half round trip");
        plot(c, out, "bw", "_MB/s", "bandwidth (MB/s)", "native-bandwidth", "Bandwidth: window of 64");
        for (String line : out.split("\n")) {
            if (line.startsWith("# geometric") || line.startsWith("# goal")) {
                c.page.para(line.substring(2));
            }
        }
    }

    private static void plot(Context c, String out, String kind, String suffix, String yTitle, String id, String title)
            throws IOException {
        String[] head = null;
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            String[] w = line.trim().split("\\s+");
            if (w.length > 2 && w[0].equals(kind) && w[1].equals("bytes")) {
                head = w;
            } else if (head != null && w.length == head.length && w[0].equals(kind) && w[1].matches("\\d+")) {
                rows.add(w);
            }
        }
        if (head == null || rows.isEmpty()) {
            c.page.note("No " + kind + " table in the output (raw/native.txt).");
            return;
        }
        List<Figures.Series> series = new ArrayList<>();
        for (int j = 2; j < head.length; j++) {
            if (!head[j].endsWith(suffix)) {
                continue;
            }
            List<double[]> pts = new ArrayList<>();
            for (String[] r : rows) {
                pts.add(new double[] {Double.parseDouble(r[1]), Section.number(r[j])});
            }
            series.add(Figures.Series.measured(head[j].substring(0, head[j].length() - suffix.length()), pts));
        }
        c.figure(id, Figures.xy(title, "message size (bytes)", yTitle, true, true, series), series, "native", null);
    }
}
