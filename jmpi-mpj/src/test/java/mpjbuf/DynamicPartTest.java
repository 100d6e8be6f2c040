package mpjbuf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.ObjectInputFilter;
import org.junit.jupiter.api.Test;

/** {@link DynamicPart}: written, completed, read back; a received part read behind its allow-list; its states. */
class DynamicPartTest {
    @Test
    void writtenThenRead() throws Exception {
        DynamicPart d = new DynamicPart();
        assertNull(d.data());
        d.finish(); // nothing written: still no part
        assertNull(d.data());
        d.out().writeObject("a");
        d.out().writeInt(7);
        d.finish();
        d.closeStreams();
        assertEquals("a", d.readObject());
        assertEquals(7, d.in().readInt());
        assertThrows(IOException.class, d::out, "a complete part cannot be appended to");
        d.clear();
        assertNull(d.data());
        assertThrows(BufferUnderflowException.class, d::in);
    }

    @Test
    void aReceivedPartIsReadBehindItsAllowList() throws Exception {
        DynamicPart w = new DynamicPart();
        w.out().writeObject(new java.util.ArrayList<>(java.util.List.of(1)));
        w.finish();
        ObjectInputFilter onlyStrings = info -> info.serialClass() == null || info.serialClass() == String.class
                ? ObjectInputFilter.Status.ALLOWED : ObjectInputFilter.Status.REJECTED;
        DynamicPart r = new DynamicPart();
        r.received(w.data(), getClass().getClassLoader(), onlyStrings);
        DynamicBufferException e = assertThrows(DynamicBufferException.class, r::readObject);
        assertTrue(e.getMessage().contains("java.util.ArrayList") && e.getMessage().contains("allow-list"),
                e.getMessage());

        DynamicPart ok = new DynamicPart();
        ok.received(w.data(), getClass().getClassLoader(), null);
        assertEquals(java.util.List.of(1), ok.readObject());
    }

    @Test
    void notAStreamIsNamed() {
        DynamicPart d = new DynamicPart();
        d.replace(new byte[] {1, 2, 3});
        DynamicBufferException e = assertThrows(DynamicBufferException.class, d::in);
        assertTrue(e.getMessage().contains("not a serialization stream"), e.getMessage());
    }
}
