package jmpi.transport.nativempi;

import jmpi.spi.Setting;

/** The native transport's tunables (a {@link Setting}); read when a rank loads the library. Immutable. */
public enum NativeSetting implements Setting {
    LIBRARY("jmpi.native.library", "auto",
            "Which MPI library's binary interface to use: openmpi or mpich (also Intel MPI and Cray MPICH); auto: from the launcher's environment (OMPI_COMM_WORLD_RANK, PMI_RANK).");

    private final Spec spec;

    NativeSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
