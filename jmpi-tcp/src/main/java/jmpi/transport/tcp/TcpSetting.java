package jmpi.transport.tcp;

import jmpi.spi.Setting;

/**
 * Every tunable of the tcp transport (a {@link Setting}): read through the rank's
 * {@link jmpi.spi.TransportContext#property} and validated into a {@link TcpConfig} when an
 * endpoint opens (a bad value fails {@code open} with an {@link IllegalArgumentException} naming
 * the property). docs/CONFIGURATION.md lists the same entries (a test keeps the two in step).
 *
 * <p>Concurrency: an enum of constants, read by any thread.
 */
public enum TcpSetting implements Setting {
    ADDRESS("jmpi.tcp.address", "auto",
            "Local address this rank listens on: an address, a host name, an interface name (its first IPv4 address, else its first), never the wildcard; auto: the address by which the rank reaches the bootstrap service, else 127.0.0.1."),
    NODELAY("jmpi.tcp.nodelay", "true",
            "Disable Nagle's algorithm (TCP_NODELAY) on every connection."),
    SNDBUF("jmpi.tcp.sndbuf", "0",
            "SO_SNDBUF of every connection (bytes); 0: the OS default."),
    RCVBUF("jmpi.tcp.rcvbuf", "0",
            "SO_RCVBUF of every connection (bytes); 0: the OS default."),
    DIRECT("jmpi.tcp.direct", "true",
            "Move large DATA payloads with write(2) / read(2) straight between the socket and the sender's / receiver's memory (heap arrays included), in pieces of up to 4 MiB, skipping the copies through the staging and read buffers; only on Linux and when the JVM enables native access (--enable-native-access=ALL-UNNAMED), else ignored (docs/WIRE-TCP.md)."),
    MAX_FRAME("jmpi.tcp.maxFrame", "67108864",
            "Largest payload a peer may announce in one frame (bytes, >= 1); a larger one closes the connection as broken."),
    HANDSHAKE_MILLIS("jmpi.tcp.handshakeMillis", "10000",
            "Time allowed for one connection's challenge-response, and for open to connect every peer (ms, >= 1).");

    private final Spec spec;

    TcpSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
