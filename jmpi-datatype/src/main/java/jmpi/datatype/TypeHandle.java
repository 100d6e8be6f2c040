package jmpi.datatype;

/**
 * The life cycle of one datatype handle: built (from a {@link TypeMap}), committed (a {@link PackPlan}
 * compiled), freed. A freed handle is unusable: building from it, committing it or communicating with it
 * fails with {@code ERR_TYPE}, as does communicating with a derived type that was never committed.
 * Types built from a handle before it was freed stay valid (type maps are immutable), as MPI requires.
 * Predefined handles are committed from the start and cannot be freed. Thread-safe: state is volatile and
 * {@link #commit} compiles at most once per racing caller (each result is equivalent).
 */
public final class TypeHandle {
    private final TypeMap map;
    private final String name;
    private final boolean predefined;
    private volatile PackPlan plan;
    private volatile boolean freed;

    private TypeHandle(TypeMap map, String name, boolean predefined, PackPlan plan) {
        this.map = map;
        this.name = name;
        this.predefined = predefined;
        this.plan = plan;
    }

    /** A predefined handle ({@code MPI.INT}, ...): committed, not freeable. */
    public static TypeHandle predefined(BasicType type, String name) {
        return new TypeHandle(TypeMap.of(type), name, true, PackPlan.of(type));
    }

    /** A predefined marker handle ({@code MPI.LB} or {@code MPI.UB}): usable in {@link TypeMap#struct} only. */
    public static TypeHandle marker(TypeMap marker, String name) {
        if (marker != TypeMap.LB && marker != TypeMap.UB) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "not a marker: " + marker);
        }
        return new TypeHandle(marker, name, true, null);
    }

    /** A new derived handle, not committed. */
    public static TypeHandle derived(TypeMap map, String name) {
        if (map == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "type map is null");
        }
        return new TypeHandle(map, name, false, null);
    }

    /** The type map, to build other types from ({@code ERR_TYPE} once freed). */
    public TypeMap map() {
        checkLive("build a type from");
        return map;
    }

    /** MPI_Type_commit: compiles the plan (once; committing again is harmless). */
    public void commit() {
        checkLive("commit");
        if (plan == null) {
            if (map.isMarker()) {
                throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, name + " is a marker and cannot be committed");
            }
            plan = PackPlan.compile(map);
        }
    }

    /** MPI_Type_free ({@code ERR_TYPE} for a predefined or already freed handle). */
    public void free() {
        if (predefined) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "predefined datatype " + name + " cannot be freed");
        }
        checkLive("free");
        freed = true;
        plan = null;
    }

    /** The plan for communication ({@code ERR_TYPE} when freed, a marker, or never committed). */
    public PackPlan plan() {
        checkLive("communicate with");
        PackPlan p = plan;
        if (p == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, map.isMarker()
                    ? name + " is a marker and cannot describe a buffer"
                    : "datatype " + name + " is not committed (call Commit first)");
        }
        return p;
    }

    /** True once {@link #commit} succeeded (predefined types: always, markers: never). */
    public boolean committed() {
        return plan != null;
    }

    /** True once {@link #free} succeeded. */
    public boolean freed() {
        return freed;
    }

    /** True for the handles of the binding's predefined types and markers. */
    public boolean isPredefined() {
        return predefined;
    }

    private void checkLive(String what) {
        if (freed) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "cannot " + what + " datatype " + name
                    + ": it was freed");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
