package jmpi.transport.nativempi;

import jmpi.spi.Setting;

/** The native transport's tunables (a {@link Setting}); read when a rank loads the library. Immutable. */
public enum NativeSetting implements Setting {
    LIBRARY("jmpi.native.library", "auto",
            "Which MPI library's binary interface to use: openmpi or mpich (also Intel MPI and Cray MPICH); auto: from the launcher's environment (OMPI_COMM_WORLD_RANK, PMI_RANK)."),
    EAGER_LIMIT("jmpi.native.eager.limit", "65536",
            "A standard send of at most this many bytes completes for the program as soon as it is copied into native memory; a larger one when the library says it is sent."),
    FIRST_PART_BYTES("jmpi.native.first.part.bytes", "65568",
            "A message longer than this (bytes, with jmpi's 32-byte header) goes as its header alone and the payload as a second library message of exactly the size the receiver then posts (straight into its array where the data fits it); every receive is posted with room for this many bytes (so that the library never truncates: Open MPI 4.1 writes past a short buffer, MPICH drops the data)."),
    POOL_BYTES("jmpi.native.pool.bytes", "268435456",
            "Native memory kept for reuse by messages and requests after they complete (bytes): a window of sends in flight finds the same blocks next time; beyond it, blocks of 1 MiB and more are freed at once, smaller ones by the garbage collector."),
    DIRECT_RECEIVE("jmpi.native.direct.receive", "auto",
            "Receive the payload of a long message straight into the receiving array (MPI_Recv with the array held in place for the call): auto: when the sender is on this host (the library's shared-memory path copies without the sender's help); true: from every sender (across hosts the data may wait for the sender's next MPI call, and the held array then blocks this JVM's garbage collections meanwhile); false: never (through native memory and a copy)."),
    PARK_MICROS("jmpi.native.park.micros", "50",
            "Longest sleep of a waiting thread between two looks at the library (microseconds): the library does not wake Java threads, so a waiting thread polls it.");

    private final Spec spec;

    NativeSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
