package mpi;

/** What {@link Cartcomm#Shift} returns: the rank to receive from and the rank to send to ({@link MPI#PROC_NULL} beyond an edge). */
public class ShiftParms {
    public int rank_source;
    public int rank_dest;
}
