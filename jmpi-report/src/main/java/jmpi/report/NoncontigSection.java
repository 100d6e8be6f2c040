package jmpi.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Contiguous, STRIDE (a Vector type) and LOOP (packing by hand) messages of bytes and doubles: the CLEI 1999
 * paper's Figures 3-4 as curves, Table 2 (the fit per type and mode) and Table 3 (the fixed cost of a call),
 * each beside the paper's values.
 */
final class NoncontigSection implements Section {
    /** The paper's Table 2: language (type), mode, r_inf MB/s, startup us. */
    static final String[][] PAPER_T2 = {
        {"Fortran 77 (byte)", "contiguous", "14.01", "44.78"}, {"Fortran 77 (double)", "contiguous", "13.51", "44.74"},
        {"Java (byte)", "contiguous", "13.95", "209.15"}, {"Java (double)", "contiguous", "13.47", "219.15"},
        {"Fortran 77 (byte)", "stride", "0.95", "45.89"}, {"Fortran 77 (double)", "stride", "0.62", "45.89"},
        {"Java (byte)", "stride", "0.94", "218.19"}, {"Java (double)", "stride", "0.61", "225.64"},
        {"Fortran 77 (byte)", "loop", "0.41", "41.22"}, {"Fortran 77 (double)", "loop", "0.24", "40.48"},
        {"Java (byte)", "loop", "0.19", "219.12"}, {"Java (double)", "loop", "0.13", "221.13"},
    };
    /** The paper's Table 3 (mpiJava, bytes): mode, bytes, time ms, native call overhead ms, share. */
    static final String[][] PAPER_T3 = {
        {"contiguous", "8", "0.21", "0.16", "76.19%"}, {"contiguous", "1000", "0.30", "0.16", "53.33%"},
        {"contiguous", "50000", "4.12", "0.16", "3.88%"}, {"contiguous", "100000", "7.67", "0.16", "2.09%"},
        {"stride", "8", "0.24", "0.17", "70.83%"}, {"stride", "1000", "1.18", "0.17", "14.41%"},
        {"stride", "50000", "52.75", "0.17", "0.32%"}, {"stride", "100000", "106.50", "0.17", "0.16%"},
        {"loop", "8", "0.26", "0.17", "65.39%"}, {"loop", "1000", "5.17", "0.17", "3.29%"},
        {"loop", "50000", "256.00", "0.17", "0.07%"}, {"loop", "100000", "511.20", "0.17", "0.03%"},
    };

    @Override
    public String id() {
        return "noncontig";
    }

    @Override
    public String title() {
        return "Contiguous and non-contiguous messages (the CLEI 1999 mpiJava paper, Tables 2 and 3)";
    }

    @Override
    public List<Step> steps(Context c) {
        List<String> cmd = new ArrayList<>(List.of("bin/jmpibench", "noncontig", "--min", "8", "--max", c.quick ? "128K" : "256K"));
        cmd.addAll(c.quick ? List.of("--iters", "300", "--warmup", "50", "--warmup-seconds", "1", "--rounds", "3")
                : List.of("--warmup-seconds", "2", "--rounds", "5"));
        int sizes = (c.quick ? 15 : 16) + 4; // doubling sizes plus Table 3's
        return List.of(new Step("noncontig", "noncontig", cmd, NO_ENV, c.quick ? 40 : 150, 6 * sizes,
                line -> {
                    String[] w = line.trim().split("\\s+");
                    return w.length == 7 && (w[0].equals("byte") || w[0].equals("double")) && w[2].matches("\\d+")
                            ? w[0] + " " + w[1] + " " + w[2] + " B" : null;
                }));
    }

    @Override
    public void render(Context c) throws IOException {
        String out = begin(c, "Ping-pong of n elements between ranks 0 and 1 (threads of one JVM), half the round trip. CONTIGUOUS: n"
                + " consecutive elements. STRIDE: one item of MPI.BYTE.Vector(n, 1, 64) or MPI.DOUBLE.Vector(n, 1, 8) on both"
                + " sides (the same byte offsets). LOOP: the program copies the elements into a contiguous buffer by hand,"
                + " sends it, and the receiver copies them out.", "noncontig");
        if (out == null) {
            return;
        }
        for (String type : new String[] {"byte", "double"}) {
            List<Figures.Series> series = new ArrayList<>();
            for (String mode : new String[] {"CONTIGUOUS", "STRIDE", "LOOP"}) {
                List<double[]> pts = new ArrayList<>();
                for (String[] w : Section.rows(out, w -> w.length == 7 && w[0].equals(type) && w[1].equals(mode)
                        && w[2].matches("\\d+"))) {
                    pts.add(new double[] {Double.parseDouble(w[2]), Double.parseDouble(w[5])});
                }
                series.add(Figures.Series.measured(mode.toLowerCase(Locale.ROOT), pts));
            }
            c.figure("noncontig-" + type, Figures.xy("comm" + (type.equals("byte") ? "Byte" : "Double")
                    + ": time of one message, " + type + "s", "data bytes", "time (us)", true, true, series), series,
                    "noncontig", null);
        }
        List<List<String>> t2 = new ArrayList<>();
        for (String[] w : Section.rows(Section.block(out, "# Table 2"), w -> w.length == 5 && !w[0].equals("type"))) {
            t2.add(List.of("jmpi (" + w[0] + "), here", w[1], w[2], w[3], w[4]));
        }
        for (String[] p : PAPER_T2) {
            t2.add(List.of(p[0] + ", the paper", p[1], p[2], "", p[3]));
        }
        c.page.table("Table 2: Hockney fit per type and mode (r_inf MB/s, n_1/2 B, t0 = startup us); the paper's rows are"
                + " mpiJava and Fortran 77 on Myrinet, 1999", List.of("experiment", "mode", "r_inf MB/s", "n_1/2 B", "t0 us"), t2);
        List<List<String>> t3 = new ArrayList<>();
        for (String[] w : Section.rows(Section.block(out, "# Table 3"), w -> w.length == 8 && !w[0].equals("type"))) {
            t3.add(List.of("jmpi " + w[0], w[1], w[2], w[3], w[4] + " .. " + w[5], w[6], w[7]));
        }
        for (String[] p : PAPER_T3) {
            t3.add(List.of("the paper, byte", p[0], p[1], p[2], "", p[3], p[4]));
        }
        c.page.table("Table 3: time of one message and the fixed cost of a call (jmpi: the same mode's time at one element,"
                + " median of the rounds after a warm-up, with the rounds' spread; the paper: the JNI call's overhead)",
                List.of("who", "mode", "bytes", "time ms", "spread ms", "call cost ms", "share"), t3);
        c.page.para("Provenance: " + c.provenance("noncontig"));
    }
}
