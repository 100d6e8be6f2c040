package jmpi.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** One part of the report: the steps it runs, then what it writes from their outputs. */
interface Section {
    String id();

    String title();

    /** The commands to run (none: the section only writes a note). */
    List<Step> steps(Context c);

    /** Writes the section from the outputs of its steps ({@link Context#outputs}); a failed step is said so. */
    void render(Context c) throws IOException;

    /** No environment variables beyond the report's own for a step (most steps need none). */
    Map<String, String> NO_ENV = Map.of();

    /**
     * Starts the section on the page with its introduction; returns the output of {@code step}, or null when it
     * failed or did not run (the page then says why).
     */
    default String begin(Context c, String intro, String step) {
        c.page.section(id(), title());
        c.page.para(intro);
        String out = output(c, step);
        if (out == null) {
            failed(c, step);
        }
        return out;
    }

    /** Whitespace-split lines of {@code text} whose words {@code accept} keeps. */
    static List<String[]> rows(String text, Function<String[], Boolean> accept) {
        List<String[]> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String t = line.trim();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            String[] w = t.split("\\s+");
            if (accept.apply(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** The lines after the first line that starts with {@code marker}, up to the next blank line or heading. */
    static String block(String text, String marker) {
        StringBuilder b = new StringBuilder();
        boolean in = false;
        for (String line : text.split("\n")) {
            if (!in) {
                in = line.startsWith(marker);
                continue;
            }
            if (line.isBlank() || line.startsWith("#")) {
                break;
            }
            b.append(line).append('\n');
        }
        return b.toString();
    }

    static boolean isNumber(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** A number as the drivers print it: "-" is none (NaN), "inf" and "-inf" are infinite (a fit with no slope). */
    static double number(String s) {
        return switch (s) {
            case "-" -> Double.NaN;
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s.replace("%", ""));
        };
    }

    /** Writes why a step failed (its message and the place of its raw output); true if it did. */
    static boolean failed(Context c, String step) {
        String why = c.failures.get(step);
        if (why == null) {
            return false;
        }
        c.page.note("This measurement failed; its raw output is in raw/" + step + ".txt and raw/" + step + ".err.");
        c.page.code(why);
        return true;
    }

    /** The output of a step, or null when it failed or did not run. */
    static String output(Context c, String step) {
        return c.failures.containsKey(step) ? null : c.outputs.get(step);
    }
}
