// np: 1 2 4 6 8
import mpi.*;

/** createDims fills a balanced grid; createCart (no reorder) is row-major: getTopo (CartParms dims/periods/coords), getCoords(rank), getRank(coords) incl. periodic wrap, getTopology CART, dup keeps the topology. */
public class CartBasics {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CartBasics: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        int[] dims = {0, 0};
        CartComm.createDims(size, dims);
        check(dims[0] * dims[1] == size && dims[0] >= dims[1] && dims[0] - dims[1] <= 2, "createDims(" + size + ") = " + java.util.Arrays.toString(dims));
        int[] fixed = {0, 1, 0};
        CartComm.createDims(size, fixed);
        check(fixed[1] == 1 && fixed[0] * fixed[2] == size && fixed[0] >= fixed[2], "createDims with a fixed dimension " + java.util.Arrays.toString(fixed));
        CartComm cart = w.createCart(dims, new boolean[] {true, false}, false);
        check(cart.getSize() == size && cart.getRank() == rank, "cart rank " + cart.getRank());
        check(cart.getTopology() == MPI.CART, "getTopology " + cart.getTopology());
        CartParms p = cart.getTopo();
        check(p.getDimCount() == 2 && p.getDim(0) == dims[0] && p.getDim(1) == dims[1], "getTopo dims");
        check(p.getPeriod(0) && !p.getPeriod(1), "getTopo periods");
        check(p.getCoord(0) == rank / dims[1] && p.getCoord(1) == rank % dims[1], "getTopo coords " + p.getCoord(0) + "," + p.getCoord(1));
        for (int r = 0; r < size; r++) {
            int[] cc = cart.getCoords(r);
            check(cc.length == 2 && cc[0] == r / dims[1] && cc[1] == r % dims[1], "getCoords(" + r + ") = " + java.util.Arrays.toString(cc));
            check(cart.getRank(cc) == r, "getRank(coords of " + r + ") = " + cart.getRank(cc));
        }
        check(cart.getRank(new int[] {dims[0], 0}) == 0, "periodic wrap of dimension 0: " + cart.getRank(new int[] {dims[0], 0}));
        check(cart.getRank(new int[] {-1, dims[1] - 1}) == (dims[0] - 1) * dims[1] + dims[1] - 1, "negative periodic coordinate");
        CartComm cd = cart.dup();
        check(cd.getTopology() == MPI.CART && cd.getTopo().getDim(0) == dims[0], "dup of a CartComm lost the topology");
        int[] one = {size};
        CartComm line = w.createCart(one, new boolean[] {false}, false);
        check(line.getTopo().getDimCount() == 1 && line.getCoords(rank)[0] == rank, "1-D cart");
        cd.free(); line.free(); cart.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CartBasics");
        MPI.Finalize();
    }
}
