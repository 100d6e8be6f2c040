package jmpi.report;

import java.util.List;
import java.util.Locale;

/**
 * A table drawn as an SVG heat map: one row per algorithm, one column per size; each cell shows the time
 * and is coloured by its ratio to the fastest cell of its column (white at the best, deep red at 4x and
 * more; grey when not run); the selection table's choice in each column has a thick black frame. Drawn by
 * hand because a chart library's heat map cannot mark one cell per column.
 */
final class HeatMap {
    private HeatMap() {
    }

    /**
     * @param values  [row][column] times; NaN = not run
     * @param chosen  per column the row the selection table picks (-1: none of the rows)
     */
    static String svg(String title, String rowTitle, List<String> rows, String columnTitle, List<String> columns,
                      double[][] values, int[] chosen, String unit) {
        int labelW = 150;
        int cellW = 92;
        int cellH = 24;
        int top = 58;
        int w = Math.max(560, labelW + cellW * columns.size() + 20);
        int h = top + cellH * rows.size() + 62;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"12\">%n", w, h, w, h));
        s.append("<title>").append(Page.esc(title)).append("</title>\n");
        s.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", w, h));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">%s</text>%n",
                8, Page.esc(title)));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"38\">%s</text>%n", labelW, Page.esc(columnTitle)));
        s.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"%d\" font-style=\"italic\">%s</text>%n", top - 6,
                Page.esc(rowTitle)));
        for (int c = 0; c < columns.size(); c++) {
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                    labelW + c * cellW + cellW / 2, top - 6, Page.esc(columns.get(c))));
        }
        for (int c = 0; c < columns.size(); c++) {
            double best = Double.POSITIVE_INFINITY;
            for (double[] row : values) {
                if (Double.isFinite(row[c])) {
                    best = Math.min(best, row[c]);
                }
            }
            for (int r = 0; r < rows.size(); r++) {
                double v = values[r][c];
                int x = labelW + c * cellW;
                int y = top + r * cellH;
                String fill = Double.isFinite(v) ? colour(v / best) : "#dddddd";
                s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\""
                        + " stroke=\"#999999\" stroke-width=\"0.5\"/>%n", x, y, cellW, cellH, fill));
                s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
                        x + cellW / 2, y + 16, Double.isFinite(v) ? Figures.num(v) : "-"));
            }
            if (chosen[c] >= 0) {
                s.append(String.format(Locale.ROOT, "<rect class=\"chosen\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                        + " fill=\"none\" stroke=\"black\" stroke-width=\"3\"/>%n", labelW + c * cellW + 1,
                        top + chosen[c] * cellH + 1, cellW - 2, cellH - 2));
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            s.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"%d\">%s</text>%n", top + r * cellH + 16,
                    Page.esc(rows.get(r))));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"%d\" font-size=\"11\">cells: %s; colour: time / the"
                + " column's best (white 1x, red 4x and more);</text>%n", top + rows.size() * cellH + 26, Page.esc(unit)));
        s.append(String.format(Locale.ROOT, "<text x=\"8\" y=\"%d\" font-size=\"11\">framed: the selection table's"
                + " choice; grey: not run</text>%n", top + rows.size() * cellH + 42));
        s.append("</svg>\n");
        return s.toString();
    }

    /** White at 1, through yellow, to red at 4 and above. */
    static String colour(double ratio) {
        double t = Math.max(0, Math.min(1, Math.log(Math.max(ratio, 1)) / Math.log(4)));
        int r = 255;
        int g = (int) Math.round(255 - 175 * t);
        int b = (int) Math.round(255 - 235 * Math.min(1, 2 * t));
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }
}
