package jmpi.coll;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Every algorithm by collective and name (the menu): one typed {@link Menu} per selectable
 * {@link Collective}, so {@link Coll} gets a {@link BcastAlgorithm} from {@link #BCAST}, never an
 * {@link Algorithm} to downcast. The by-name methods serve the selection table's parser and the tools
 * (tuner, benchmarks, tests), which name collectives as the table does. Immutable after class
 * initialization: safe from any thread.
 */
public final class Registry {
    public static final Menu<BarrierAlgorithm> BARRIER = new Menu<>(Collective.BARRIER, new BarrierDissemination(),
            new BarrierTree(), new BarrierShared(), new BarrierHierarchical(), new BarrierLibrary());
    public static final Menu<BcastAlgorithm> BCAST = new Menu<>(Collective.BCAST, new BcastBinomial(),
            new BcastLinear(), new BcastBinaryTree(), new BcastSplitBinary(), new BcastPipeline(),
            new BcastScatterAllgather(), new BcastShared(), new BcastHierarchical(), new BcastHierarchicalPipeline(),
            new BcastLibrary());
    public static final Menu<ReduceAlgorithm> REDUCE = new Menu<>(Collective.REDUCE, new ReduceBinomial(),
            new ReduceBinary(), new ReduceRabenseifner(), new ReduceShared(), new ReduceHierarchical(), new ReduceLibrary());
    public static final Menu<AllreduceAlgorithm> ALLREDUCE = new Menu<>(Collective.ALLREDUCE,
            new AllreduceRecursiveDoubling(), new AllreduceRabenseifner(), new AllreduceRing(),
            new AllreduceBinaryTree(), new AllreduceReduceBcast(), new AllreduceSharedSlices(), new AllreduceShared(),
            new AllreduceHierarchical(), new AllreduceHierarchicalSlices(), new AllreduceLibrary());
    public static final Menu<GatherAlgorithm> GATHER = new Menu<>(Collective.GATHER, new GatherBinomial(),
            new GatherLinear(), new GatherShared(), new GatherHierarchical());
    public static final Menu<ScatterAlgorithm> SCATTER = new Menu<>(Collective.SCATTER, new ScatterBinomial(),
            new ScatterLinear(), new ScatterShared());
    public static final Menu<AllgatherAlgorithm> ALLGATHER = new Menu<>(Collective.ALLGATHER, new AllgatherRing(),
            new AllgatherBruck(), new AllgatherRecursiveDoubling(), new AllgatherShared(), new AllgatherHierarchical(),
            new AllgatherLibrary());
    public static final Menu<AlltoallAlgorithm> ALLTOALL = new Menu<>(Collective.ALLTOALL, new AlltoallPairwise(),
            new AlltoallBruck(), new AlltoallLinear(), new AlltoallShared(), new AlltoallHierarchical(), new AlltoallLibrary());
    public static final Menu<ReduceScatterAlgorithm> REDUCE_SCATTER = new Menu<>(Collective.REDUCE_SCATTER,
            new ReduceScatterRecursiveHalving(), new ReduceScatterPairwise(), new ReduceScatterReduceScatterv(),
            new ReduceScatterShared());
    public static final Menu<ScanAlgorithm> SCAN = new Menu<>(Collective.SCAN, new ScanRecursiveDoubling(),
            new ScanLinear(), new ScanShared());

    private static final Map<Collective, Menu<?>> MENUS = new EnumMap<>(Collective.class);

    static {
        for (Menu<?> m : List.of(BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, SCATTER, ALLGATHER, ALLTOALL,
                REDUCE_SCATTER, SCAN)) {
            MENUS.put(m.collective(), m);
        }
        for (Collective c : Collective.selectables()) {
            if (!MENUS.containsKey(c)) {
                throw new IllegalStateException("no menu for " + c);
            }
        }
    }

    private Registry() {
    }

    /** The menu of {@code collective}; a collective without one (the vector ones) is an error. */
    public static Menu<?> menu(Collective collective) {
        Menu<?> m = MENUS.get(collective);
        if (m == null) {
            throw new IllegalArgumentException(collective + " has no menu (one algorithm)");
        }
        return m;
    }

    /** The names of the collectives with a menu, in menu order. */
    public static List<String> collectives() {
        return Collective.selectables().stream().map(Collective::tableName).toList();
    }

    /** The algorithms of the collective named {@code collective}, by name. */
    public static List<String> algorithms(String collective) {
        return menu(Collective.of(collective)).names();
    }

    /** The algorithm {@code name} of the collective named {@code collective}; unknown names are errors listing the known ones. */
    public static Algorithm algorithm(String collective, String name) {
        return menu(Collective.of(collective)).get(name);
    }
}
