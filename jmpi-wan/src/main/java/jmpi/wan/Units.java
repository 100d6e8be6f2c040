package jmpi.wan;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The units the emulator's command lines take, as tc(8) writes them: rates in bits per second
 * ({@code 1gbit}, {@code 100mbit}, {@code 500kbit}, {@code 1000000bit}; {@code gbps}/{@code mbps} mean
 * bytes, as in tc), times ({@code 1ms}, {@code 250us}, {@code 2s}, {@code 0}) and sizes in bytes
 * ({@code 64k}, {@code 1m}, {@code 1500}; powers of 1024). Pure functions.
 */
public final class Units {
    private static final Pattern NUMBER_UNIT = Pattern.compile("([0-9]+(?:\\.[0-9]+)?)\\s*([a-z]*)");

    private Units() {
    }

    /** A rate in bytes per second; bad text is an {@link IllegalArgumentException} naming it. */
    public static double rateBytesPerSecond(String text) {
        Matcher m = match(text, "rate");
        double v = Double.parseDouble(m.group(1));
        double bits = switch (m.group(2)) {
            case "bit", "bps" -> v;
            case "kbit" -> v * 1e3;
            case "mbit" -> v * 1e6;
            case "gbit" -> v * 1e9;
            case "kbps" -> v * 8e3;
            case "mbps" -> v * 8e6;
            case "gbps" -> v * 8e9;
            default -> throw new IllegalArgumentException("rate '" + text + "': unit must be bit, kbit, mbit, gbit (or kbps, mbps, gbps: bytes)");
        };
        if (!(bits > 0) || Double.isInfinite(bits)) {
            throw new IllegalArgumentException("rate '" + text + "' must be positive");
        }
        return bits / 8;
    }

    /** A time in nanoseconds ({@code ns}, {@code us}, {@code ms}, {@code s}; a bare 0 is allowed). */
    public static long nanos(String text) {
        Matcher m = match(text, "time");
        double v = Double.parseDouble(m.group(1));
        double ns = switch (m.group(2)) {
            case "ns" -> v;
            case "us" -> v * 1e3;
            case "ms" -> v * 1e6;
            case "s" -> v * 1e9;
            case "" -> {
                if (v != 0) {
                    throw new IllegalArgumentException("time '" + text + "' needs a unit: ns, us, ms or s");
                }
                yield 0;
            }
            default -> throw new IllegalArgumentException("time '" + text + "': unit must be ns, us, ms or s");
        };
        if (ns > 60e9) {
            throw new IllegalArgumentException("time '" + text + "' is over a minute");
        }
        return Math.round(ns);
    }

    /** A size in bytes ({@code k}, {@code m}, {@code g}: powers of 1024; no unit: bytes). */
    public static long bytes(String text) {
        Matcher m = match(text, "size");
        double v = Double.parseDouble(m.group(1));
        double b = switch (m.group(2)) {
            case "", "b" -> v;
            case "k", "kb", "kib" -> v * 1024;
            case "m", "mb", "mib" -> v * 1024 * 1024;
            case "g", "gb", "gib" -> v * 1024 * 1024 * 1024;
            default -> throw new IllegalArgumentException("size '" + text + "': unit must be k, m or g (bytes)");
        };
        if (b > Long.MAX_VALUE / 2) {
            throw new IllegalArgumentException("size '" + text + "' is too large");
        }
        return Math.round(b);
    }

    /** A rate for people: {@code 1 Gbit/s}, {@code 250 Mbit/s}. */
    public static String rate(double bytesPerSecond) {
        double bits = bytesPerSecond * 8;
        if (bits >= 1e9) {
            return trim(bits / 1e9) + " Gbit/s";
        }
        if (bits >= 1e6) {
            return trim(bits / 1e6) + " Mbit/s";
        }
        return trim(bits / 1e3) + " kbit/s";
    }

    private static String trim(double v) {
        String s = String.format(Locale.ROOT, "%.3f", v);
        return s.replaceAll("\\.?0+$", "");
    }

    private static Matcher match(String text, String what) {
        if (text == null) {
            throw new IllegalArgumentException("no " + what + " given");
        }
        Matcher m = NUMBER_UNIT.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException(what + " '" + text + "' is not a number with a unit");
        }
        return m;
    }
}
