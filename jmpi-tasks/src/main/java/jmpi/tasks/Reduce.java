package jmpi.tasks;

import java.util.function.BinaryOperator;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;

/**
 * A parallel reduction, written once over a small per-type strategy. The shared part: each worker
 * starts its partial at the identity ({@link #begin}), folds its chunks into it in the order it
 * ran them ({@link #chunk}), and after the loop the owner folds the workers' partials in worker
 * order ({@link #collect}), so a floating-point result is the same on every run with a static
 * schedule and the same pool size. The per-type part ({@link Doubles}, {@link Longs},
 * {@link Generic}) is only where the partials live and how one value is combined; the primitive
 * types keep their own arrays and loops so that nothing is boxed.
 *
 * <p>Concurrency: as every {@link Work}. Each worker's partial is alone on its own 128 bytes
 * (no false sharing) and written only by that worker; the owner reads them after every worker
 * reported its share finished.
 */
abstract sealed class Reduce extends Loop permits Reduce.Doubles, Reduce.Longs, Reduce.Generic {
    Reduce(int workers, Failures failures) {
        super(workers, failures);
    }

    /** Where worker {@code w}'s partial lives in an array padded with {@link PaddedCells#STRIDE}. */
    static int at(int w) {
        return (w + 1) * PaddedCells.STRIDE;
    }

    @Override
    final void begin(int w) {
        reset(w);
    }

    /** Folds every worker's partial, in worker order, into the result (owner, after the loop). */
    @Override
    final void collect() {
        startResult();
        for (int w = 0; w < workers; w++) {
            absorb(w);
        }
    }

    /** Sets worker {@code w}'s partial to the identity. */
    abstract void reset(int w);

    /** Sets the result to the identity. */
    abstract void startResult();

    /** Combines worker {@code w}'s partial into the result. */
    abstract void absorb(int w);

    /** Reductions of doubles: a {@link DoubleRangeFunction} per chunk, or an {@link IntToDoubleFunction} per index. */
    static final class Doubles extends Reduce {
        private final double[] partials;
        private Reduction op;
        private DoubleRangeFunction chunks;
        private IntToDoubleFunction each;
        private double result;

        Doubles(int workers, Failures failures) {
            super(workers, failures);
            partials = new double[(workers + 2) * PaddedCells.STRIDE];
        }

        /** One of {@code chunks} and {@code each} is {@code null}. */
        void set(Reduction op, DoubleRangeFunction chunks, IntToDoubleFunction each) {
            this.op = op;
            this.chunks = chunks;
            this.each = each;
        }

        double result() {
            return result;
        }

        @Override
        void reset(int w) {
            partials[at(w)] = op.identityDouble();
        }

        @Override
        void chunk(int w, int s, int e) {
            int at = at(w);
            Reduction op = this.op;
            if (chunks != null) {
                partials[at] = op.combine(partials[at], chunks.apply(s, e));
                return;
            }
            IntToDoubleFunction f = each;
            double acc = partials[at];
            if (op == Reduction.SUM) { // the plain loop, which the JIT compiles like a serial sum
                for (int i = s; i < e; i++) {
                    acc += f.applyAsDouble(i);
                }
            } else {
                for (int i = s; i < e; i++) {
                    acc = op.combine(acc, f.applyAsDouble(i));
                }
            }
            partials[at] = acc;
        }

        @Override
        void startResult() {
            result = op.identityDouble();
        }

        @Override
        void absorb(int w) {
            result = op.combine(result, partials[at(w)]);
        }

        @Override
        void clear() {
            chunks = null;
            each = null;
        }
    }

    /** Reductions of longs: a {@link LongRangeFunction} per chunk, or an {@link IntToLongFunction} per index. */
    static final class Longs extends Reduce {
        private final long[] partials;
        private Reduction op;
        private LongRangeFunction chunks;
        private IntToLongFunction each;
        private long result;

        Longs(int workers, Failures failures) {
            super(workers, failures);
            partials = new long[(workers + 2) * PaddedCells.STRIDE];
        }

        /** One of {@code chunks} and {@code each} is {@code null}. */
        void set(Reduction op, LongRangeFunction chunks, IntToLongFunction each) {
            this.op = op;
            this.chunks = chunks;
            this.each = each;
        }

        long result() {
            return result;
        }

        @Override
        void reset(int w) {
            partials[at(w)] = op.identityLong();
        }

        @Override
        void chunk(int w, int s, int e) {
            int at = at(w);
            Reduction op = this.op;
            if (chunks != null) {
                partials[at] = op.combine(partials[at], chunks.apply(s, e));
                return;
            }
            IntToLongFunction f = each;
            long acc = partials[at];
            for (int i = s; i < e; i++) {
                acc = op.combine(acc, f.applyAsLong(i));
            }
            partials[at] = acc;
        }

        @Override
        void startResult() {
            result = op.identityLong();
        }

        @Override
        void absorb(int w) {
            result = op.combine(result, partials[at(w)]);
        }

        @Override
        void clear() {
            chunks = null;
            each = null;
        }
    }

    /** Generic reductions: a {@link RangeFunction} per chunk and an associative combiner with its identity. */
    static final class Generic extends Reduce {
        /** References per partial: 32 x 4 bytes (compressed oops) = 128 bytes. */
        private static final int STRIDE = 32;
        private final Object[] partials;
        private RangeFunction<?> chunks;
        private BinaryOperator<Object> combiner;
        private Object identity;
        private Object result;

        Generic(int workers, Failures failures) {
            super(workers, failures);
            partials = new Object[(workers + 2) * STRIDE];
        }

        @SuppressWarnings("unchecked")
        <T> void set(T identity, BinaryOperator<T> combiner, RangeFunction<T> chunks) {
            this.identity = identity;
            this.combiner = (BinaryOperator<Object>) combiner;
            this.chunks = chunks;
        }

        /** @return the result, forgotten here so that the pool keeps no reference to it */
        @SuppressWarnings("unchecked")
        <T> T takeResult() {
            T r = (T) result;
            result = null;
            return r;
        }

        @Override
        void reset(int w) {
            partials[(w + 1) * STRIDE] = identity;
        }

        @Override
        void chunk(int w, int s, int e) {
            int at = (w + 1) * STRIDE;
            partials[at] = combiner.apply(partials[at], chunks.apply(s, e));
        }

        @Override
        void startResult() {
            result = identity;
        }

        @Override
        void absorb(int w) {
            int at = (w + 1) * STRIDE;
            result = combiner.apply(result, partials[at]);
            partials[at] = null;
        }

        @Override
        void clear() {
            chunks = null;
            combiner = null;
            identity = null;
        }
    }
}
