// np: 4 6 8
import mpi.*;

/** Dims_create a 2D grid, Create_cart, and check Get(), Coords/Rank round trips and Topo_test against row-major order. */
public class CartGrid2D {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] dims = new int[2];
        Cartcomm.Dims_create(size, dims);
        if (dims[0] * dims[1] != size || dims[0] < dims[1]) { System.out.println("dims " + dims[0] + "x" + dims[1]); System.exit(1); }
        boolean[] periods = {true, false};
        Cartcomm cart = MPI.COMM_WORLD.Create_cart(dims, periods, false);
        if (cart.Topo_test() != MPI.CART) { System.out.println("Topo_test " + cart.Topo_test()); System.exit(1); }
        CartParms p = cart.Get();
        int me = cart.Rank();
        if (p.dims[0] != dims[0] || p.dims[1] != dims[1] || p.periods[0] != true || p.periods[1] != false
                || p.coords[0] != me / dims[1] || p.coords[1] != me % dims[1]) {
            System.out.println("Get: coords " + p.coords[0] + "," + p.coords[1]); System.exit(1);
        }
        for (int r = 0; r < size; r++) {
            int[] c = cart.Coords(r);
            if (c[0] != r / dims[1] || c[1] != r % dims[1] || cart.Rank(c) != r) { System.out.println("rank " + r + " coords " + c[0] + "," + c[1]); System.exit(1); }
        }
        // a periodic dimension wraps coordinates
        if (cart.Rank(new int[]{-1, 0}) != (dims[0] - 1) * dims[1]) { System.out.println("wrap " + cart.Rank(new int[]{-1, 0})); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CartGrid2D");
        MPI.Finalize();
    }
}
