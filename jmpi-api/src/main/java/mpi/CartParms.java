package mpi;

/** What {@link Cartcomm#Get} returns: the grid's extent and periodicity per dimension, and the caller's coordinates. */
public class CartParms {
    public int[] dims;
    public boolean[] periods;
    public int[] coords;
}
