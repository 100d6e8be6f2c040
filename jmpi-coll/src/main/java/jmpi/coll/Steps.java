package jmpi.coll;

import jmpi.core.CoreComm;
import jmpi.datatype.BasicType;

/**
 * The collectives a hierarchical algorithm runs on its node and leaders communicators
 * ({@link Hierarchy#local}, {@link Hierarchy#leaders}): each one gets its own call (tag and number) on
 * that communicator and picks its algorithm from the selection table through the collective's typed
 * {@link Menu}, as a program's call does, but never a forced algorithm (forcing {@code hierarchical}
 * must not recurse) and without the {@code jmpi.coll.check} agreement (the parent call was checked).
 * Handed to the hierarchical algorithms with their {@link Hierarchy}; {@link Coll#STEPS} implements it.
 * Stateless: safe from any thread (each call runs on the calling rank's communicator).
 */
interface Steps {
    void barrier(CoreComm comm);

    void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root);

    void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root);

    void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op);

    void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op);

    void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root);

    void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                 BasicType t, int root);

    void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                    BasicType t);
}
