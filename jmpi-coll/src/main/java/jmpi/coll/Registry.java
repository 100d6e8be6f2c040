package jmpi.coll;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every algorithm by collective and name (the menu). */
public final class Registry {
    private static final Map<String, Map<String, Algorithm>> MENU = new LinkedHashMap<>();

    static {
        add("barrier", new BarrierDissemination(), new BarrierTree(), new BarrierShared(), new BarrierHierarchical());
        add("bcast", new BcastBinomial(), new BcastLinear(), new BcastBinaryTree(), new BcastSplitBinary(),
                new BcastPipeline(), new BcastScatterAllgather(), new BcastShared(), new BcastHierarchical());
        add("reduce", new ReduceBinomial(), new ReduceBinary(), new ReduceRabenseifner(), new ReduceShared(),
                new ReduceHierarchical());
        add("allreduce", new AllreduceRecursiveDoubling(), new AllreduceRabenseifner(), new AllreduceRing(),
                new AllreduceBinaryTree(), new AllreduceReduceBcast(), new AllreduceSharedSlices(), new AllreduceShared(),
                new AllreduceHierarchical());
        add("gather", new GatherBinomial(), new GatherLinear(), new GatherShared(), new GatherHierarchical());
        add("scatter", new ScatterBinomial(), new ScatterLinear(), new ScatterShared());
        add("allgather", new AllgatherRing(), new AllgatherBruck(), new AllgatherRecursiveDoubling(),
                new AllgatherShared(), new AllgatherHierarchical());
        add("alltoall", new AlltoallPairwise(), new AlltoallBruck(), new AlltoallLinear(), new AlltoallShared());
        add("reduce_scatter", new ReduceScatterRecursiveHalving(), new ReduceScatterPairwise(),
                new ReduceScatterReduceScatterv(), new ReduceScatterShared());
        add("scan", new ScanRecursiveDoubling(), new ScanLinear(), new ScanShared());
    }

    private Registry() {
    }

    private static void add(String collective, Algorithm... algorithms) {
        Map<String, Algorithm> m = new LinkedHashMap<>();
        for (Algorithm a : algorithms) {
            m.put(a.name(), a);
        }
        MENU.put(collective, m);
    }

    /** The collectives with a menu. */
    public static List<String> collectives() {
        return List.copyOf(MENU.keySet());
    }

    /** The algorithms of {@code collective}, by name. */
    public static List<String> algorithms(String collective) {
        Map<String, Algorithm> m = MENU.get(collective);
        if (m == null) {
            throw new IllegalArgumentException("no collective named '" + collective + "' (known: " + MENU.keySet() + ")");
        }
        return List.copyOf(m.keySet());
    }

    /** The algorithm {@code name} of {@code collective}; an unknown name is an error listing the known ones. */
    public static Algorithm algorithm(String collective, String name) {
        Map<String, Algorithm> m = MENU.get(collective);
        if (m == null) {
            throw new IllegalArgumentException("no collective named '" + collective + "' (known: " + MENU.keySet() + ")");
        }
        Algorithm a = m.get(name);
        if (a == null) {
            throw new IllegalArgumentException("no " + collective + " algorithm named '" + name + "' (known: "
                    + m.keySet() + ")");
        }
        return a;
    }
}
