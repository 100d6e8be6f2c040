package jmpi.launcher;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The wire rules shared by {@link BootstrapServer} and {@link BootstrapClient}: UTF-8 lines ended by
 * {@code '\n'}, at most {@link #MAX_LINE} bytes each; keys of printable ASCII without spaces; the
 * challenge-response proofs (HMAC-SHA256 over the per-job secret). docs/BOOTSTRAP.md describes the
 * whole exchange.
 *
 * <p>Concurrency: constants and pure functions only.
 */
final class BootstrapProtocol {
    /** Sent by the server first: {@code GREETING <serverNonce>}. */
    static final String GREETING = "jmpi-boot 1";
    /** Longest line either side accepts, in bytes, the newline included. */
    static final int MAX_LINE = 16 * 1024;
    /** Longest key, in characters. */
    static final int MAX_KEY = 256;
    /** Longest value, in characters. */
    static final int MAX_VALUE = 8 * 1024;
    /** Longest abort reason kept, in characters (longer ones are cut). */
    static final int MAX_REASON = 1024;
    /** Bytes of a challenge nonce. */
    static final int NONCE_BYTES = 16;
    /** Bytes of the per-job secret the launcher makes. */
    static final int SECRET_BYTES = 32;

    private static final HexFormat HEX = HexFormat.of();
    private static final SecureRandom RANDOM = new SecureRandom();

    private BootstrapProtocol() {
    }

    static String nonce() {
        byte[] b = new byte[NONCE_BYTES];
        RANDOM.nextBytes(b);
        return HEX.formatHex(b);
    }

    static byte[] newSecret() {
        byte[] b = new byte[SECRET_BYTES];
        RANDOM.nextBytes(b);
        return b;
    }

    static String hex(byte[] b) {
        return HEX.formatHex(b);
    }

    static byte[] unhex(String s) {
        return HEX.parseHex(s);
    }

    /** The rank's proof: it knows the secret, for this server nonce, its own nonce and its rank. */
    static String clientProof(byte[] secret, String serverNonce, String clientNonce, int rank) {
        return hmac(secret, "client|" + serverNonce + "|" + clientNonce + "|" + rank);
    }

    /** The server's proof, so that a rank does not talk to an impostor either. */
    static String serverProof(byte[] secret, String serverNonce, String clientNonce, int rank) {
        return hmac(secret, "server|" + serverNonce + "|" + clientNonce + "|" + rank);
    }

    /** Compares two hex proofs in time independent of where they differ. */
    static boolean sameProof(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), given.getBytes(StandardCharsets.US_ASCII));
    }

    private static String hmac(byte[] secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return HEX.formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** A key is 1 to {@link #MAX_KEY} printable ASCII characters other than space. */
    static boolean validKey(String key) {
        if (key.isEmpty() || key.length() > MAX_KEY) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c <= ' ' || c > '~') {
                return false;
            }
        }
        return true;
    }

    /** A value is at most {@link #MAX_VALUE} characters, none of them a line end. */
    static boolean validValue(String value) {
        return value.length() <= MAX_VALUE && value.indexOf('\n') < 0 && value.indexOf('\r') < 0;
    }

    /** A reason as sent on the wire: one line, bounded. */
    static String oneLine(String reason) {
        String s = reason == null ? "" : reason.replace('\r', ' ').replace('\n', ' ');
        return s.length() > MAX_REASON ? s.substring(0, MAX_REASON) : s;
    }

    /** Thrown when the peer breaks the protocol (too long a line, bad UTF-8 is replaced, unknown verb). */
    static final class ProtocolException extends IOException {
        private static final long serialVersionUID = 1L;

        ProtocolException(String message) {
            super(message);
        }
    }

    /**
     * Reads one line (without its {@code '\n'}); null at a clean end of stream.
     *
     * @throws ProtocolException when the line is longer than {@link #MAX_LINE} bytes
     * @throws EOFException      when the stream ends inside a line
     */
    static String readLine(InputStream in, ByteArrayOutputStream buf) throws IOException {
        buf.reset();
        for (;;) {
            int b = in.read();
            if (b < 0) {
                if (buf.size() == 0) {
                    return null;
                }
                throw new EOFException("connection closed inside a line");
            }
            if (b == '\n') {
                return buf.toString(StandardCharsets.UTF_8);
            }
            if (buf.size() >= MAX_LINE - 1) {
                throw new ProtocolException("line longer than " + MAX_LINE + " bytes");
            }
            buf.write(b);
        }
    }

    static void writeLine(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
