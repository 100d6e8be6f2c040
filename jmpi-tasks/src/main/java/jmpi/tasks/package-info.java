/**
 * Multithreaded processes (MPMT, seed 000): a {@link jmpi.tasks.TaskPool} created once per
 * process, with two programming models over the same workers.
 *
 * <ul>
 *   <li>The ParJava model, for existing programs: subclass {@link jmpi.tasks.Task}, set its
 *       parameters (loop bounds from {@link jmpi.tasks.Splitter}, shared arrays), {@code submit},
 *       then {@code waitForAll} on the main thread.</li>
 *   <li>Parallel regions: {@code parallelFor} with {@link jmpi.tasks.Schedule static, dynamic or
 *       guided} chunks, deterministic reductions ({@link jmpi.tasks.Reduction}, generic combiners),
 *       {@code parallel} regions with barriers ({@link jmpi.tasks.Region}), and helpers for critical
 *       sections ({@link jmpi.tasks.Critical}) and atomic updates ({@link jmpi.tasks.Atomics}).</li>
 * </ul>
 *
 * <h2>Memory visibility</h2>
 * Everything the calling thread wrote before starting a loop, region or task is visible to the code
 * that runs in it; everything that code wrote is visible to the calling thread once the call (or
 * {@code waitForAll}) returned, normally or by an exception. Inside a region, a barrier orders all
 * workers' writes before it with all reads after it. Chunks and tasks that run at the same time are
 * not ordered with each other: they must touch disjoint data or use {@code Critical} / {@code Atomics}.
 *
 * <p>No MPI dependency: the package works in any Java program, and beside {@code MPI.Init_thread}.
 * Tunables: {@code jmpi.tasks.threads}, {@code jmpi.tasks.spinMicros}, {@code jmpi.tasks.queueCapacity}
 * (see {@link jmpi.tasks.TaskPool}).
 */
package jmpi.tasks;
