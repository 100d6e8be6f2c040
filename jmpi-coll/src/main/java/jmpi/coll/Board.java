package jmpi.coll;

import java.util.concurrent.atomic.AtomicLongArray;

import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.spi.Endpoint;

/**
 * The meeting place of the shared-memory collectives of one communicator whose members are all
 * threads of this JVM: per member a progress counter in its own padded slot, a slot for references
 * to its buffers, and a staging array of its own in each of the 8 places. One object, shared by reference by all members
 * (rank 0 makes it at the first shared-memory collective and hands it to the others by reference).
 *
 * <h2>Protocol</h2>
 * Members count the board's calls ({@code call}, the same on every member, since every member makes
 * the same collective calls in the same order and the selection is the same everywhere). In call
 * {@code m} a member's counter goes through {@code 4m+1}, {@code 4m+2}, {@code 4m+3} (a phase is
 * "reached" when the counter is at least its value; counters only grow, so nothing is ever reset) and
 * ends at {@code 4m+3}, "done with m". A member publishes (writes its slot, its staging array or
 * its results in others' arrays) with plain writes before it raises its counter (a release store);
 * a member that sees the counter raised (an acquire load) sees those writes.
 *
 * <p>What a member publishes (staging array, references, declared size) goes round {@link #DEPTH}
 * places by call number, and a member starts call m only when everyone is done with call m-DEPTH, the
 * last reader of that place: so a rank that need not wait for others (a broadcast's root, a reduce's
 * non-root) runs up to DEPTH-1 calls ahead, as it would with eager messages. Every read of another
 * member's publication for call m must happen before the reader is done with m.
 *
 * <p>Waiting spins, yields and parks like any engine wait ({@code Engine.await}, which also ends the
 * wait when the job aborts); a member that raises its counter wakes the members' endpoints (cheap
 * when nobody is parked).
 */
final class Board {
    /**
     * Longs per member slot (32 longs: 256 bytes), so two members' slots never share a cache line (or an adjacent
     * pair). Slot word 0 is the counter, then per place the count, type and root of the member's call.
     */
    private static final int PAD = 32;
    /** How many calls' publications a member keeps (a power of two). */
    static final int DEPTH = 8;
    /** Tag of the joining messages: the table's {@link CollectiveTags#BOARD_JOIN}, apart from every call's own. */
    private static final int TAG = CollectiveTags.BOARD_JOIN;

    final int size;
    private final AtomicLongArray counters;
    /** Per member, the references it publishes for the current call (arrays and offsets). */
    final Object[][][] refs;
    /** Per member, its staging arrays by place. */
    private final Object[][] stage;
    private final Endpoint[] endpoints;

    private Board(int size) {
        this.size = size;
        this.counters = new AtomicLongArray(size * PAD + PAD);
        this.refs = new Object[size][DEPTH][];
        this.stage = new Object[size][DEPTH];
        this.endpoints = new Endpoint[size];
    }

    private static int place(long m) {
        return (int) (m & (DEPTH - 1));
    }

    /** A member's handle: its rank and call count (each member keeps its own). */
    static final class Member {
        final Board board;
        final int rank;
        private final jmpi.core.Engine engine;
        long call;
        /** Scratch for {@link #fold}: member j's array and offset (reused; one call at a time per member). */
        private final Object[] scratchArrays;
        private final int[] scratchOffsets;
        /** This member's own scratch array ({@link #temp}), never published. */
        private Object temp;

        Member(Board board, Ctx ctx) {
            this.board = board;
            this.scratchArrays = new Object[board.size];
            this.scratchOffsets = new int[board.size];
            this.rank = ctx.rank;
            this.engine = ctx.engine;
        }

        /**
         * Starts the next call and returns its number {@code m}, once everyone is done with call m-DEPTH (so
         * nothing of this call's place, staging array, references or declaration, is still read by anyone).
         */
        long begin() {
            long m = ++call;
            if (m > DEPTH) {
                awaitAll(m - DEPTH, 3);
            }
            return m;
        }

