package jmpi.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The report page: well-formed XHTML (so that a test can parse it with an XML parser), one file with every
 * figure inline as SVG, a table of the machine, then the sections in order.
 */
final class Page {
    private final StringBuilder body = new StringBuilder();
    private final List<String[]> toc = new ArrayList<>();

    static String esc(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                default -> b.append(c < 0x20 && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return b.toString();
    }

    void section(String id, String title) {
        toc.add(new String[] {id, title});
        body.append("<h2 id=\"").append(esc(id)).append("\">").append(esc(title)).append("</h2>\n");
    }

    void heading(String title) {
        body.append("<h3>").append(esc(title)).append("</h3>\n");
    }

    void para(String text) {
        body.append("<p>").append(esc(text)).append("</p>\n");
    }

    void note(String text) {
        body.append("<p class=\"note\">").append(esc(text)).append("</p>\n");
    }

    void code(String text) {
        body.append("<pre>").append(esc(text)).append("</pre>\n");
    }

    /** Raw, already well-formed markup (a figure). */
    void raw(String xhtml) {
        body.append(xhtml);
    }

    void table(String caption, List<String> header, List<List<String>> rows) {
        body.append("<table>\n");
        if (caption != null) {
            body.append("<caption>").append(esc(caption)).append("</caption>\n");
        }
        body.append("<tr>");
        for (String h : header) {
            body.append("<th>").append(esc(h)).append("</th>");
        }
        body.append("</tr>\n");
        for (List<String> r : rows) {
            body.append("<tr>");
            for (String c : r) {
                body.append("<td>").append(esc(c)).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</table>\n");
    }

    String render(String title, String intro, List<List<String>> machine) {
        StringBuilder s = new StringBuilder();
        s.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n");
        s.append("<title>").append(esc(title)).append("</title>\n<style>\n");
        s.append("body{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;max-width:1100px;margin:1em auto;padding:0 1em;color:#222}\n");
        s.append("table{border-collapse:collapse;margin:0.6em 0}td,th{border:1px solid #bbb;padding:2px 8px;text-align:right}\n");
        s.append("th{background:#eee}td:first-child,th:first-child{text-align:left}caption{text-align:left;font-weight:bold;padding:4px 0}\n");
        s.append("figure{margin:1em 0}figcaption{font-size:0.85em;color:#444;max-width:760px}\n");
        s.append("pre{background:#f6f6f6;padding:6px;overflow-x:auto;font-size:0.85em}.note{color:#7a4b00}\n");
        s.append("</style>\n</head>\n<body>\n");
        s.append("<h1>").append(esc(title)).append("</h1>\n<p>").append(esc(intro)).append("</p>\n");
        s.append("<table>\n");
        for (List<String> m : machine) {
            s.append("<tr><th>").append(esc(m.get(0))).append("</th><td>").append(esc(m.get(1))).append("</td></tr>\n");
        }
        s.append("</table>\n<ul>\n");
        for (String[] t : toc) {
            s.append("<li><a href=\"#").append(esc(t[0])).append("\">").append(esc(t[1])).append("</a></li>\n");
        }
        s.append("</ul>\n").append(body).append("</body>\n</html>\n");
        return s.toString();
    }
}
