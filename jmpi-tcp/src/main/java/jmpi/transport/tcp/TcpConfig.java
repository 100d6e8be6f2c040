package jmpi.transport.tcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

import jmpi.spi.TransportContext;

/**
 * The tcp transport's tunables, read once when an endpoint opens and validated there (a bad value
 * fails {@code open} with an {@link IllegalArgumentException} naming the property).
 *
 * @param address       {@value #ADDRESS}: the local address this rank listens on (default 127.0.0.1; never the wildcard)
 * @param noDelay       {@value #NODELAY}: disable Nagle's algorithm on every connection (default true)
 * @param sendBuffer    {@value #SNDBUF}: SO_SNDBUF in bytes, 0 = the OS default (default 0)
 * @param receiveBuffer {@value #RCVBUF}: SO_RCVBUF in bytes, 0 = the OS default (default 0)
 * @param maxFrame      {@value #MAX_FRAME}: largest payload accepted in one frame, in bytes (default 64 MiB)
 * @param handshake     {@value #HANDSHAKE_MILLIS}: time allowed for one connection's authentication, and for
 *                      open() to connect every peer (default 10000 ms)
 */
record TcpConfig(InetAddress address, boolean noDelay, int sendBuffer, int receiveBuffer, int maxFrame,
                 Duration handshake) {
    /** Local address to listen on (an IP literal or a host name that resolves to one non-wildcard address). */
    static final String ADDRESS = "jmpi.tcp.address";
    /** TCP_NODELAY on every connection: "true" or "false". */
    static final String NODELAY = "jmpi.tcp.nodelay";
    /** SO_SNDBUF in bytes; 0 keeps the OS default. */
    static final String SNDBUF = "jmpi.tcp.sndbuf";
    /** SO_RCVBUF in bytes; 0 keeps the OS default. */
    static final String RCVBUF = "jmpi.tcp.rcvbuf";
    /** Largest frame payload a peer may announce; a larger one closes the connection as broken. */
    static final String MAX_FRAME = "jmpi.tcp.maxFrame";
    /** Milliseconds allowed for a connection's challenge-response (and for open to reach every peer). */
    static final String HANDSHAKE_MILLIS = "jmpi.tcp.handshakeMillis";

    static TcpConfig from(TransportContext ctx) {
        String host = ctx.property(ADDRESS, "127.0.0.1").trim();
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(ADDRESS + "=" + host + ": unknown host", e);
        }
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException(ADDRESS + "=" + host + ": the wildcard address is not allowed;"
                    + " name the interface's own address");
        }
        String nd = ctx.property(NODELAY, "true").trim();
        if (!nd.equals("true") && !nd.equals("false")) {
            throw new IllegalArgumentException(NODELAY + "=" + nd + ": expected true or false");
        }
        int snd = intProperty(ctx, SNDBUF, 0, 0, Integer.MAX_VALUE);
        int rcv = intProperty(ctx, RCVBUF, 0, 0, Integer.MAX_VALUE);
        int max = intProperty(ctx, MAX_FRAME, 64 << 20, 1, Integer.MAX_VALUE);
        int hs = intProperty(ctx, HANDSHAKE_MILLIS, 10_000, 1, Integer.MAX_VALUE);
        return new TcpConfig(address, nd.equals("true"), snd, rcv, max, Duration.ofMillis(hs));
    }

    private static int intProperty(TransportContext ctx, String name, int def, int min, int max) {
        String s = ctx.property(name, Integer.toString(def)).trim();
        int v;
        try {
            v = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "=" + s + ": not an integer", e);
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + "=" + s + ": must be in [" + min + ", " + max + "]");
        }
        return v;
    }
}
