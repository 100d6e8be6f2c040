// np: 2
import mpi.*;
import java.util.*;

/** The collections old mpiJava programs use: Vector, Hashtable, Stack, Properties, Enumeration-era types, as MPI.OBJECT. */
public class ObjectLegacyCollections {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Vector<Object> v = new Vector<>();
        Hashtable<String, Integer> h = new Hashtable<>();
        Stack<Double> s = new Stack<>();
        Properties p = new Properties();
        BitSet bits = new BitSet();
        for (int k = 0; k < 20; k++) {
            v.addElement(k % 2 == 0 ? Integer.valueOf(k) : "s" + k);
            h.put("h" + k, -k);
            s.push(k * 0.5);
            p.setProperty("prop." + k, Integer.toString(k * 7));
            if (k % 3 == 0) bits.set(k * 5);
        }
        Object[] buf = new Object[5];
        if (rank == 0) {
            buf[0] = v; buf[1] = h; buf[2] = s; buf[3] = p; buf[4] = bits;
            MPI.COMM_WORLD.Send(buf, 0, 5, MPI.OBJECT, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Recv(buf, 0, 5, MPI.OBJECT, 0, 0);
            if (!v.equals(buf[0]) || !h.equals(buf[1]) || !s.equals(buf[2]) || !p.equals(buf[3]) || !bits.equals(buf[4])) {
                System.out.println("differ: " + buf[0] + " " + buf[1] + " " + buf[2] + " " + buf[3] + " " + buf[4]); System.exit(1);
            }
            @SuppressWarnings("unchecked") Stack<Double> got = (Stack<Double>) buf[2];
            if (got.pop() != 9.5) { System.out.println("stack top"); System.exit(1); }
            System.out.println("PASS ObjectLegacyCollections");
        }
        MPI.Finalize();
    }
}
