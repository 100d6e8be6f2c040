package jmpi.examples.ft;

/**
 * The communication FT's slab decomposition needs, so that {@link FtRank} runs unchanged over MPI
 * (an implementation calling {@code Alltoallv} and {@code Allreduce} on a communicator) or over
 * ranks simulated in one JVM. Every rank calls each method in the same order (collective).
 */
public interface FtExchange {
    /** @return this rank, {@code 0 <= rank() < size()} */
    int rank();

    /** @return number of ranks */
    int size();

    /**
     * All-to-all of doubles: {@code send[sendDispls[d] .. + sendCounts[d])} goes to rank {@code d}, and
     * rank {@code s}'s block for this rank arrives at {@code recv[recvDispls[s] ..]}.
     *
     * @param send the send buffer
     * @param sendCounts doubles per destination
     * @param sendDispls offsets per destination
     * @param recv the receive buffer
     * @param recvCounts doubles per source
     * @param recvDispls offsets per source
     */
    void alltoallv(double[] send, int[] sendCounts, int[] sendDispls, double[] recv, int[] recvCounts, int[] recvDispls);

    /**
     * Element-wise sum over all ranks, the result on every rank, in place.
     *
     * @param values this rank's values, replaced by the sums
     */
    void allreduceSum(double[] values);
}
