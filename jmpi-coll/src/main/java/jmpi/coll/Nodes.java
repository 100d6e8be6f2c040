package jmpi.coll;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * How a communicator divides into nodes (the clusters it spans, else the hosts, else the JVMs, or blocks
 * of {@code -Djmpi.coll.clusters=K} / {@code -Djmpi.coll.nodes=K} world ranks; {@link CommInfo}): a node
 * of a hierarchical algorithm is whatever its first level groups, so a cluster of several hosts is one
 * node too. Node {@code j} is numbered by the order of its lowest
 * rank, which is its leader. The same on every member (built from knowledge all share), so that a
 * restriction that reads it answers alike everywhere. Immutable; equal when the division is equal
 * (it is part of the key of cached selections).
 */
public final class Nodes {
    private final int[] nodeOf;
    private final int[] leaders;
    private final int[] sizes;
    private final int largest;
    private final boolean consecutive;
    private final int hash;

    private Nodes(int[] nodeOf) {
        this.nodeOf = nodeOf;
        int n = 0;
        for (int j : nodeOf) {
            n = Math.max(n, j + 1);
        }
        leaders = new int[n];
        sizes = new int[n];
        Arrays.fill(leaders, -1);
        boolean runs = true;
        for (int r = 0; r < nodeOf.length; r++) {
            int j = nodeOf[r];
            if (leaders[j] < 0) {
                leaders[j] = r;
            } else if (nodeOf[r - 1] != j) {
                runs = false; // node j's members are not one run of ranks
            }
            sizes[j]++;
        }
        int big = 0;
        for (int s : sizes) {
            big = Math.max(big, s);
        }
        this.largest = big;
        this.consecutive = runs;
        this.hash = Arrays.hashCode(nodeOf);
    }

    /**
     * The division in which ranks with equal labels share a node ({@code labels[r]} for rank
     * {@code r}; any values).
     */
    public static Nodes of(int[] labels) {
        Map<Integer, Integer> number = new HashMap<>();
        int[] nodeOf = new int[labels.length];
        for (int r = 0; r < labels.length; r++) {
            nodeOf[r] = number.computeIfAbsent(labels[r], k -> number.size());
        }
        return new Nodes(nodeOf);
    }

    /** How many nodes. */
    public int count() {
        return leaders.length;
    }

    /** The node of rank {@code r}. */
    public int nodeOf(int r) {
        return nodeOf[r];
    }

    /** The leader (lowest rank) of node {@code j}. */
    public int leader(int j) {
        return leaders[j];
    }

    /** How many ranks node {@code j} has. */
    public int size(int j) {
        return sizes[j];
    }

    /** Per node, {@code perRank} elements for each of its ranks: the node's block in node order. */
    int[] blockCounts(int perRank) {
        int[] c = new int[count()];
        for (int j = 0; j < c.length; j++) {
            c[j] = size(j) * perRank;
        }
        return c;
    }

    /** The size of the largest node. */
    public int largest() {
        return largest;
    }

    /** Whether every node is one run of consecutive ranks (then nodes in order keep rank order). */
    public boolean consecutive() {
        return consecutive;
    }

    /** The ranks of node {@code j}, in rank order. */
    int[] members(int j) {
        int[] m = new int[sizes[j]];
        int k = 0;
        for (int r = 0; r < nodeOf.length; r++) {
            if (nodeOf[r] == j) {
                m[k++] = r;
            }
        }
        return m;
    }

    /** Whether a node-aware algorithm has anything to gain: two nodes or more, one of them with two ranks or more. */
    public boolean splits() {
        return count() >= 2 && largest >= 2;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Nodes n && n.hash == hash && Arrays.equals(n.nodeOf, nodeOf);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        return "Nodes" + Arrays.toString(nodeOf);
    }
}
