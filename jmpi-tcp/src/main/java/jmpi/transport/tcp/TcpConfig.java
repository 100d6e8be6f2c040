package jmpi.transport.tcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;

import jmpi.spi.TransportContext;

/**
 * The tcp transport's tunables, read once when an endpoint opens and validated there (a bad value
 * fails {@code open} with an {@link IllegalArgumentException} naming the property).
 *
 * @param address       {@value #ADDRESS}: the local address this rank listens on: an address, a host name, an
 *                      interface name (its first IPv4 address, else its first), or {@code auto} (the default:
 *                      the local address by which the rank reaches the bootstrap service, else 127.0.0.1);
 *                      never the wildcard
 * @param noDelay       {@value #NODELAY}: disable Nagle's algorithm on every connection (default true)
 * @param sendBuffer    {@value #SNDBUF}: SO_SNDBUF in bytes, 0 = the OS default (default 0)
 * @param receiveBuffer {@value #RCVBUF}: SO_RCVBUF in bytes, 0 = the OS default (default 0)
 * @param maxFrame      {@value #MAX_FRAME}: largest payload accepted in one frame, in bytes (default 64 MiB)
 * @param handshake     {@value #HANDSHAKE_MILLIS}: time allowed for one connection's authentication, and for
 *                      open() to connect every peer (default 10000 ms)
 */
record TcpConfig(InetAddress address, boolean noDelay, int sendBuffer, int receiveBuffer, int maxFrame,
                 Duration handshake) {
    /** Local address to listen on: an IP literal, a host name, an interface name, or "auto". */
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
        String host = ctx.property(ADDRESS, "auto").trim();
        InetAddress address = resolve(host, ctx);
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

    /** The address named by {@code host}: "auto", an interface's name, an address or a host name. */
    static InetAddress resolve(String host, TransportContext ctx) {
        if (host.equals("auto")) {
            InetAddress a = ctx.localAddress();
            return a != null ? a : InetAddress.getLoopbackAddress();
        }
        try {
            java.net.NetworkInterface nif = java.net.NetworkInterface.getByName(host);
            if (nif != null) {
                java.util.List<InetAddress> all = nif.inetAddresses().toList();
                if (all.isEmpty()) {
                    throw new IllegalArgumentException(ADDRESS + "=" + host + ": the interface has no address");
                }
                return all.stream().filter(a -> a instanceof java.net.Inet4Address).findFirst().orElse(all.getFirst());
            }
        } catch (java.net.SocketException e) {
            throw new IllegalArgumentException(ADDRESS + "=" + host + ": cannot inspect the interface: " + e.getMessage(), e);
        }
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(ADDRESS + "=" + host + ": neither an interface, an address nor a known host", e);
        }
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
