package jmpi.conformance.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import mpi.MPI;

/** Programs the multi-process tests run, each rank a JVM of its own (over the tcp transport). */
public final class ProcessPrograms {
    private ProcessPrograms() {
    }

    /** Prints rank, size and the arguments Init returned; sends one message to itself. */
    public static class Hello {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            int[] in = new int[1];
            var req = MPI.COMM_WORLD.Irecv(in, 0, 1, MPI.INT, rank, 5);
            MPI.COMM_WORLD.Send(new int[] {rank * 10 + 1}, 0, 1, MPI.INT, rank, 5);
            req.Wait();
            System.out.println("I am " + rank + " of " + MPI.COMM_WORLD.Size() + " args " + String.join(",", own)
                    + " self " + in[0]);
            MPI.Finalize();
        }
    }

    /** Joins the job, says so, then computes forever without calling MPI again. */
    public static class ComputesForever {
        static volatile double sink;

        public static void main(String[] args) {
            MPI.Init(args);
            System.out.println("ready " + MPI.COMM_WORLD.Rank());
            System.out.flush();
            double x = 0;
            while (true) {
                x += Math.sqrt(x + 1);
                sink = x;
            }
        }
    }

    /** Every rank waits for a message that never comes (the job's timeout must end it). */
    public static class Waits {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, MPI.COMM_WORLD.Rank(), 99);
            MPI.Finalize();
        }
    }

    /**
     * Rank 0 creates a file named like the shm transport's, in its directory (the launcher must have
     * it deleted); rank 1 fails
     * the way {@code args[0]} says and prints {@code FAIL_AT <epoch millis>} just before; the other
     * ranks wait for a message from rank 1 that never comes (or compute without MPI, for "exit").
     */
    public static class FailingRank {
        static volatile double sink;

        public static void main(String[] args) throws Exception {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.Rank();
            String how = args[0];
            Path dummy = Path.of(System.getProperty("jmpi.shm.dir", "/dev/shm"), "jmpi-" + System.getenv("JMPI_JOB_ID") + "-dummy");
            if (rank == 0) {
                Files.writeString(dummy, "left by rank 0");
                System.out.println("created " + dummy);
            }
            if (rank == 1) {
                for (int i = 0; i < 500 && !Files.exists(dummy); i++) {
                    Thread.sleep(10); // wait for rank 0's file
                }
                System.out.println("FAIL_AT " + System.currentTimeMillis());
                System.out.flush();
                switch (how) {
                    case "throw" -> throw new IllegalStateException("boom in rank one");
                    case "exit" -> System.exit(7);
                    case "kill" -> killMyself();
                    case "abort" -> MPI.COMM_WORLD.Abort(5);
                    case "nofinalize" -> {
                        return;
                    }
                    default -> throw new IllegalArgumentException(how);
                }
            }
            if (how.equals("exit")) {
                double x = 0;
                while (true) {
                    x += Math.sqrt(x + 1);
                    sink = x;
                }
            }
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, 1, 0);
            MPI.Finalize();
        }

        private static void killMyself() throws IOException, InterruptedException {
            new ProcessBuilder("kill", "-9", Long.toString(ProcessHandle.current().pid())).inheritIO().start().waitFor();
            Thread.sleep(10_000);
            throw new AssertionError("still alive after kill -9");
        }
    }
}
