package jmpi.core;

/** The envelope of a message found by a probe: who sent it, its tag and its type signature. */
public record ProbeStatus(int source, int tag, int count, int typeCode) {
}
