package jmpi.core;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.tck.LinePaddingCheck;

/** The engine's objects written per message keep their fields off other ranks' lines. */
class LinePaddingTest {
    @ParameterizedTest
    @ValueSource(strings = {"jmpi.spi.SpinLock", "jmpi.core.MatchQueues"})
    void writtenPerMessageAndPadded(String name) throws ClassNotFoundException {
        LinePaddingCheck.assertPadded(name);
    }
}
