package jmpi.launcher;

import java.net.URL;
import java.time.Duration;
import java.util.List;

/**
 * What to run: {@code np} ranks of {@code mainClass} with {@code args}, loaded from {@code classPath}.
 * Concurrency: immutable.
 *
 * @param tagOutput prefix every line a rank prints with {@code [rank] }
 * @param timeout   fail the job when it runs longer (null: no limit)
 * @param grace     how long ranks get to stop after the job failed, before they are abandoned
 */
public record JobSpec(int np, List<URL> classPath, String mainClass, List<String> args, boolean tagOutput,
                      Duration timeout, Duration grace) {
    public JobSpec {
        if (np < 1) {
            throw new IllegalArgumentException("-np must be at least 1, not " + np);
        }
        classPath = List.copyOf(classPath);
        args = List.copyOf(args);
        grace = grace == null ? Duration.ofSeconds(5) : grace;
    }
}
