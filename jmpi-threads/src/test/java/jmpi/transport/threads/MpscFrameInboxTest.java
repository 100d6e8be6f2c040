package jmpi.transport.threads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Frame;

/** Contract of the inbox: nothing lost, nothing duplicated, each producer's frames in its order. */
@Timeout(60)
class MpscFrameInboxTest {
    private static Frame frame(int source, int seq) {
        Frame f = new Frame();
        f.source = source;
        f.tag = seq;
        return f;
    }

    @Test
    void emptyInboxGivesNothing() {
        MpscFrameInbox inbox = new MpscFrameInbox();
        assertTrue(inbox.isEmpty());
        assertNull(inbox.takeAll());
    }

    @Test
    void singleProducerKeepsOrder() {
        MpscFrameInbox inbox = new MpscFrameInbox();
        for (int i = 0; i < 10; i++) {
            inbox.push(frame(0, i));
        }
        int expect = 0;
        for (Frame f = inbox.takeAll(); f != null; f = f.next) {
            assertEquals(expect++, f.tag);
        }
        assertEquals(10, expect);
        assertTrue(inbox.isEmpty());
    }

    @Test
    void manyProducersLoseNothingAndKeepPerProducerOrder() throws InterruptedException {
        int producers = 4;
        int perProducer = 200_000;
        MpscFrameInbox inbox = new MpscFrameInbox();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int source = p;
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                for (int i = 0; i < perProducer; i++) {
                    inbox.push(frame(source, i));
                }
            });
            threads.add(t);
        }
        start.countDown();
        int[] next = new int[producers];
        int total = 0;
        while (total < producers * perProducer) {
            for (Frame f = inbox.takeAll(); f != null; f = f.next) {
                assertEquals(next[f.source], f.tag, "producer " + f.source + " out of order");
                next[f.source]++;
                total++;
            }
            Thread.onSpinWait();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertNull(inbox.takeAll());
        for (int p = 0; p < producers; p++) {
            assertEquals(perProducer, next[p]);
        }
    }
}