        /**
         * A scratch array of at least {@code n} elements of {@code t} that only this member uses, within one
         * call, kept for the next (it holds at most what this rank's largest in-place reduction on this
         * communicator needed, a part of the rank's own buffer, and dies with the communicator).
         */
        Object temp(BasicType t, int n) {
            Object a = temp;
            if (a != null && a.getClass() == t.arrayClass() && java.lang.reflect.Array.getLength(a) >= n) {
                return a;
            }
            a = Ctx.alloc(t, Math.max(n, 16));
            temp = a;
            return a;
        }

        /** Raises this member's counter to phase {@code k} of call {@code m} and wakes the others. */
        void reach(long m, int k) {
            board.counters.setRelease(PAD + rank * PAD, 4 * m + k);
            for (Endpoint e : board.endpoints) {
                e.wake();
            }
        }

        /** Waits until member {@code j} reached phase {@code k} of call {@code m}. */
        void await(int j, long m, int k) {
            long want = 4 * m + k;
            if (board.counters.getAcquire(PAD + j * PAD) >= want) {
                return;
            }
            engine.await(() -> board.counters.getAcquire(PAD + j * PAD) >= want);
        }

        /** Waits until every other member reached phase {@code k} of call {@code m}. */
        void awaitAll(long m, int k) {
            long want = 4 * m + k;
            if (othersReached(want)) {
                return;
            }
            engine.await(() -> othersReached(want));
        }

