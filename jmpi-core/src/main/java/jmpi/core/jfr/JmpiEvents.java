package jmpi.core.jfr;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The jmpi event types and the settings that record them: each enabled, with no duration threshold, with stack
 * traces where a call site matters (point-to-point, collective, wait; not the rendezvous, whose event the
 * receiving thread may commit, nor the rank's life).
 */
public final class JmpiEvents {
    /** Event name -> whether its stack trace is recorded. */
    private static final Map<String, Boolean> EVENTS = new LinkedHashMap<>();

    static {
        EVENTS.put(PointToPointEvent.NAME, true);
        EVENTS.put(CollectiveEvent.NAME, true);
        EVENTS.put(WaitEvent.NAME, true);
        EVENTS.put(RendezvousEvent.NAME, false);
        EVENTS.put(RankEvent.NAME, false);
    }

    private JmpiEvents() {
    }

    /** The names of jmpi's event types. */
    public static List<String> names() {
        return List.copyOf(EVENTS.keySet());
    }

    /**
     * The settings that record every jmpi event ({@code name#enabled=true}, {@code name#threshold=0 ms},
     * {@code name#stackTrace=...}), to add to a recording's settings ({@code Recording.setSettings}) or, as
     * {@code key=value} options, to {@code -XX:StartFlightRecording}.
     */
    public static Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        EVENTS.forEach((name, stack) -> {
            s.put(name + "#enabled", "true");
            s.put(name + "#threshold", "0 ms");
            s.put(name + "#stackTrace", stack.toString());
        });
        return s;
    }
}
