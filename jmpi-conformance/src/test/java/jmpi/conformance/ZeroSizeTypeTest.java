package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/**
 * A type of LB / UB markers only has size 0 and an extent: a legal MPI type. n items of it move no data,
 * whatever the buffer, in every operation; MPI_Get_count of a zero-size type is 0 (MPI-3.1 3.2.5), and a
 * non-empty message into it is truncated.
 */
@Timeout(120)
class ZeroSizeTypeTest {
    static Datatype markers(int lb, int ub) {
        Datatype t = Datatype.Struct(new int[] {1, 1}, new int[] {lb, ub}, new Datatype[] {MPI.LB, MPI.UB});
        t.Commit();
        return t;
    }

    public static class Body {
        public static void main(String[] args) {
            MPI.Init(args);
            var w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            Datatype z = markers(0, 4);
            Expect.isTrue(z.Size() == 0, "size " + z.Size());
            Expect.isTrue(z.Extent() == 4, "extent " + z.Extent());
            int[] ints = {1, 2, 3, 4, 5, 6, 7, 8};
            double[] doubles = {1.5, 2.5};
            int peer = (me + 1) % p;
            int from = (me + p - 1) % p;
            for (int n : new int[] {0, 1, 5, 1000}) {
                // blocking, with buffers of different element types and null: nothing moves
                Status s = w.Sendrecv(ints, 0, n, z, peer, 1, doubles, 0, n, z, from, 1);
                Expect.isTrue(s.Get_count(z) == 0 && s.Get_elements(z) == 0 && s.source == from,
                        "count " + s.Get_count(z) + " elements " + s.Get_elements(z) + " source " + s.source);
                Expect.isTrue(ints[7] == 8 && doubles[1] == 2.5, "data changed");
                Request r = w.Irecv(null, 0, n, z, from, 2);
                w.Send(null, 0, n, z, peer, 2);
                s = r.Wait();
                Expect.isTrue(s.Get_count(z) == 0, "Irecv count " + s.Get_count(z));
                // a zero-size receive takes an empty message of any type; a non-empty one is truncated
                Request r2 = w.Irecv(ints, 0, n, z, from, 3);
                w.Send(doubles, 0, 0, MPI.DOUBLE, peer, 3);
                Expect.isTrue(r2.Wait().Get_count(MPI.DOUBLE) == 0, "empty DOUBLE message");
                // collectives
                w.Bcast(ints, 0, n, z, 0);
                w.Allreduce(ints, 0, doubles, 0, n, z, MPI.SUM);
                w.Gather(ints, 0, n, z, doubles, 0, n, z, 0);
                w.Alltoall(ints, 0, n, z, doubles, 0, n, z);
                Expect.isTrue(ints[0] == 1 && doubles[0] == 1.5, "a collective moved data");
                byte[] packed = new byte[16];
                Expect.isTrue(w.Pack(ints, 0, n, z, packed, 0) == 0 && w.Pack_size(n, z) == 8, "packed bytes");
            }
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (p > 1) {
                if (me == 0) {
                    w.Send(ints, 0, 1, MPI.INT, 1, 9);
                } else if (me == 1) {
                    Expect.error(MPI.ERR_TRUNCATE, "one INT into a zero-size receive",
                            () -> w.Recv(ints, 0, 3, z, 0, 9));
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void zeroSizeTypesMoveNothing() {
        for (int np : new int[] {1, 2, 3}) {
            MultiRank.runOk(np, Body.class, Duration.ofSeconds(60));
        }
    }

    @Test
    void overTheByteProtocols() {
        System.setProperty("jmpi.threads.encode", "true");
        try {
            MultiRank.runOk(3, Body.class, Duration.ofSeconds(60));
        } finally {
            System.clearProperty("jmpi.threads.encode");
        }
    }
}
