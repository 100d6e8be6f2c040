package jmpi.examples.ft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import jmpi.tasks.TaskPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FtSolverTest {
    @Test
    void classSVerifiesSerially() {
        FtSolver.Result r = new FtSolver(FtClass.S, null).run();
        assertTrue(r.verified(), () -> "checksums " + java.util.Arrays.deepToString(r.checksums()));
        assertEquals(1, r.threads());
        assertTrue(r.mops() > 0);
    }

    @Test
    void classSVerifiesWithTwoThreadsAndMatchesSerialBitForBit() {
        FtSolver.Result serial = new FtSolver(FtClass.S, null).run();
        try (TaskPool pool = new TaskPool(2)) {
            FtSolver.Result r = new FtSolver(FtClass.S, pool).run();
            assertTrue(r.verified());
            assertEquals(2, r.threads());
            for (int it = 0; it < serial.checksums().length; it++) {
                // every element is computed by the same operations whichever worker runs it
                assertArrayEquals(serial.checksums()[it], r.checksums()[it], 0.0);
            }
        }
    }

    @Test
    void classWVerifiesWithTwoThreads() {
        try (TaskPool pool = new TaskPool(2)) {
            FtSolver.Result r = new FtSolver(FtClass.W, pool).run();
            assertTrue(r.verified(), () -> "checksums " + java.util.Arrays.deepToString(r.checksums()));
        }
    }

    @Test
    void aPerturbedChecksumFailsVerification() {
        FtSolver.Result r = new FtSolver(FtClass.S, null).run();
        double[] ref = FtClass.S.reference();
        assertTrue(Verifier.verify(r.checksums(), ref));
        for (int it = 0; it < 6; it++) {
            for (int part = 0; part < 2; part++) {
                double[] wrong = ref.clone();
                wrong[2 * it + part] *= 1 + 1e-11; // ten times the tolerance, one iteration, one part
                assertFalse(Verifier.verify(r.checksums(), wrong), "iteration " + (it + 1) + " part " + part);
            }
        }
        double[] close = ref.clone();
        close[0] *= 1 + 1e-14;
        assertTrue(Verifier.verify(r.checksums(), close), "within the tolerance");
        double[][] nan = r.checksums().clone();
        nan[3] = new double[] {Double.NaN, 0};
        assertFalse(Verifier.verify(nan, ref));
        assertFalse(Verifier.verify(java.util.Arrays.copyOf(r.checksums(), 5), ref), "a missing iteration fails");
        assertFalse(Verifier.verify(r.checksums(), FtClass.W.reference()), "another class's references fail");
    }

    @Test
    void mopsUsesNpbsOperationCount() {
        // NPB 3.3 OMP output for class S: 3.18 s -> 55.63 Mop/s (time rounded in the report)
        assertEquals(55.7, FtSolver.mops(FtClass.S, 3.18), 0.1);
    }

    @Test
    void evolvesIndexMap() {
        assertEquals(0, Evolve.frequencySquared(0, 8));
        assertEquals(9, Evolve.frequencySquared(3, 8));
        assertEquals(16, Evolve.frequencySquared(4, 8)); // n/2 maps to -n/2
        assertEquals(9, Evolve.frequencySquared(5, 8)); // -3
        assertEquals(1, Evolve.frequencySquared(7, 8)); // -1
    }
}
