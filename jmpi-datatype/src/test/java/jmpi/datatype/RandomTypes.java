package jmpi.datatype;

import java.util.Random;

/**
 * Random nested type maps over one base type, built twice in step: with {@link TypeMap} (under test) and
 * with {@link RefType} (the reference). Mixes every constructor, zero counts and block lengths, negative
 * and zero strides and displacements, LB/UB markers inside structs, and now and then long blocks and
 * many blocks so that the bulk and strided paths run too.
 */
final class RandomTypes {
    /** A type built both ways. */
    record Pair(TypeMap map, RefType ref) {
    }

    private static final int MAX_ENTRIES = 1500;

    private final Random rnd;
    private final BasicType base;

    RandomTypes(Random rnd, BasicType base) {
        this.rnd = rnd;
        this.base = base;
    }

    Pair next() {
        if (rnd.nextInt(3) == 0) {
            return regular();
        }
        for (int attempt = 0; ; attempt++) {
            Pair p = node(1 + rnd.nextInt(3));
            if (p.ref.entries.size() <= MAX_ENTRIES || attempt > 20) {
                return p;
            }
        }
    }

    /**
     * A plain vector, the shape of the strided fast paths: of the basic type or of a short contiguous
     * block, block lengths on both sides of the bulk threshold, strides negative, short, long.
     */
    private Pair regular() {
        Pair old = rnd.nextInt(4) == 0 ? contiguousOf(1 + rnd.nextInt(3)) : basic();
        boolean many = rnd.nextInt(8) == 0; // more blocks than Kernels.STAGE elements: staged in several chunks
        int c = many ? 1000 + rnd.nextInt(2000) : 1 + rnd.nextInt(60);
        int bl = many || rnd.nextBoolean() ? 1 + rnd.nextInt(4) : 1 + rnd.nextInt(24);
        int s = switch (rnd.nextInt(4)) {
            case 0 -> -(bl + rnd.nextInt(8));
            case 1 -> bl + 1 + rnd.nextInt(3);
            default -> bl + rnd.nextInt(40);
        };
        if (rnd.nextBoolean()) {
            return new Pair(TypeMap.vector(c, bl, s, old.map), RefType.vector(c, bl, s, old.ref));
        }
        int elements = s * old.map.extent();
        return new Pair(TypeMap.hvector(c, bl, elements, old.map), RefType.hvector(c, bl, elements, old.ref));
    }

    private Pair contiguousOf(int n) {
        return new Pair(TypeMap.contiguous(n, TypeMap.of(base)), RefType.contiguous(n, RefType.basic(base)));
    }

    private Pair basic() {
        return new Pair(TypeMap.of(base), RefType.basic(base));
    }

    private int small(int max) {
        return rnd.nextInt(max + 1);
    }

    private int blocklength() {
        int roll = rnd.nextInt(20);
        return roll == 0 ? 16 + rnd.nextInt(8) : roll < 3 ? 0 : 1 + rnd.nextInt(3);
    }

    private int count() {
        int roll = rnd.nextInt(20);
        return roll == 0 ? 20 + rnd.nextInt(30) : roll < 2 ? 0 : 1 + rnd.nextInt(4);
    }

    private int stride() {
        return rnd.nextInt(14) - 5;
    }

    Pair node(int depth) {
        if (depth == 0 || rnd.nextInt(6) == 0) {
            return basic();
        }
        Pair old = node(depth - 1);
        switch (rnd.nextInt(6)) {
            case 0 -> {
                int c = count();
                return new Pair(TypeMap.contiguous(c, old.map), RefType.contiguous(c, old.ref));
            }
            case 1 -> {
                int c = count();
                int bl = blocklength();
                // strides near the block length exercise merging (stride == blocklength) and overlap
                int s = rnd.nextBoolean() ? stride() : bl + rnd.nextInt(3) - 1;
                return new Pair(TypeMap.vector(c, bl, s, old.map), RefType.vector(c, bl, s, old.ref));
            }
            case 2 -> {
                int c = count();
                int bl = blocklength();
                int s = stride();
                return new Pair(TypeMap.hvector(c, bl, s, old.map), RefType.hvector(c, bl, s, old.ref));
            }
            case 3, 4 -> {
                int n = small(4);
                int[] bl = new int[n];
                int[] d = new int[n];
                for (int k = 0; k < n; k++) {
                    bl[k] = blocklength();
                    d[k] = rnd.nextInt(16) - 5;
                }
                if (rnd.nextBoolean()) {
                    return new Pair(TypeMap.indexed(bl, d, old.map), RefType.indexed(bl, d, old.ref));
                }
                return new Pair(TypeMap.hindexed(bl, d, old.map), RefType.hindexed(bl, d, old.ref));
            }
            default -> {
                int n = 1 + small(3);
                int[] bl = new int[n];
                int[] d = new int[n];
                TypeMap[] types = new TypeMap[n];
                RefType[] refs = new RefType[n];
                for (int k = 0; k < n; k++) {
                    int roll = rnd.nextInt(10);
                    Pair t = roll == 0 ? new Pair(TypeMap.LB, RefType.lbMarker())
                            : roll == 1 ? new Pair(TypeMap.UB, RefType.ubMarker())
                            : k == 0 ? old : node(depth - 1);
                    types[k] = t.map;
                    refs[k] = t.ref;
                    bl[k] = t.map.isMarker() ? small(2) : blocklength();
                    d[k] = rnd.nextInt(20) - 6;
                }
                return new Pair(TypeMap.struct(bl, d, types), RefType.struct(bl, d, refs));
            }
        }
    }
}
