package jmpi.transport.tcp;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Collects what {@link TcpEndpoint} logs (System.Logger is backed by java.util.logging here). */
final class LogCapture extends Handler implements AutoCloseable {
    final List<String> messages = new CopyOnWriteArrayList<>();
    private final Logger logger = Logger.getLogger(TcpEndpoint.class.getName());

    LogCapture() {
        logger.addHandler(this);
    }

    @Override
    public void publish(LogRecord r) {
        String m = r.getMessage();
        Object[] p = r.getParameters();
        messages.add(p == null ? m : java.text.MessageFormat.format(m, p));
    }

    boolean contains(String part) {
        return messages.stream().anyMatch(m -> m.contains(part));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
