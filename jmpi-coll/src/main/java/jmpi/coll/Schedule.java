package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.core.RecvRequest;
import jmpi.datatype.BasicType;

/**
 * The schedule of one non-blocking collective call (libNBC style): a list of rounds, each a set of
 * transfers (sends and receives on the communicator's collective context, under the call's tag)
 * followed by local actions (combine, copy, check). Round k's transfers are all posted at once when
 * round k-1's actions have run; its actions run when every one of its transfers completed. A round
 * without transfers runs its actions at once.
 *
 * <p>Built first ({@link #send}, {@link #recv}, {@link #local}, {@link #round}), then run by
 * {@link #advance}, which {@link CollRequest#isDone} calls. Building reads as sequential code: a
 * transfer added after an action starts a new round (so the action runs before it is posted), and
 * {@link #round} forces a wait point between two groups of transfers. Temporary buffers are allocated
 * while building (at the call's start) and referenced by the rounds; {@link #release} drops them all.
 *
 * <p>Every receive describes exactly the message it expects ({@link Ctx#expect}): a message of
 * another length or type fails the call, naming the collective, the ranks and the sizes.
 *
 * <p>Threads: built by the calling thread; advanced under the owning {@link CollRequest}'s lock.
 */
final class Schedule {
    /** One transfer: a send to, or a receive from, {@code peer}. */
    private record Transfer(boolean send, Object buf, int off, int count, BasicType type, int peer) {
    }

    /** Transfers posted together, then actions run when all completed. */
    private static final class Round {
        final List<Transfer> transfers = new ArrayList<>(4);
        final List<Runnable> actions = new ArrayList<>(2);
    }

    /** The call's communicator, tag and error wording (its checked point-to-point helpers). */
    final Ctx ctx;
    private List<Round> rounds = new ArrayList<>();
    private Round open;
    /** Index of the round being run. */
    private int current;
    /** The current round's requests once posted (null: not posted yet). */
    private CoreRequest[] pending;
    /** How many of {@link #pending}, from the front, are known to be complete. */
    private int checked;

    Schedule(Ctx ctx) {
        this.ctx = ctx;
    }

    int rank() {
        return ctx.rank;
    }

    int size() {
        return ctx.size;
    }

    // ---------------------------------------------------------------- building

    private Round forTransfer() {
        if (open == null || !open.actions.isEmpty()) {
            open = new Round();
            rounds.add(open);
        }
        return open;
    }

    /** Sends {@code count} elements of {@code t} from {@code buf} at {@code off} to {@code dest}. */
    Schedule send(Object buf, int off, int count, BasicType t, int dest) {
        forTransfer().transfers.add(new Transfer(true, buf, off, count, t, dest));
        return this;
    }

    /** Receives exactly {@code count} elements of {@code t} into {@code buf} at {@code off} from {@code source}. */
    Schedule recv(Object buf, int off, int count, BasicType t, int source) {
        forTransfer().transfers.add(new Transfer(false, buf, off, count, t, source));
        return this;
    }

    /** Runs {@code action} once everything added before it completed (and before anything added after it starts). */
    Schedule local(Runnable action) {
        if (open == null) {
            open = new Round();
            rounds.add(open);
        }
        open.actions.add(action);
        return this;
    }

    /** Ends the current round: what is added next waits until every transfer added so far completed. */
    Schedule round() {
        open = null;
        return this;
    }

    /** Copies {@code n} elements (a local action). */
    Schedule copy(Object src, int so, Object dst, int doff, int n) {
        if (n > 0 && !(src == dst && so == doff)) {
            local(() -> Ctx.copy(src, so, dst, doff, n));
        }
        return this;
    }

    /** {@code inout = in op inout} over {@code n} elements (a local action). */
    Schedule combine(Combiner op, Object in, int inOff, Object inout, int ioOff, int n, BasicType t) {
        if (n > 0) {
            local(() -> op.apply(in, inOff, inout, ioOff, n, t));
        }
        return this;
    }

    /**
     * This rank's block from its send side to its receive side ({@code sn} elements of {@code st} to room
     * for {@code rn} of {@code rt}): the copy of what fits, then a failure when the two sides differ, as a
     * receive from another rank would fail.
     */
    Schedule selfCopy(Object s, int so, int sn, BasicType st, Object r, int ro, int rn, BasicType rt) {
        if (st != rt || sn != rn) {
            local(() -> {
                if (st == rt) {
                    Ctx.copy(s, so, r, ro, Math.min(sn, rn));
                }
                throw ctx.differs(sn, st, rn, rt, ctx.rank);
            });
            return this;
        }
        return copy(s, so, r, ro, sn);
    }

    // ---------------------------------------------------------------- running

    /**
     * Runs as far as it can without waiting: checks the current round's requests, runs its actions, posts
     * the next round; returns true once every round ran.
     *
     * @throws jmpi.core.MpiError when a transfer failed or a receive got another message than it describes
     */
    boolean advance() {
        for (;;) {
            if (pending != null) {
                while (checked < pending.length) {
                    if (!pending[checked].isDone()) {
                        return false;
                    }
                    checked++;
                }
                for (CoreRequest q : pending) {
                    if (q instanceof RecvRequest r) {
                        ctx.expect(r);
                    } else {
                        q.throwIfFailed();
                    }
                }
                pending = null;
                Round done = rounds.get(current);
                rounds.set(current, null); // its buffers may go as soon as nothing else holds them
                current++;
                for (Runnable a : done.actions) {
                    a.run();
                }
            }
            if (current == rounds.size()) {
                return true;
            }
            Round next = rounds.get(current);
            CoreRequest[] reqs = new CoreRequest[next.transfers.size()];
            int i = 0;
            // Receives first: a message from a peer that is already further on finds its receive posted.
            for (Transfer t : next.transfers) {
                if (!t.send) {
                    reqs[i++] = ctx.irecv(t.buf, t.off, t.count, t.type, t.peer);
                }
            }
            for (Transfer t : next.transfers) {
                if (t.send) {
                    reqs[i++] = ctx.isend(t.buf, t.off, t.count, t.type, t.peer);
                }
            }
            pending = reqs;
            checked = 0;
        }
    }

    /** Drops every round, request and buffer (the call completed or failed). */
    void release() {
        rounds = null;
        open = null;
        pending = null;
    }

    /** How many rounds were built (for tests of the algorithms' shapes). */
    int rounds() {
        return rounds == null ? 0 : rounds.size();
    }
}
