package jmpi.examples;

import jmpi.examples.ft.FtClass;
import jmpi.examples.ft.FtExchange;
import jmpi.examples.ft.FtRank;
import jmpi.examples.ft.FtReport;
import jmpi.examples.ft.FtSolver;
import jmpi.tasks.TaskPool;
import mpi.Intracomm;
import mpi.MPI;

/**
 * NAS FT over MPI: {@code jmpirun -np P ... jmpi.examples.FT [--class S|W|A|B] [--threads T] [--profile]}.
 * Each rank holds a slab of the grid (uneven slabs when P does not divide the dimension); global
 * transposes are one {@code Alltoallv}, checksums one {@code Allreduce}. With {@code --threads T > 1}
 * every rank runs its FFTs, local transposes and evolve step on T threads of a {@link TaskPool} (FT_T,
 * the ParJava paper's multithreaded processes); only the main thread calls MPI ({@code THREAD_FUNNELED}).
 * Rank 0 prints the NPB-style report (the time is the slowest rank's); every rank exits with status 1
 * when verification fails.
 */
public final class FT {
    private FT() {
    }

    /** {@link FtExchange} over an MPI communicator. */
    static final class MpiExchange implements FtExchange {
        private final Intracomm comm;

        MpiExchange(Intracomm comm) {
            this.comm = comm;
        }

        @Override
        public int rank() {
            return comm.Rank();
        }

        @Override
        public int size() {
            return comm.Size();
        }

        @Override
        public void alltoallv(double[] send, int[] sendCounts, int[] sendDispls, double[] recv, int[] recvCounts,
                              int[] recvDispls) {
            comm.Alltoallv(send, 0, sendCounts, sendDispls, MPI.DOUBLE, recv, 0, recvCounts, recvDispls, MPI.DOUBLE);
        }

        @Override
        public void allreduceSum(double[] values) {
            double[] out = new double[values.length];
            comm.Allreduce(values, 0, out, 0, values.length, MPI.DOUBLE, MPI.SUM);
            System.arraycopy(out, 0, values, 0, values.length);
        }
    }

    public static void main(String[] args) {
        String[] own = args;
        int threads = 1;
        FtClass cls = FtClass.S;
        boolean profile = false;
        String problem = null;
        for (int i = 0; i < own.length; i++) {
            try {
                switch (own[i]) {
                    case "--class" -> cls = FtClass.valueOf(own[++i].toUpperCase());
                    case "--threads" -> threads = Integer.parseInt(own[++i]);
                    case "--profile" -> profile = true;
                    default -> problem = "unknown argument " + own[i];
                }
            } catch (RuntimeException e) {
                problem = "bad argument near " + own[i] + ": " + e.getMessage();
            }
        }
        if (threads < 1) {
            problem = "--threads must be at least 1";
        }
        int provided = MPI.Init_thread(args, threads > 1 ? MPI.THREAD_FUNNELED : MPI.THREAD_SINGLE);
        Intracomm world = MPI.COMM_WORLD;
        if (problem != null) {
            if (world.Rank() == 0) {
                System.err.println("FT: " + problem);
                System.err.println("usage: FT [--class S|W|A|B] [--threads T] [--profile]");
            }
            MPI.Finalize();
            System.exit(2);
        }
        if (world.Size() > cls.nz() || world.Size() > cls.ny()) {
            if (world.Rank() == 0) {
                System.err.println("FT: class " + cls.name() + " supports at most " + Math.min(cls.ny(), cls.nz())
                        + " ranks (one plane each)");
            }
            MPI.Finalize();
            System.exit(2);
        }
        FtSolver.Result r;
        if (threads > 1) {
            try (TaskPool pool = new TaskPool(threads)) {
                r = new FtRank(cls, new MpiExchange(world), pool).run();
            }
        } else {
            r = new FtRank(cls, new MpiExchange(world), null).run();
        }
        String perturb = System.getProperty("jmpi.ft.perturb");
        if (perturb != null) {
            // Fault injection for tests: a relative error on the last checksum, which must fail verification.
            double[][] sums = r.checksums().clone();
            sums[sums.length - 1] = sums[sums.length - 1].clone();
            sums[sums.length - 1][0] *= 1 + Double.parseDouble(perturb);
            r = new FtSolver.Result(r.cls(), r.threads(), sums, jmpi.examples.ft.Verifier.verify(sums, cls.reference()),
                    r.seconds(), r.profile());
        }
        double[] slowest = new double[1];
        world.Allreduce(new double[] {r.seconds()}, 0, slowest, 0, 1, MPI.DOUBLE, MPI.MAX);
        if (world.Rank() == 0) {
            FtSolver.Result shown = new FtSolver.Result(r.cls(), r.threads(), r.checksums(), r.verified(), slowest[0],
                    r.profile());
            FtReport.print(System.out, shown, world.Size(), profile);
            if (provided < (threads > 1 ? MPI.THREAD_FUNNELED : MPI.THREAD_SINGLE)) {
                System.out.println(" (thread level provided: " + provided + ")");
            }
        }
        MPI.Finalize();
        if (!r.verified()) {
            System.exit(1);
        }
    }
}
