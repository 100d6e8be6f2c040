/**
 * JDK Flight Recorder events of jmpi (category "jmpi"): {@link PointToPointEvent} (a program's point-to-point
 * call), {@link CollectiveEvent} (a collective call and the algorithm that ran it), {@link RendezvousEvent} (a
 * large message's rendezvous, from its request to send until the sender's completion), {@link WaitEvent} (a
 * Wait / Test call that completed requests) and {@link RankEvent} (a rank's life from Init to Finalize).
 *
 * <p>Every event is disabled by default ({@code @Enabled(false)}): a JFR recording with the JDK's own settings
 * does not pay for them; {@code jmpirun --profile} (and {@link JmpiEvents#enableIn}) enables them with stack
 * traces. Each class has a static {@code start()} that returns null when the event is disabled, so the disabled
 * path allocates nothing: one static load and the instrumented {@code isEnabled()} of a probe instance.
 *
 * <p>The classes live under {@code jmpi.core.}, a package the threads transport's rank class loaders take
 * from their parent ({@code RankClassLoader.PARENT_FIRST}): one event type per JVM, whatever the rank. Every
 * event names its world rank ({@code rank}), as the ranks of the threads transport are threads of one JVM.
 */
package jmpi.core.jfr;
