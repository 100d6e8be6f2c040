package jmpi.transport.tcp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The three fixed-size messages of the tcp transport's mutual challenge-response, sent once per
 * connection before any frame (little-endian). The lower rank accepts, the higher rank connects.
 *
 * <pre>
 *  acceptor (rank a)                                   connector (rank c &gt; a)
 *        |---- CHALLENGE  (48 bytes) ------------------------&gt;|
 *        |       +0  int   magic   {@link #MAGIC}
 *        |       +4  short version {@link #VERSION}
 *        |       +6  short type    1
 *        |       +8  int   rank    a
 *        |       +12 int   representation {@link #REPRESENTATION}
 *        |       +16 32 bytes      nonceA (random)
 *        |&lt;--- RESPONSE   (80 bytes) -------------------------|
 *        |       +0 magic, +4 version, +6 type 2, +8 rank c, +12 representation
 *        |       +16 32 bytes      nonceC (random)
 *        |       +48 32 bytes      HMAC-SHA256(secret, nonceA || jobId || c)
 *        |---- CONFIRM    (48 bytes) ------------------------&gt;|
 *        |       +0 magic, +4 version, +6 type 3, +8 rank a, +12 representation
 *        |       +16 32 bytes      HMAC-SHA256(secret, nonceC || jobId || a)
 *        |==== frames in both directions ======================|
 * </pre>
 * jobId is its UTF-8 bytes, a rank is 4 bytes little-endian. <b>Data representation</b> (as IMPI asks
 * of a protocol between implementations): every header field and every element on the wire is
 * little-endian, whatever the host's byte order; floating point is IEEE 754 binary32/binary64, integers
 * two's complement, {@code char} UTF-16 code units, {@code boolean} one byte 0/1, objects Java
 * serialization. The representation word says so ({@link #REPRESENTATION}); each side checks the other's
 * and a magic number that arrives byte-swapped, so a peer that writes another representation fails at
 * connection time naming the difference, before any message is misread. The acceptor checks the RESPONSE
 * (magic, version, type, a rank in (a, size) not yet connected, the HMAC) before it sends CONFIRM;
 * the connector checks that CHALLENGE names the rank it dialled and that CONFIRM's HMAC is right
 * before it sends any frame.
 *
 * <p>Concurrency: constants and pure functions only; {@link TcpHandshake} runs each exchange on one thread.
 */
final class HandshakeDescriptor {
    static final int MAGIC = 0x54504d4a; // "JMPT" read little-endian
    static final short VERSION = 2;
    /**
     * The data representation (see the class comment), one bit per property: 1 little-endian frames and
     * elements, 2 IEEE 754 floating point, 4 two's-complement integers, 8 UTF-16 chars and Java
     * serialization for objects. Version 1 sent 0 here.
     */
    static final int REPRESENTATION = 0x0f;
    static final short CHALLENGE = 1;
    static final short RESPONSE = 2;
    static final short CONFIRM = 3;

    static final int MAGIC_AT = 0;
    static final int VERSION_AT = 4;
    static final int TYPE_AT = 6;
    static final int RANK_AT = 8;
    static final int REPRESENTATION_AT = 12;
    static final int BODY_AT = 16;
    static final int NONCE_BYTES = 32;
    static final int MAC_BYTES = 32;
    /** RESPONSE: where the HMAC follows the connector's nonce. */
    static final int RESPONSE_MAC_AT = BODY_AT + NONCE_BYTES;

    static final int CHALLENGE_BYTES = BODY_AT + NONCE_BYTES;
    static final int RESPONSE_BYTES = RESPONSE_MAC_AT + MAC_BYTES;
    static final int CONFIRM_BYTES = BODY_AT + MAC_BYTES;

    private HandshakeDescriptor() {
    }

    /** A message of {@code type} from {@code rank}, the given body parts copied from +16 on; ready to write. */
    static ByteBuffer message(short type, int rank, byte[]... body) {
        int len = BODY_AT;
        for (byte[] b : body) {
            len += b.length;
        }
        ByteBuffer out = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC_AT, MAGIC).putShort(VERSION_AT, VERSION).putShort(TYPE_AT, type).putInt(RANK_AT, rank)
                .putInt(REPRESENTATION_AT, REPRESENTATION);
        out.position(BODY_AT);
        for (byte[] b : body) {
            out.put(b);
        }
        return out.flip();
    }

    /** Checks magic, version and type of a complete message; returns null when fine, else what is wrong. */
    static String checkPrologue(ByteBuffer in, short type) {
        ByteBuffer b = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(MAGIC_AT) == Integer.reverseBytes(MAGIC)) {
            return "the peer writes big-endian (its magic number arrived byte-swapped); jmpi's tcp wire is little-endian"
                    + " on every host";
        }
        if (b.getInt(MAGIC_AT) != MAGIC) {
            return String.format("bad magic 0x%08x", b.getInt(MAGIC_AT));
        }
        if (b.getShort(VERSION_AT) != VERSION) {
            return "handshake version " + b.getShort(VERSION_AT) + ", expected " + VERSION;
        }
        if (b.getInt(REPRESENTATION_AT) != REPRESENTATION) {
            return String.format("the peer's data representation is 0x%x, this rank's 0x%x (bits: 1 little-endian, 2 IEEE 754,"
                    + " 4 two's complement, 8 UTF-16 and Java serialization)", b.getInt(REPRESENTATION_AT), REPRESENTATION);
        }
        if (b.getShort(TYPE_AT) != type) {
            return "handshake message type " + b.getShort(TYPE_AT) + ", expected " + type;
        }
        return null;
    }

    static int rankOf(ByteBuffer in) {
        return in.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(RANK_AT);
    }

    static byte[] bytesAt(ByteBuffer in, int at, int len) {
        byte[] b = new byte[len];
        in.get(at, b);
        return b;
    }

    /** HMAC-SHA256(secret, nonce || jobId || rank as 4 little-endian bytes). */
    static byte[] mac(byte[] secret, byte[] nonce, String jobId, int rank) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(nonce);
            mac.update(jobId.getBytes(StandardCharsets.UTF_8));
            mac.update(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, rank).array());
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }

    /** Constant-time comparison of an expected and a received HMAC. */
    static boolean sameMac(byte[] expected, byte[] got) {
        return MessageDigest.isEqual(expected, got);
    }
}
