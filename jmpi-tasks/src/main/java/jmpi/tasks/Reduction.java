package jmpi.tasks;

/**
 * The built-in reduction operators for {@code double} and {@code long} values: each has an identity
 * and an associative, commutative combination. Immutable constants.
 */
public enum Reduction {
    /** Sum; identity 0. */
    SUM,
    /** Minimum; identity +infinity ({@code Long.MAX_VALUE} for longs). */
    MIN,
    /** Maximum; identity -infinity ({@code Long.MIN_VALUE} for longs). */
    MAX;

    /** @return the identity of this operator over doubles */
    public double identityDouble() {
        return switch (this) {
            case SUM -> 0.0;
            case MIN -> Double.POSITIVE_INFINITY;
            case MAX -> Double.NEGATIVE_INFINITY;
        };
    }

    /** @return the identity of this operator over longs */
    public long identityLong() {
        return switch (this) {
            case SUM -> 0L;
            case MIN -> Long.MAX_VALUE;
            case MAX -> Long.MIN_VALUE;
        };
    }

    /**
     * @param a left operand
     * @param b right operand
     * @return {@code a op b}
     */
    public double combine(double a, double b) {
        return switch (this) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }

    /**
     * @param a left operand
     * @param b right operand
     * @return {@code a op b}
     */
    public long combine(long a, long b) {
        return switch (this) {
            case SUM -> a + b;
            case MIN -> Math.min(a, b);
            case MAX -> Math.max(a, b);
        };
    }
}
