package jmpi.examples.ft;

import jmpi.tasks.TaskPool;

/**
 * NAS FT in one process, without MPI: {@code java jmpi.examples.ft.FtSerial [--class S|W|A|B]
 * [--threads T] [--profile]}. With {@code --threads T > 1} the phases run on a {@link TaskPool} of T
 * workers. Prints an NPB-style report and exits with status 1 when verification fails (2 on bad
 * arguments).
 */
public final class FtSerial {
    private FtSerial() {
    }

    /**
     * @param args {@code --class S|W|A|B}, {@code --threads T}, {@code --profile}
     */
    public static void main(String[] args) {
        FtClass cls = FtClass.S;
        int threads = 1;
        boolean profile = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--class" -> cls = FtClass.valueOf(args[++i].toUpperCase());
                    case "--threads" -> threads = Integer.parseInt(args[++i]);
                    case "--profile" -> profile = true;
                    default -> throw new IllegalArgumentException("unknown argument " + args[i]);
                }
            }
            if (threads < 1) {
                throw new IllegalArgumentException("--threads must be at least 1");
            }
        } catch (RuntimeException e) {
            System.err.println("FtSerial: " + e.getMessage());
            System.err.println("usage: FtSerial [--class S|W|A|B] [--threads T] [--profile]");
            System.exit(2);
            return;
        }
        FtSolver.Result r;
        if (threads == 1) {
            r = new FtSolver(cls, null).run();
        } else {
            try (TaskPool pool = new TaskPool(threads)) {
                r = new FtSolver(cls, pool).run();
            }
        }
        FtReport.print(System.out, r, 1, profile);
        if (!r.verified()) {
            System.exit(1);
        }
    }
}
