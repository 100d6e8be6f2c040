package jmpi.launcher;

import java.io.IOException;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

import static jmpi.launcher.ProcessJob.ABORT_GRACE_MILLIS;
import static jmpi.launcher.ProcessJob.KILL_WAIT_MILLIS;
import static jmpi.launcher.ProcessJob.TERM_GRACE_MILLIS;

/**
 * Watches the JVMs of a {@link ProcessJob} from their start to their end and decides how the job
 * went. The first failure (a JVM that cannot start, a non-zero exit, an abort message, exit 0 of a
 * rank that joined the job but never finalized, the job's timeout) is recorded and broadcast as the
 * abort; the ranks then get {@link ProcessJob#ABORT_GRACE_MILLIS} to end by themselves, are
 * terminated (SIGTERM), and {@link ProcessJob#TERM_GRACE_MILLIS} later killed (SIGKILL).
 *
 * <p>Concurrency: {@link #watch} runs on the one deciding thread; bootstrap connections and process
 * exits reach it as {@link JobEvent}s on one queue; failures go to a concurrent queue that the job
 * reads once {@code watch} has returned.
 */
final class JobSupervisor {
    private static final Logger LOG = System.getLogger(JobSupervisor.class.getName());

    private final JobSpec spec;
    private final String jobId;
    private final List<ProcessJob.Unit> units;
    private final RankSpawner spawner;

    JobSupervisor(JobSpec spec, String jobId, List<ProcessJob.Unit> units, RankSpawner spawner) {
        this.spec = spec;
        this.jobId = jobId;
        this.units = units;
        this.spawner = spawner;
    }

    /** Spawns every JVM and watches until all have exited (or are still there after the kill). */
    void watch(BootstrapServer server, byte[] secret, BlockingQueue<JobEvent> events,
               ConcurrentLinkedQueue<JobResult.Failure> failures) {
        int np = spec.np();
        boolean[] connected = new boolean[np];
        boolean[] finalized = new boolean[np];
        boolean[] exited = new boolean[units.size()];
        int alive = 0;
        long start = System.nanoTime();
        long deadline = spec.timeout() == null ? Long.MAX_VALUE : start + spec.timeout().toNanos();
        long failedAt = Long.MAX_VALUE;
        Failer failer = new Failer(server, failures);
        for (int u = 0; u < units.size(); u++) {
            ProcessJob.Unit unit = units.get(u);
            try {
                Process p = spawner.spawn(unit, server.address(), secret);
                alive++;
                int index = u;
                p.onExit().thenAccept(x -> events.add(new JobEvent.Exited(index, x.exitValue())));
            } catch (IOException | RuntimeException e) {
                exited[u] = true;
                failer.fail(unit.first(), 1, "cannot start its JVM" + (unit.local() ? "" : " on " + unit.host()) + ": "
                        + e.getMessage(), e);
                break;
            }
        }
        int stage = 0; // 0 running, 1 failed, 2 terminated, 3 killed
        while (alive > 0) {
            long now = System.nanoTime();
            if (failer.failed() && failedAt == Long.MAX_VALUE) {
                failedAt = now;
            }
            long next;
            if (failedAt == Long.MAX_VALUE) {
                if (now >= deadline) {
                    failer.fail(-1, 124, "job timed out after " + spec.timeout().toSeconds()
                            + " s; ranks still running: " + running(exited, finalized), null);
                    continue;
                }
                next = deadline;
            } else {
                long since = (now - failedAt) / 1_000_000;
                if (stage < 2 && since >= ABORT_GRACE_MILLIS) {
                    stage = 2;
                    spawner.forEachAlive(ProcessHandle::destroy);
                } else if (stage < 3 && since >= ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS) {
                    stage = 3;
                    spawner.forEachAlive(ProcessHandle::destroyForcibly);
                } else if (stage == 3 && since >= ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS + KILL_WAIT_MILLIS) {
                    LOG.log(Level.WARNING, "job {0}: ranks {1} still not gone after the kill", jobId, running(exited, finalized));
                    return;
                }
                long nextStage = stage < 2 ? ABORT_GRACE_MILLIS : stage < 3 ? ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS
                        : ABORT_GRACE_MILLIS + TERM_GRACE_MILLIS + KILL_WAIT_MILLIS;
                next = failedAt + nextStage * 1_000_000;
            }
            JobEvent e;
            try {
                e = events.poll(Math.max(1, Math.min(next - now, 1_000_000_000L)), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                failer.fail(-1, 130, "launcher interrupted", ie);
                spawner.forEachAlive(ProcessHandle::destroyForcibly);
                return;
            }
            switch (e) {
                case null -> {
                }
                case JobEvent.Connected c -> connected[c.rank()] = true;
                case JobEvent.Finalized f -> finalized[f.rank()] = true;
                case JobEvent.Aborted a -> failer.fail(a.rank(), a.exitCode(), a.reason(), null);
                case JobEvent.Exited x -> {
                    // x.rank() is the index of the JVM in units
                    ProcessJob.Unit unit = units.get(x.rank());
                    exited[x.rank()] = true;
                    alive--;
                    if (!failer.failed()) {
                        String where = unit.count() > 1 ? " (the JVM of ranks " + unit.first() + ".."
                                + (unit.first() + unit.count() - 1) + ")" : "";
                        if (x.exitCode() != 0) {
                            failer.fail(unit.first(), x.exitCode(), describeExit(x.exitCode()) + where, null);
                        } else {
                            for (int r = unit.first(); r < unit.first() + unit.count(); r++) {
                                if (connected[r] && !finalized[r]) {
                                    failer.fail(r, 1, "exited (code 0) without calling MPI.Finalize", null);
                                    break;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /** Records failures; the first one broadcasts the abort. Used by the deciding thread only. */
    private static final class Failer {
        private final BootstrapServer server;
        private final ConcurrentLinkedQueue<JobResult.Failure> failures;
        private boolean failed;

        Failer(BootstrapServer server, ConcurrentLinkedQueue<JobResult.Failure> failures) {
            this.server = server;
            this.failures = failures;
        }

        void fail(int rank, int exitCode, String why, Throwable cause) {
            failures.add(new JobResult.Failure(rank, exitCode == 0 ? 1 : exitCode, why, cause));
            if (!failed) {
                failed = true;
                server.broadcastAbort("rank " + rank + " failed: " + why);
            }
        }

        boolean failed() {
            return failed;
        }
    }

    static String describeExit(int code) {
        if (code > 128 && code < 128 + 65) {
            int sig = code - 128;
            String name = switch (sig) {
                case 1 -> "SIGHUP";
                case 2 -> "SIGINT";
                case 6 -> "SIGABRT";
                case 9 -> "SIGKILL";
                case 11 -> "SIGSEGV";
                case 15 -> "SIGTERM";
                default -> "signal " + sig;
            };
            return "its process was killed by " + name + " (exit code " + code + ")";
        }
        return "its process exited with code " + code;
    }

    private String running(boolean[] exited, boolean[] finalized) {
        List<String> ranks = new ArrayList<>();
        for (int u = 0; u < exited.length; u++) {
            if (!exited[u]) {
                ProcessJob.Unit unit = units.get(u);
                for (int r = unit.first(); r < unit.first() + unit.count(); r++) {
                    if (!finalized[r]) {
                        ranks.add(Integer.toString(r));
                    }
                }
            }
        }
        return String.join(", ", ranks);
    }
}
