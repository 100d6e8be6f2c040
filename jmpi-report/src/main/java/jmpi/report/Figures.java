package jmpi.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn by XChart and written as SVG text: x-y charts (linear or log axes; measured
 * points with markers, fitted curves as plain lines) and bar charts (grouped or stacked). Points that a log
 * axis cannot show (zero or negative) and non-finite values are left out, and said so by the caller's data;
 * a chart never gets a NaN.
 */
final class Figures {
    static final int WIDTH = 760;
    static final int HEIGHT = 460;

    private Figures() {
    }

    /** One series of an x-y chart; {@code fit} draws a line without markers (a model, not a measurement). */
    record Series(String name, double[] x, double[] y, boolean fit) {
        Series {
            if (x.length != y.length) {
                throw new IllegalArgumentException("series " + name + ": " + x.length + " x values, " + y.length + " y values");
            }
        }

        static Series measured(String name, List<double[]> points) {
            return of(name, points, false);
        }

        static Series fitted(String name, List<double[]> points) {
            return of(name, points, true);
        }

        private static Series of(String name, List<double[]> points, boolean fit) {
            return new Series(name, points.stream().mapToDouble(p -> p[0]).toArray(),
                    points.stream().mapToDouble(p -> p[1]).toArray(), fit);
        }
    }

    /** One group of bars: a value per category (NaN: no bar). */
    record Bars(String name, double[] values) {
    }

    /** A chart as SVG text and the series it shows, with what its axes say. */
    record Drawn(String svg, String title, String xTitle, String yTitle, List<String> seriesNames) {
    }

    static Drawn xy(String title, String xTitle, String yTitle, boolean logX, boolean logY, List<Series> series)
            throws IOException {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        var st = chart.getStyler();
        st.setXAxisLogarithmic(logX);
        st.setYAxisLogarithmic(logY);
        st.setLegendPosition(Styler.LegendPosition.InsideNW);
        st.setPlotGridLinesVisible(true);
        st.setChartBackgroundColor(Color.WHITE);
        st.setLegendBackgroundColor(new Color(255, 255, 255, 220));
        st.setMarkerSize(6);
        List<String> names = new ArrayList<>();
        for (Series s : series) {
            List<double[]> kept = new ArrayList<>();
            for (int i = 0; i < s.x().length; i++) {
                double x = s.x()[i];
                double y = s.y()[i];
                if (Double.isFinite(x) && Double.isFinite(y) && (!logX || x > 0) && (!logY || y > 0)) {
                    kept.add(new double[] {x, y});
                }
            }
            if (kept.isEmpty()) {
                continue;
            }
            XYSeries xs = chart.addSeries(s.name(), kept.stream().mapToDouble(p -> p[0]).toArray(),
                    kept.stream().mapToDouble(p -> p[1]).toArray());
            if (s.fit()) {
                xs.setMarker(SeriesMarkers.NONE);
                xs.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
                        new float[] {6f, 4f}, 0f));
            }
            names.add(s.name());
        }
        if (names.isEmpty()) {
            throw new IOException("chart '" + title + "': no point to draw");
        }
        return new Drawn(svg(chart), title, xTitle, yTitle, names);
    }

    static Drawn bars(String title, String xTitle, String yTitle, List<String> categories, List<Bars> groups,
                      boolean stacked) throws IOException {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setStacked(stacked);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setOverlapped(false);
        List<String> names = new ArrayList<>();
        for (Bars b : groups) {
            List<Number> v = new ArrayList<>();
            boolean any = false;
            for (double d : b.values()) {
                boolean ok = Double.isFinite(d);
                v.add(ok ? d : 0.0);
                any |= ok;
            }
            if (!any) {
                continue;
            }
            chart.addSeries(b.name(), categories, v);
            names.add(b.name());
        }
        if (names.isEmpty()) {
            throw new IOException("chart '" + title + "': no bar to draw");
        }
        return new Drawn(svg(chart), title, xTitle, yTitle, names);
    }

    private static String svg(Chart<?, ?> chart) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** A number for a table cell: 3 significant digits, no exponent for everyday sizes. */
    static String num(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return String.format(Locale.ROOT, "%.3g", v);
    }
}
