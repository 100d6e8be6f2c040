import java.nio.DoubleBuffer;
import java.util.Arrays;

import mpi.*;

/**
 * Overlap of MPI_Iallreduce with computation (the Open MPI Java API on jmpi), the same measurement as
 * bench/c/iallreduce_overlap.c: per size, the blocking allReduce alone, a computation calibrated to take as
 * long, and both overlapped: iAllReduce, the computation, waitFor (no test), and the same with a test after
 * every chunk of the computation. Times are the slowest rank's, the median of the repetitions, in us;
 * overlap = (blocking + compute - overlapped) / min(blocking, compute): 100% is full overlap, 0% none.
 * Arguments: repetitions (default 30) and sizes in doubles (default 1024 131072 1048576).
 */
public class IallreduceOverlap {
    static double sink;

    /** One chunk of computation: 2000 dependent multiply-adds. */
    static void chunk() {
        double x = sink;
        for (int i = 0; i < 2000; i++) {
            x = x * 1.0000001 + 0.5;
        }
        sink = x;
    }

    static double max(Intracomm w, double t) throws MPIException {
        double[] v = {t};
        w.allReduce(v, 1, MPI.DOUBLE, MPI.MAX);
        return v[0];
    }

    static double median(double[] a) {
        double[] b = a.clone();
        Arrays.sort(b);
        return b[b.length / 2];
    }

    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 30;
        int[] sizes = args.length > 1 ? Arrays.stream(args, 1, args.length).mapToInt(Integer::parseInt).toArray()
                : new int[] {1024, 131072, 1048576};
        if (w.getRank() == 0) {
            System.out.printf("# iallreduce-overlap jmpi ranks=%d reps=%d (us; the slowest rank's; median)%n", w.getSize(),
                    reps);
            System.out.printf("%10s %12s %12s %14s %14s %9s %9s%n", "bytes", "blocking", "compute", "overlap_notest",
                    "overlap_test", "ovl_none%", "ovl_test%");
        }
        for (int k = 0; k < 2000; k++) { // JIT warm-up of the kernel
            chunk();
        }
        for (int n : sizes) {
            DoubleBuffer in = MPI.newDoubleBuffer(n);
            DoubleBuffer out = MPI.newDoubleBuffer(n);
            for (int i = 0; i < n; i++) {
                in.put(i, i);
            }
            double[] t = new double[reps];
            for (int r = 0; r < 20; r++) { // warm-up of both calls
                w.allReduce(in, out, n, MPI.DOUBLE, MPI.SUM);
                w.iAllReduce(in, out, n, MPI.DOUBLE, MPI.SUM).waitFor();
            }
            for (int r = 0; r < reps; r++) {
                w.barrier();
                long t0 = System.nanoTime();
                w.allReduce(in, out, n, MPI.DOUBLE, MPI.SUM);
                t[r] = max(w, (System.nanoTime() - t0) / 1e3);
            }
            double blocking = median(t);
            long c0 = System.nanoTime();
            for (int i = 0; i < 200; i++) {
                chunk();
            }
            double perChunk = (System.nanoTime() - c0) / 1e3 / 200;
            int[] chunks = {(int) Math.max(1, Math.round(blocking / perChunk))};
            w.bcast(chunks, 1, MPI.INT, 0);
            for (int r = 0; r < reps; r++) {
                w.barrier();
                long t0 = System.nanoTime();
                for (int i = 0; i < chunks[0]; i++) {
                    chunk();
                }
                t[r] = max(w, (System.nanoTime() - t0) / 1e3);
            }
            double compute = median(t);
            for (int r = 0; r < reps; r++) {
                w.barrier();
                long t0 = System.nanoTime();
                Request q = w.iAllReduce(in, out, n, MPI.DOUBLE, MPI.SUM);
                for (int i = 0; i < chunks[0]; i++) {
                    chunk();
                }
                q.waitFor();
                t[r] = max(w, (System.nanoTime() - t0) / 1e3);
            }
            double noTest = median(t);
            for (int r = 0; r < reps; r++) {
                w.barrier();
                long t0 = System.nanoTime();
                Request q = w.iAllReduce(in, out, n, MPI.DOUBLE, MPI.SUM);
                for (int i = 0; i < chunks[0]; i++) {
                    chunk();
                    q.test();
                }
                q.waitFor();
                t[r] = max(w, (System.nanoTime() - t0) / 1e3);
            }
            double withTest = median(t);
            double p = w.getSize();
            if (out.get(1) != p) {
                throw new IllegalStateException("wrong sum " + out.get(1));
            }
            if (w.getRank() == 0) {
                double base = Math.min(blocking, compute);
                System.out.printf("%10d %12.1f %12.1f %14.1f %14.1f %8.0f%% %8.0f%%%n", 8L * n, blocking, compute, noTest,
                        withTest, 100 * (blocking + compute - noTest) / base, 100 * (blocking + compute - withTest) / base);
            }
        }
        if (w.getRank() == 0) {
            System.out.println("# sink " + (sink > 0 ? "ok" : "?"));
        }
        MPI.Finalize();
    }
}
