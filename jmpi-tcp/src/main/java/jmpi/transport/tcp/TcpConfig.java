package jmpi.transport.tcp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.function.BinaryOperator;

import jmpi.spi.TransportContext;

/**
 * The tcp transport's tunables ({@link TcpSetting}, where each is documented), read once when an
 * endpoint opens and validated there (a bad value fails {@code open} with an
 * {@link IllegalArgumentException} naming the property).
 *
 * @param address       {@link TcpSetting#ADDRESS}: the local address this rank listens on (never the wildcard)
 * @param noDelay       {@link TcpSetting#NODELAY}: disable Nagle's algorithm on every connection
 * @param sendBuffer    {@link TcpSetting#SNDBUF}: SO_SNDBUF in bytes, 0 = the OS default
 * @param receiveBuffer {@link TcpSetting#RCVBUF}: SO_RCVBUF in bytes, 0 = the OS default
 * @param maxFrame      {@link TcpSetting#MAX_FRAME}: largest payload accepted in one frame, in bytes
 * @param handshake     {@link TcpSetting#HANDSHAKE_MILLIS}: time allowed for one connection's authentication, and for
 *                      open() to connect every peer
 * @param direct        {@link TcpSetting#DIRECT}: large DATA payloads go straight from the sender's memory and
 *                      into the receiver's where {@link RawSocket} is supported
 *
 * <p>Concurrency: an immutable value, read by any thread.
 */
record TcpConfig(InetAddress address, boolean noDelay, int sendBuffer, int receiveBuffer, int maxFrame,
                 Duration handshake, boolean direct) {
    static final String ADDRESS = TcpSetting.ADDRESS.property();
    static final String NODELAY = TcpSetting.NODELAY.property();
    static final String SNDBUF = TcpSetting.SNDBUF.property();
    static final String RCVBUF = TcpSetting.RCVBUF.property();
    static final String MAX_FRAME = TcpSetting.MAX_FRAME.property();
    static final String HANDSHAKE_MILLIS = TcpSetting.HANDSHAKE_MILLIS.property();
    static final String DIRECT = TcpSetting.DIRECT.property();

    static TcpConfig from(TransportContext ctx) {
        BinaryOperator<String> source = ctx::property;
        String host = TcpSetting.ADDRESS.value(source);
        InetAddress address = resolve(host, ctx);
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException(ADDRESS + "=" + host + ": the wildcard address is not allowed;"
                    + " name the interface's own address");
        }
        boolean noDelay = TcpSetting.NODELAY.booleanValue(source, true);
        int snd = TcpSetting.SNDBUF.intValue(source, 0, Integer.MAX_VALUE, 0);
        int rcv = TcpSetting.RCVBUF.intValue(source, 0, Integer.MAX_VALUE, 0);
        int max = TcpSetting.MAX_FRAME.intValue(source, 1, Integer.MAX_VALUE, 64 << 20);
        int hs = TcpSetting.HANDSHAKE_MILLIS.intValue(source, 1, Integer.MAX_VALUE, 10_000);
        boolean direct = TcpSetting.DIRECT.booleanValue(source, true);
        return new TcpConfig(address, noDelay, snd, rcv, max, Duration.ofMillis(hs), direct);
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
}
