/**
 * Multithreaded processes (the multi-process multi-threaded model, MPMT, of Akopyan, "Using
 * multithreaded processes in the ParJava environment", Proc. ISP RAS 27(2), 2015): a {@link jmpi.tasks.TaskPool} created once per
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
 * <h2>Memory visibility (happens-before)</h2>
 * <ul>
 *   <li>Everything the calling thread wrote before {@code parallelFor}, {@code reduce*},
 *       {@code parallel} or {@code submit} is visible to every chunk, region body and task it starts
 *       (the generation counter and the task queue's tail are published with volatile stores the
 *       workers read before running).</li>
 *   <li>Everything a chunk, region body or task wrote is visible to the calling thread after the call
 *       returns, or after {@code waitForAll} returns (each worker's completion is a volatile
 *       read-modify-write the caller reads before returning). This holds when the call throws too.</li>
 *   <li>Between workers of one region: everything written before {@link Region#barrier()} is visible
 *       to all after it. Chunks of one loop are otherwise unordered: workers writing shared data in
 *       the same region need {@link Critical}, {@link Atomics} or disjoint indices.</li>
 * </ul>
 *
 * <h2>Failures</h2>
 * An exception or error thrown by a chunk, region body or task does not stop the other workers'
 * current chunk (dynamic and guided loops stop handing out chunks; barriers of the region throw
 * {@link RegionAbortedException}); when the call (or {@code waitForAll}) completes, the first failure
 * is thrown to the caller with the later ones attached as suppressed exceptions. Unchecked exceptions
 * and errors are rethrown as they are; a checked one is wrapped in {@link TaskFailedException}. The
 * pool stays usable.
 *
 * <p>No MPI dependency: the package works in any Java program, and beside {@code MPI.Init_thread}
 * (of jmpi it uses only jmpi-spi's {@link jmpi.spi.Setting} mechanism and the idle policy
 * {@link jmpi.spi.Backoff} it shares with the engine). Tunables: {@link jmpi.tasks.TaskSetting}
 * ({@code jmpi.tasks.*}) and {@link jmpi.spi.WaitSetting} ({@code jmpi.wait.*}).
 */
package jmpi.tasks;