        private boolean othersReached(long want) {
            AtomicLongArray c = board.counters;
            for (int j = 0; j < board.size; j++) {
                if (j != rank && c.getAcquire(PAD + j * PAD) < want) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Makes {@code n} elements of {@code s} from {@code so} visible to the others in call {@code m}: copied
         * into this member's staging array when {@code staged}, else published by reference ({@code s, so}).
         */
        void offer(long m, boolean staged, Object s, int so, int n, BasicType t) {
            if (staged) {
                Ctx.copy(s, so, stage(m, t, n), 0, n);
            } else {
                publish(m, s, so);
            }
        }

        /**
         * {@code r[ro .. ro+n) = x_0 op x_1 op ... op x_last}, where {@code x_j} is {@code n} elements from
         * {@code from} of member j's vector of call {@code m}: its staging array when {@code staged}, else the
         * array and offset it published first ({@link #offer}, {@link #publish}). Folded from the right
         * ({@code acc = x_j op acc}), so rank order holds for any associative operation and no temporary is
         * needed.
         */
        void fold(long m, boolean staged, int last, Combiner op, BasicType t, int from, Object r, int ro, int n) {
            if (n <= 0) {
                return;
            }
            for (int j = 0; j <= last; j++) {
                if (staged) {
                    scratchArrays[j] = staged(j, m);
                    scratchOffsets[j] = from;
                } else {
                    Object[] ref = refs(j, m);
                    scratchArrays[j] = ref[0];
                    scratchOffsets[j] = (int) ref[1] + from;
                }
            }
            Ctx.copy(scratchArrays[last], scratchOffsets[last], r, ro, n);
            for (int j = last - 1; j >= 0; j--) {
                op.apply(scratchArrays[j], scratchOffsets[j], r, ro, n, t);
            }
        }

        /**
         * Declares the element count and type this member's call {@code m} describes and the root it names
         * (-1: none), before {@link #reach}, for {@link #agree}.
         */
        void declare(long m, int count, BasicType t, int root) {
            int at = PAD + rank * PAD + 1 + 3 * place(m);
            board.counters.setPlain(at, count);
            board.counters.setPlain(at + 1, t.code());
            board.counters.setPlain(at + 2, root);
        }

        /**
         * Checks, after member {@code j} reached a phase of call {@code m} and before this member is done
         * with it, that j's call names the same root and describes as many elements of the same type as
         * this member's; if not, this member is done with the call (so nobody waits for it) and the
         * mismatch is an error naming both ({@code ERR_ROOT}, else as {@link Ctx#differs}).
         */
        void agree(Ctx c, int j, long m, int count, BasicType t, int root) {
            int at = PAD + j * PAD + 1 + 3 * place(m);
            long theirRoot = board.counters.getPlain(at + 2);
            if (theirRoot != root) {
                reach(m, 3);
                throw new MpiError(ErrorClass.ERR_ROOT, c.collective + ": rank " + j + "'s call names root " + theirRoot
                        + " where rank " + rank + "'s names root " + root + ": the ranks' roots differ");
            }
            long theirs = board.counters.getPlain(at);
            int theirType = (int) board.counters.getPlain(at + 1);
            if (theirs != count || theirType != t.code()) {
                reach(m, 3);
                throw c.differs(theirs, BasicType.ofCode(theirType), count, t, j);
            }
        }

        /**
         * A non-root's wait for the root of call {@code m} (rooted algorithms): non-roots sit at phase 1 of
         * a call until they are done, roots never do (they publish at phase 2 or finish at 3). So a named
         * root found at exactly phase 1 is a non-root in this call: the ranks' roots differ, an error
         * rather than two ranks waiting for each other. Then checks the root's count and type against this call's.
         */
        void awaitRoot(Ctx c, int root, long m, int count, BasicType t) {
            await(root, m, 1);
            agree(c, root, m, count, t, root); // a root found at phase 1 named another root: ERR_ROOT
            await(root, m, 2);
        }

        /** {@link #agree} with every other member. */
        void agreeAll(Ctx c, long m, int count, BasicType t, int root) {
            for (int j = 0; j < board.size; j++) {
                if (j != rank) {
                    agree(c, j, m, count, t, root);
                }
            }
        }

        /** Publishes references (arrays, offsets) for others to read in call {@code m} (before {@link #reach}). */
        void publish(long m, Object... r) {
            board.refs[rank][place(m)] = r;
        }

        /** What member {@code j} published for call {@code m} (after it reached the phase that published it). */
        Object[] refs(int j, long m) {
            return board.refs[j][place(m)];
        }

        /**
         * This member's staging array for call {@code m}, with room for {@code n} elements of {@code t}
         * (made or grown here; only its owner writes it).
         */
        Object stage(long m, BasicType t, int n) {
            int parity = place(m);
            Object a = board.stage[rank][parity];
            if (a == null || a.getClass() != t.arrayClass() || java.lang.reflect.Array.getLength(a) < n) {
                a = Ctx.alloc(t, Math.max(n, 16));
                board.stage[rank][parity] = a;
            }
            return a;
        }

        /** Member {@code j}'s staging array of call {@code m} (after it reached the phase that published it). */
        Object staged(int j, long m) {
            return board.stage[j][place(m)];
        }
    }

    /**
     * This rank's member handle on {@code c}'s board, joining it at the first use (collective: every
     * member gets here in the same call). Rank 0 makes the board and hands it to the others by reference.
     */
    static Member member(Ctx c) {
        Holder h = c.comm.attachment(Holder.class, Holder::new);
        Member m = h.member;
        if (m == null) {
            m = new Member(join(c), c);
            h.member = m;
        }
        return m;
    }

    /** Where a communicator keeps its board on this rank (made outside any map function: joining communicates). */
    static final class Holder {
        Member member;
    }

    private static Board join(Ctx call) {
        // The call's own tag carries its root, which ranks may (wrongly) disagree on: join on a tag of its own.
        Ctx c = new Ctx(call.comm, TAG, call.collective, 0);
        Board b;
        CoreComm comm = c.comm;
        if (c.rank == 0) {
            b = new Board(c.size);
            b.endpoints[0] = c.engine.endpoint();
            jmpi.core.CoreRequest[] reqs = new jmpi.core.CoreRequest[c.size - 1];
            for (int i = 1; i < c.size; i++) {
                reqs[i - 1] = c.engine.isendShared(comm, b, i, TAG);
            }
            c.waitAll(reqs);
        } else {
            Object[] box = new Object[1];
            c.waitAll(c.engine.irecvShared(comm, box, 0, TAG));
            b = (Board) box[0];
        }
        synchronized (b) {
            b.endpoints[c.rank] = c.engine.endpoint();
        }
        // Everyone's endpoint is known before anyone raises a counter (reach wakes them all).
        new BarrierDissemination().run(c);
        synchronized (b) {
            return b;
        }
    }
}
