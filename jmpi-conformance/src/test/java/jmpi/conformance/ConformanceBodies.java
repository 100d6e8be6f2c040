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
            new Body(DatatypeTest.MismatchedButCompatible.class, 2), new Body(StridedMessagesTest.Body.class, 2));

    /**
     * Communicators and groups, datatypes, collectives (every one, default algorithms, 2-4 ranks) and threads:
     * what a transport that matches messages itself (native) runs besides {@link #POINT_TO_POINT}.
     */
    public static final List<Body> BEYOND_POINT_TO_POINT = List.of(
            new Body(CommTest.DupIsolation.class, 2), new Body(CommTest.ReplaceObjects.class, 2),
            new Body(CommTest.CancelSend.class, 2), new Body(CommTest.ErrorsOutsideComm.class, 1),
            new Body(GroupCommTopoTest.Groups.class, 6), new Body(GroupCommTopoTest.SplitAndCreate.class, 7),
            new Body(GroupCommTopoTest.ManyCommunicators.class, 3), new Body(GroupCommTopoTest.ConcurrentCreation.class, 4),
            new Body(GroupCommTopoTest.Intercommunicators.class, 5), new Body(GroupCommTopoTest.Cartesian.class, 7),
            new Body(GroupCommTopoTest.GraphsAndAttributes.class, 4), new Body(DatatypeTest.Collectives.class, 5),
            new Body(DatatypeTest.PackAndErrors.class, 2), new Body(ZeroSizeTypeTest.Body.class, 3),
            new Body(CollectivesTest.Body.class, 2), new Body(CollectivesTest.Body.class, 3),
            new Body(CollectivesTest.Body.class, 4), new Body(ThreadMultipleTest.PairsOfThreads.class, 2),
            new Body(ThreadMultipleTest.SharedTag.class, 3), new Body(ThreadMultipleTest.ConcurrentCollectives.class, 4));

    private ConformanceBodies() {
    }
}
