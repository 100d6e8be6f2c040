package jmpi.spi;

/** Receives the frames a transport delivers to one rank, in arrival order per sender. */
@FunctionalInterface
public interface FrameSink {
    void accept(Frame frame);
}
