// np: 2
import mpi.*;

/** MPI.OBJECT elements packed into bytes after ints, sent as PACKED and unpacked into Strings and ints again. */
public class PackObjects {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        String[] words = {"alpha", "beta", "gamma", "delta"};
        byte[] buf = new byte[64 * 1024];
        if (rank == 0) {
            int[] lens = new int[words.length];
            for (int k = 0; k < words.length; k++) lens[k] = words[k].length();
            int pos = MPI.COMM_WORLD.Pack(lens, 0, lens.length, MPI.INT, buf, 0);
            pos = MPI.COMM_WORLD.Pack(words, 0, words.length, MPI.OBJECT, buf, pos);
            int[] len = {pos};
            MPI.COMM_WORLD.Send(len, 0, 1, MPI.INT, 1, 0);
            MPI.COMM_WORLD.Send(buf, 0, pos, MPI.PACKED, 1, 1);
        } else if (rank == 1) {
            int[] len = new int[1];
            MPI.COMM_WORLD.Recv(len, 0, 1, MPI.INT, 0, 0);
            MPI.COMM_WORLD.Recv(buf, 0, len[0], MPI.PACKED, 0, 1);
            int[] lens = new int[words.length];
            Object[] got = new Object[words.length];
            int pos = MPI.COMM_WORLD.Unpack(buf, 0, lens, 0, lens.length, MPI.INT);
            MPI.COMM_WORLD.Unpack(buf, pos, got, 0, got.length, MPI.OBJECT);
            for (int k = 0; k < words.length; k++)
                if (lens[k] != words[k].length() || !words[k].equals(got[k])) { System.out.println("[" + k + "] " + lens[k] + " " + got[k]); System.exit(1); }
            System.out.println("PASS PackObjects");
        }
        MPI.Finalize();
    }
}
