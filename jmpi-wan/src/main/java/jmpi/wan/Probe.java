package jmpi.wan;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Locale;

/**
 * Plain TCP measurements across an emulated link, to check it against its physics: a ping-pong's round
 * trip (should be two one-way delays plus serialization) and a single stream's bandwidth (should be near
 * the smaller of the rate and window / round trip). Default socket options: what the kernel's autotuning
 * gives, as a program would get.
 * <ul>
 *   <li>{@code serve PORT}: answers both kinds of client, one connection at a time, until killed;</li>
 *   <li>{@code pingpong HOST PORT COUNT BYTES}: prints {@code rtt_us min=.. median=.. max=..};</li>
 *   <li>{@code stream HOST PORT SECONDS [SNDBUF]}: (with the sender's socket buffer at SNDBUF bytes, which
 *       bounds the bytes in flight) prints {@code stream bytes=.. seconds=.. mbit_per_s=..}, the
 *       bytes counted by the receiver over the time until it acknowledged the last one.</li>
 * </ul>
 */
public final class Probe {
    private static final byte PINGPONG = 'P';
    private static final byte STREAM = 'S';

    private Probe() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: serve PORT | pingpong HOST PORT COUNT BYTES | stream HOST PORT SECONDS [SNDBUF]");
        }
        switch (args[0]) {
            case "serve" -> serve(Integer.parseInt(args[1]));
            case "pingpong" -> {
                long[] rtt = pingpong(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
                System.out.printf(Locale.ROOT, "rtt_us min=%.1f median=%.1f max=%.1f%n", rtt[0] / 1e3, rtt[rtt.length / 2] / 1e3,
                        rtt[rtt.length - 1] / 1e3);
            }
            case "stream" -> {
                double[] r = stream(args[1], Integer.parseInt(args[2]), Double.parseDouble(args[3]),
                        args.length > 4 ? Integer.parseInt(args[4]) : 0);
                System.out.printf(Locale.ROOT, "stream bytes=%d seconds=%.3f mbit_per_s=%.1f%n", (long) r[0], r[1], r[0] * 8 / r[1] / 1e6);
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    static void serve(int port) throws IOException {
        try (ServerSocket server = new ServerSocket()) {
            server.setReuseAddress(true);
            server.bind(new InetSocketAddress(port));
            System.out.println("serving on " + port);
            System.out.flush();
            while (true) {
                try (Socket s = server.accept()) {
                    s.setTcpNoDelay(true);
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    int mode = in.read();
                    if (mode == PINGPONG) {
                        int bytes = new DataInputStream(in).readInt();
                        byte[] b = new byte[bytes];
                        while (readFully(in, b)) {
                            out.write(b);
                            out.flush();
                        }
                    } else if (mode == STREAM) {
                        byte[] b = new byte[1 << 20];
                        long total = 1;
                        for (int n; (n = in.read(b)) >= 0; ) {
                            total += n;
                        }
                        new DataOutputStream(out).writeLong(total); // the mode byte was the stream's first
                        out.flush();
                    }
                } catch (IOException e) {
                    System.err.println("probe server: " + e);
                }
            }
        }
    }

    /** Round trips of {@code bytes} each way, sorted (nanoseconds); the first tenth is warm-up, not counted. */
    static long[] pingpong(String host, int port, int count, int bytes) throws IOException {
        try (Socket s = new Socket()) {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(host, port), 10_000);
            s.setSoTimeout(30_000);
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            DataOutputStream d = new DataOutputStream(out);
            d.writeByte(PINGPONG);
            d.writeInt(bytes);
            d.flush();
            byte[] b = new byte[bytes];
            int warm = count / 10;
            long[] t = new long[count];
            for (int i = 0; i < warm + count; i++) {
                long start = System.nanoTime();
                out.write(b);
                out.flush();
                if (!readFully(in, b)) {
                    throw new IOException("the server closed the connection");
                }
                if (i >= warm) {
                    t[i - warm] = System.nanoTime() - start;
                }
            }
            Arrays.sort(t);
            return t;
        }
    }

    /** {bytes, seconds}: one stream for about {@code seconds}, timed until the receiver's count came back. */
    static double[] stream(String host, int port, double seconds, int sendBuffer) throws IOException {
        try (Socket s = new Socket()) {
            if (sendBuffer > 0) {
                s.setSendBufferSize(sendBuffer);
            }
            s.connect(new InetSocketAddress(host, port), 10_000);
            s.setSoTimeout(60_000);
            OutputStream out = s.getOutputStream();
            byte[] b = new byte[1 << 20];
            b[0] = STREAM;
            long start = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            long sent = 0;
            while (System.nanoTime() < end) {
                out.write(b);
                sent += b.length;
            }
            s.shutdownOutput();
            long total = new DataInputStream(s.getInputStream()).readLong();
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (total != sent) {
                throw new IOException("sent " + sent + " bytes, the receiver counted " + total);
            }
            return new double[] {total, elapsed};
        }
    }

    private static boolean readFully(InputStream in, byte[] b) throws IOException {
        int got = 0;
        while (got < b.length) {
            int n = in.read(b, got, b.length - got);
            if (n < 0) {
                if (got == 0) {
                    return false;
                }
                throw new IOException("the stream ended inside a message");
            }
            got += n;
        }
        return true;
    }
}
