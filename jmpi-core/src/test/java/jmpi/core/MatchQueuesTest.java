package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;
import jmpi.spi.Frame;

/** MPI's matching rules on the two queues alone: wildcards, order per pair, contexts, the unexpected queue. */
class MatchQueuesTest {
    private static RecvRequest recv(int context, int source, int tag) {
        return new RecvRequest(null, new int[1], 0, 1, BasicType.INT, context, source, tag);
    }

    private static Frame frame(int context, int source, int tag) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.context = context;
        f.source = source;
        f.tag = tag;
        return f;
    }

    @Test
    void aPostedReceiveTakesOnlyItsOwnEnvelope() {
        MatchQueues q = new MatchQueues();
        RecvRequest r = recv(4, 1, 7);
        q.post(r);
        assertNull(q.takePosted(4, 2, 7), "another source");
        assertNull(q.takePosted(4, 1, 8), "another tag");
        assertNull(q.takePosted(6, 1, 7), "another context (communicator)");
        assertNull(q.takePosted(5, 1, 7), "the collective context of the same communicator");
        assertSame(r, q.takePosted(4, 1, 7));
        assertTrue(q.isEmpty());
    }

    @Test
    void wildcardsMatchAnySourceAndAnyTagButNeverAnotherContext() {
        MatchQueues q = new MatchQueues();
        RecvRequest any = recv(0, Engine.ANY_SOURCE, Engine.ANY_TAG);
        q.post(any);
        assertNull(q.takePosted(2, 3, 9));
        assertSame(any, q.takePosted(0, 3, 9));
        RecvRequest anyTag = recv(0, 1, Engine.ANY_TAG);
        q.post(anyTag);
        assertNull(q.takePosted(0, 2, 5));
        assertSame(anyTag, q.takePosted(0, 1, 5));
    }

    @Test
    void receivesMatchInTheOrderTheyWerePosted() {
        MatchQueues q = new MatchQueues();
        RecvRequest first = recv(0, Engine.ANY_SOURCE, 1);
        RecvRequest second = recv(0, 2, 1);
        RecvRequest third = recv(0, 2, Engine.ANY_TAG);
        q.post(first);
        q.post(second);
        q.post(third);
        assertSame(first, q.takePosted(0, 2, 1));
        assertSame(second, q.takePosted(0, 2, 1));
        assertSame(third, q.takePosted(0, 2, 1));
        assertNull(q.takePosted(0, 2, 1));
    }

    @Test
    void unexpectedMessagesFromOneSenderAreFoundInArrivalOrder() {
        MatchQueues q = new MatchQueues();
        Frame a = frame(0, 1, 5);
        Frame b = frame(0, 1, 5);
        Frame c = frame(0, 2, 6);
        q.addUnexpected(a);
        q.addUnexpected(b);
        q.addUnexpected(c);
        assertSame(c, q.findUnexpected(0, 2, Engine.ANY_TAG, false), "a probe leaves it queued");
        assertSame(a, q.findUnexpected(0, Engine.ANY_SOURCE, 5, true));
        assertSame(b, q.findUnexpected(0, Engine.ANY_SOURCE, Engine.ANY_TAG, true));
        assertSame(c, q.findUnexpected(0, Engine.ANY_SOURCE, Engine.ANY_TAG, true));
        assertNull(q.findUnexpected(0, Engine.ANY_SOURCE, Engine.ANY_TAG, true));
        assertTrue(q.isEmpty());
    }

    @Test
    void removingFromTheMiddleAndTheTailKeepsTheQueueWhole() {
        MatchQueues q = new MatchQueues();
        Frame a = frame(0, 1, 1);
        Frame b = frame(0, 1, 2);
        Frame c = frame(0, 1, 3);
        q.addUnexpected(a);
        q.addUnexpected(b);
        q.addUnexpected(c);
        assertSame(b, q.findUnexpected(0, 1, 2, true));
        assertSame(c, q.findUnexpected(0, 1, 3, true));
        Frame d = frame(0, 1, 4);
        q.addUnexpected(d); // appended after a, the tail having moved back
        List<Integer> tags = new ArrayList<>();
        q.forEachUnexpected(f -> tags.add(f.tag));
        assertEquals(List.of(1, 4), tags);
    }

    @Test
    void aCancelledReceiveLeavesThePostedQueue() {
        MatchQueues q = new MatchQueues();
        RecvRequest a = recv(0, 1, 1);
        RecvRequest b = recv(0, 1, 1);
        q.post(a);
        q.post(b);
        assertTrue(q.removePosted(a));
        assertFalse(q.removePosted(a), "only once");
        assertSame(b, q.takePosted(0, 1, 1));
        assertTrue(q.isEmpty());
    }
}
