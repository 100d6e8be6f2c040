package jmpi.transport.threads;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.tck.LinePaddingCheck;

/** The threads transport's objects written per message by one rank keep their fields off other ranks' lines. */
class LinePaddingTest {
    @ParameterizedTest
    @ValueSource(strings = {"PairChannel", "Fastbox$End", "EagerRing$Writer", "EagerRing$Reader", "MpscFrameInbox"})
    void writtenPerMessageAndPadded(String name) throws ClassNotFoundException {
        LinePaddingCheck.assertPadded("jmpi.transport.threads." + name);
    }
}
