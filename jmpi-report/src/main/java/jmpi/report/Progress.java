package jmpi.report;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * The progress bar of a report run on a terminal: the share done (by the steps' estimated durations, and
 * within a step by its points), the current step and point, and an estimate of the time left scaled by how
 * the run is going against its estimates so far. Prints nothing when standard error is not a terminal.
 */
final class Progress {
    private final PrintStream out;
    private final boolean live;
    private final double total;
    private final long start = System.nanoTime();
    private double doneEstimates;
    private Step step;
    private int stepIndex;
    private final int stepCount;
    private int points;
    private int pointsSeen;
    private String point = "";
    private long stepStart;
    private int lastWidth;

    Progress(PrintStream out, boolean live, List<Step> steps) {
        this.out = out;
        this.live = live;
        this.total = Math.max(1e-9, steps.stream().mapToDouble(Step::estimateSeconds).sum());
        this.stepCount = steps.size();
    }

    static boolean terminal() {
        java.io.Console c = System.console();
        return c != null && c.isTerminal() && System.getenv("TERM") != null && !"dumb".equals(System.getenv("TERM"));
    }

    synchronized void begin(Step s) {
        step = s;
        stepIndex++;
        points = 0;
        point = "";
        stepStart = System.nanoTime();
        draw();
    }

    synchronized void point(String what) {
        points++;
        pointsSeen++;
        point = what;
        draw();
    }

    synchronized void end() {
        doneEstimates += step.estimateSeconds();
        step = null;
        draw();
    }

    /** Point lines seen over all steps so far. */
    synchronized int pointsSeen() {
        return pointsSeen;
    }

    synchronized void finish() {
        if (live && lastWidth > 0) {
            out.print("\r" + " ".repeat(lastWidth) + "\r");
            out.flush();
        }
    }

    /** Redraws with the time moving on (called by a timer while a step runs). */
    synchronized void tick() {
        draw();
    }

    double fractionDone() {
        double within = 0;
        if (step != null) {
            double byPoints = step.points() > 0 ? Math.min(1, (double) points / step.points()) : 0;
            double byTime = Math.min(0.95, (System.nanoTime() - stepStart) / 1e9 / Math.max(1e-9, step.estimateSeconds()));
            within = step.estimateSeconds() * (step.points() > 0 ? Math.max(byPoints, 0.5 * byTime) : byTime);
        }
        return Math.min(1, (doneEstimates + within) / total);
    }

    private void draw() {
        if (!live) {
            return;
        }
        double f = fractionDone();
        double elapsed = (System.nanoTime() - start) / 1e9;
        String left = f > 0.02 ? time(elapsed / f - elapsed) + " left" : "estimating";
        int bar = 24;
        int filled = (int) Math.round(f * bar);
        String what = step == null ? "" : String.format(Locale.ROOT, " step %d/%d %s%s", stepIndex, stepCount,
                step.label(), step.points() > 0 ? " " + points + "/" + step.points() + (point.isEmpty() ? "" : " (" + point + ")") : "");
        String line = String.format(Locale.ROOT, "[%s%s] %3.0f%% %s %s,%s", "#".repeat(filled), ".".repeat(bar - filled),
                100 * f, time(elapsed), left, what);
        if (line.length() > 150) {
            line = line.substring(0, 150);
        }
        out.print("\r" + line + (line.length() < lastWidth ? " ".repeat(lastWidth - line.length()) : ""));
        out.flush();
        lastWidth = line.length();
    }

    static String time(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm", s / 3600, s % 3600 / 60)
                : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
    }
}
