// np: 2 3 4
package particles;

import mpi.*;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/** In a package of its own: the program's own Serializable classes (with a transient field and references between objects) through Send, Bcast and Allgather. */
public class ObjectUserClassPackage {
    static class Particle implements Serializable {
        private static final long serialVersionUID = 1L;
        double x, y; int id; String tag; transient int scratch = 99;
        Particle next;
        Particle(int id) { this.id = id; x = id * 1.5; y = -id; tag = "p" + id; }
        boolean same(Particle o) { return o != null && o.id == id && o.x == x && o.y == y && tag.equals(o.tag); }
    }
    static class Cell implements Serializable {
        private static final long serialVersionUID = 1L;
        List<Particle> particles = new ArrayList<>();
        int owner;
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Cell c = new Cell();
        c.owner = rank;
        for (int k = 0; k < 5; k++) c.particles.add(new Particle(rank * 10 + k));
        for (int k = 0; k < 4; k++) c.particles.get(k).next = c.particles.get(k + 1);
        Object[] mine = {c};
        Object[] all = new Object[size];
        MPI.COMM_WORLD.Allgather(mine, 0, 1, MPI.OBJECT, all, 0, 1, MPI.OBJECT);
        for (int r = 0; r < size; r++) {
            Cell g = (Cell) all[r];
            if (g.owner != r || g.particles.size() != 5) { System.out.println("cell " + r); System.exit(1); }
            for (int k = 0; k < 5; k++) {
                Particle p = g.particles.get(k);
                if (!new Particle(r * 10 + k).same(p) || (r != rank && p.scratch != 0)) { System.out.println("particle " + r + "/" + k); System.exit(1); }
                if (k < 4 && p.next != g.particles.get(k + 1)) { System.out.println("shared reference lost " + r + "/" + k); System.exit(1); }
            }
        }
        Object[] root = new Object[1];
        if (rank == 0) root[0] = new Particle(777);
        MPI.COMM_WORLD.Bcast(root, 0, 1, MPI.OBJECT, 0);
        if (!new Particle(777).same((Particle) root[0]) || (rank != 0 && ((Particle) root[0]).scratch != 0)) { System.out.println("bcast"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ObjectUserClassPackage");
        MPI.Finalize();
    }
}
