package jmpi.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The CLEI 1999 mpiJava paper's Table 2 from the rows of {@link Noncontig} or {@code bench/c/noncontig.c} ({@code type mode bytes
 * elements iterations time_us MB/s}): the Hockney fit per (type, mode) over the power-of-two sizes up to
 * {@code --fit-max} (default all), and STRIDE's and LOOP's r_inf as a share of CONTIGUOUS's. Not an MPI
 * program. {@code NoncontigFit [--fit-max BYTES] [--label TEXT] FILE}; prints
 * {@code FIT label type mode r_inf_MB/s n_1/2_bytes t0_us share_of_contiguous}.
 */
public final class NoncontigFit {
    private NoncontigFit() {
    }

    public static void main(String[] args) throws IOException {
        long fitMax = Long.MAX_VALUE;
        String label = "-";
        String file = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--fit-max" -> fitMax = BenchOptions.parseBytes("--fit-max", args[++i]);
                case "--label" -> label = args[++i];
                default -> file = args[i];
            }
        }
        Map<String, List<double[]>> pts = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(file))) {
            String[] w = line.trim().split("\\s+");
            if (w.length == 7 && (w[0].equals("byte") || w[0].equals("double")) && w[2].matches("\\d+")) {
                long b = Long.parseLong(w[2]);
                if (Long.bitCount(b) == 1 && b <= fitMax) {
                    pts.computeIfAbsent(w[0] + " " + w[1], k -> new ArrayList<>()).add(new double[] {b, Double.parseDouble(w[5])});
                }
            }
        }
        Map<String, Double> contiguous = new LinkedHashMap<>();
        List<String[]> out = new ArrayList<>();
        for (var e : pts.entrySet()) {
            List<double[]> p = e.getValue();
            if (p.size() < 2) {
                continue;
            }
            HockneyFit.Result f = HockneyFit.fit(p.stream().mapToDouble(x -> x[0]).toArray(),
                    p.stream().mapToDouble(x -> x[1]).toArray());
            String[] tm = e.getKey().split(" ");
            if (tm[1].equals("CONTIGUOUS")) {
                contiguous.put(tm[0], f.rInfMBps());
            }
            out.add(new String[] {tm[0], tm[1], Report.number(f.rInfMBps()), Report.number(f.nHalfBytes()),
                    Report.number(f.t0Micros()), Double.toString(f.rInfMBps())});
        }
        for (String[] r : out) {
            Double c = contiguous.get(r[0]);
            String share = c == null ? "-" : String.format(Locale.ROOT, "%.3f", Double.parseDouble(r[5]) / c);
            System.out.println(String.format(Locale.ROOT, "FIT %-16s %-7s %-11s %12s %12s %12s %8s", label, r[0], r[1], r[2],
                    r[3], r[4], share));
        }
    }
}
