package jmpi.report;

import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One command of a report run: a benchmark script or driver run in jmpi's checkout, its estimated time,
 * how many points it prints and how to tell a point line (a name for the progress bar, or null).
 *
 * @param name  file name of its raw output (raw/NAME.txt)
 * @param label what the progress bar calls it
 */
record Step(String name, String label, List<String> command, Map<String, String> env, double estimateSeconds, int points,
            Function<String, String> point) {

    /** The command as a user types it in the checkout (environment first). */
    String shown() {
        StringBuilder b = new StringBuilder();
        env.forEach((k, v) -> b.append(k).append("='").append(v).append("' "));
        for (String c : command) {
            b.append(c.isEmpty() || c.matches(".*[\\s\"'$*].*") ? "'" + c + "'" : c).append(' ');
        }
        return b.toString().trim();
    }
}
