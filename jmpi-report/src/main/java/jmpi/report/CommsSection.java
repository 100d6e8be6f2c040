package jmpi.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parkbench comms1 (ping-pong) and comms2 (simultaneous exchange) with the Hockney fit, beside the CLEI 1999
 * mpiJava paper's Table 1 (mpiJava and Fortran 77 over MPICH/GM on Myrinet, 1999).
 */
final class CommsSection implements Section {
    /** The paper's Table 1: experiment, r_inf MB/s, n_1/2 bytes, startup us. */
    static final String[][] PAPER = {
        {"comms1 (g77)", "12.48", "559.21", "44.81"},
        {"comms1 (java)", "12.47", "2742.23", "219.91"},
        {"comms2 (g77)", "18.31", "1138.45", "62.17"},
        {"comms2 (java)", "18.29", "7147.23", "390.77"},
    };

    @Override
    public String id() {
        return "comms";
    }

    @Override
    public String title() {
        return "Parkbench comms1 and comms2 (the CLEI 1999 mpiJava paper, Table 1)";
    }

    static String max(Context c) {
        return c.quick ? "1M" : "4M";
    }

    @Override
    public List<Step> steps(Context c) {
        List<Step> s = new ArrayList<>();
        int points = c.quick ? 21 : 23;
        for (String b : new String[] {"comms1", "comms2"}) {
            List<String> cmd = new ArrayList<>(List.of("bin/jmpibench", b, "--min", "1", "--max", max(c)));
            cmd.addAll(c.quick ? List.of("--iters", "1000", "--warmup", "100", "--warmup-seconds", "0.5")
                    : List.of("--warmup-seconds", "2"));
            s.add(new Step(b, b, cmd, NO_ENV, c.quick ? 25 : 90, points,
                    line -> line.matches("\\s+\\d+\\s+\\d+\\s+[0-9.]+\\s+[0-9.]+") ? line.trim().split("\\s+")[0] + " B" : null));
        }
        return s;
    }

    @Override
    public void render(Context c) throws IOException {
        c.page.section(id(), title());
        c.page.para("comms1: ping-pong between ranks 0 and 1, the time of one message is half the round trip. comms2: both"
                + " ranks send and receive at once, the time is a quarter of the exchange's. Two ranks as threads of one JVM"
                + " (the embedded default transport). The fit is t = t0 + n / r_inf by least squares over all sizes; n_1/2"
                + " = t0 r_inf. The paper measured mpiJava (JNI over MPICH) and Fortran 77 on Myrinet in 1999: its numbers"
                + " show the shape, not a race.");
        List<Figures.Series> times = new ArrayList<>();
        List<Figures.Series> rates = new ArrayList<>();
        List<List<String>> table = new ArrayList<>();
        for (String[] p : PAPER) {
            table.add(List.of(p[0] + ", the paper (Myrinet, 1999)", p[1], p[2], p[3]));
        }
        String provenance = null;
        for (String b : new String[] {"comms1", "comms2"}) {
            String out = Section.output(c, b);
            if (out == null) {
                Section.failed(c, b);
                continue;
            }
            provenance = b;
            List<double[]> t = new ArrayList<>();
            List<double[]> r = new ArrayList<>();
            for (String[] w : Section.rows(out, w -> w.length == 4 && w[0].matches("\\d+") && Section.isNumber(w[2]))) {
                double n = Double.parseDouble(w[0]);
                t.add(new double[] {n, Double.parseDouble(w[2])});
                r.add(new double[] {n, Double.parseDouble(w[3])});
            }
            times.add(Figures.Series.measured(b + " (jmpi)", t));
            rates.add(Figures.Series.measured(b + " (jmpi)", r));
            for (String[] w : Section.rows(out, w -> w.length == 5 && w[0].equals(b) && w[1].equals("(jmpi)"))) {
                double rInf = Section.number(w[2]);
                double t0 = Section.number(w[4]);
                table.add(List.of(b + " (jmpi, here)", w[2], w[3], w[4]));
                if (!(rInf > 0 && Double.isFinite(rInf) && Double.isFinite(t0))) {
                    c.page.note(b + ": the fit has no finite positive r_inf (the times do not grow with the size: a run"
                            + " dominated by something else than the copy); no fit line is drawn.");
                    continue;
                }
                double lo = t.isEmpty() ? 1 : Math.max(1, t.getFirst()[0]);
                double hi = t.isEmpty() ? 1 : t.getLast()[0];
                List<double[]> fit = new ArrayList<>();
                for (double n = lo; n <= hi * 1.0001; n *= 2) {
                    fit.add(new double[] {n, t0 + n / rInf});
                }
                times.add(Figures.Series.fitted(b + " fit t0 + n/r_inf", fit));
            }
        }
        if (provenance == null) {
            return;
        }
        c.page.table("Table 1: Hockney fit (r_inf MB/s = 10^6 B/s, n_1/2 bytes, t0 us)",
                List.of("experiment", "r_inf MB/s", "n_1/2 B", "t0 (startup) us"), table);
        c.figure("comms-time", Figures.xy("comms1 and comms2: time of one message", "message size (bytes)",
                "time (us)", true, true, times), times, provenance, "Dashed: the Hockney fit");
        c.figure("comms-rate", Figures.xy("comms1 and comms2: rate", "message size (bytes)", "MB/s (10^6 B/s)", true,
                true, rates), rates, provenance, null);
    }
}
