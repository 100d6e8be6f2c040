package jmpi.conformance.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.conformance.ConformanceBodies;
import jmpi.conformance.ConformanceBodies.Body;
import jmpi.conformance.nativempi.NativeLaunch.Library;

/**
 * The conformance bodies (point-to-point, communicators and groups, datatypes, collectives, threads) over the
 * native transport: every rank a JVM started by the MPI library's own launcher, Open MPI and MPICH in turn, the
 * library matching every message. Skipped per library where its launcher is not installed.
 */
@Timeout(900)
class NativeConformanceTest {
    static Stream<Arguments> jobs() {
        List<Arguments> all = new ArrayList<>();
        for (Library lib : Library.values()) {
            for (Body b : ConformanceBodies.POINT_TO_POINT) {
                all.add(Arguments.of(lib, b));
            }
            for (Body b : ConformanceBodies.BEYOND_POINT_TO_POINT) {
                all.add(Arguments.of(lib, b));
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("jobs")
    void overTheLibrary(Library lib, Body body) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        NativeLaunch.Result r = NativeLaunch.run(lib, body.np(), body.body().getName(), List.of(), List.of(),
                Duration.ofSeconds(150));
        assertEquals(0, r.exitCode(), body + " over " + lib + ": " + r.describe());
    }

    static Stream<Arguments> libraryCollectives() {
        List<Arguments> all = new ArrayList<>();
        for (Library lib : Library.values()) {
            for (int np : new int[] {1, 3, 4}) {
                all.add(Arguments.of(lib, np, false));
                all.add(Arguments.of(lib, np, true));
            }
        }
        return all.stream();
    }

    /**
     * The library's own collectives, chosen by the table (native lines) and forced: every type, operation, root,
     * count, in place; forced, a call the library cannot run is refused.
     */
    @ParameterizedTest(name = "{0}: {1} ranks, forced {2}")
    @MethodSource("libraryCollectives")
    void libraryCollectives(Library lib, int np, boolean forced) throws Exception {
        assumeTrue(lib.installed(), lib.missing());
        List<String> props = new ArrayList<>();
        if (forced) {
            for (String c : List.of("barrier", "bcast", "reduce", "allreduce", "allgather", "alltoall")) {
                props.add("-Djmpi.coll." + c + "=library");
            }
        }
        NativeLaunch.Result r = NativeLaunch.run(lib, np, LibraryCollectivesBody.class.getName(), props, List.of(),
                Duration.ofSeconds(150));
        assertEquals(0, r.exitCode(), "library collectives on " + np + " ranks of " + lib + ": " + r.describe());
        assertTrue(r.output().contains("library collectives checked on " + np + " ranks"), r.describe());
    }
}
