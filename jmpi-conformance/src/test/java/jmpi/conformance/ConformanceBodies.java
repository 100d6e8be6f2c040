package jmpi.conformance;

import java.util.List;

/**
 * The point-to-point conformance bodies that every transport runs (threads in byte mode, shm and
 * tcp as separate processes), each with the rank count its own test class runs it on.
 */
public final class ConformanceBodies {
    /** A rank program and how many ranks it needs. */
    public record Body(Class<?> body, int np) {
        @Override
        public String toString() {
            return body.getSimpleName() + " x" + np;
        }
    }

    public static final List<Body> POINT_TO_POINT = List.of(
            new Body(PointToPointTest.TypesRoundTrip.class, 2), new Body(PointToPointTest.NonOvertaking.class, 2),
            new Body(PointToPointTest.Wildcards.class, 4), new Body(PointToPointTest.ZeroLength.class, 2),
            new Body(PointToPointTest.SendToSelf.class, 2), new Body(PointToPointTest.ProcNull.class, 3),
            new Body(PointToPointTest.Truncation.class, 2), new Body(PointToPointTest.GetCount.class, 2),
            new Body(PointToPointTest.SendrecvRing.class, 5), new Body(ModesTest.SsendWaitsForTheReceive.class, 2),
            new Body(ModesTest.IssendTestsNullUntilMatched.class, 2), new Body(ModesTest.BsendWithBuffer.class, 2),
            new Body(ModesTest.RsendWithPostedReceive.class, 2), new Body(NonBlockingTest.WaitAndTest.class, 2),
            new Body(NonBlockingTest.Waitall.class, 4), new Body(NonBlockingTest.AnyAndSome.class, 3),
            new Body(NonBlockingTest.Persistent.class, 2), new Body(ObjectTest.Objects_.class, 2),
            new Body(ObjectTest.Refused.class, 2), new Body(ProbeCancelTest.ProbeThenRecv.class, 3),
            new Body(ProbeCancelTest.CancelUnmatchedReceive.class, 2), new Body(StressTest.RandomTraffic.class, 8),
            new Body(DatatypeTest.MismatchedButCompatible.class, 2));

    private ConformanceBodies() {
    }
}
