// np: 2
import mpi.*;
import java.time.*;

/** java.time values (LocalDate, LocalDateTime, Instant, Duration, Period, ZonedDateTime) as MPI.OBJECT. */
public class ObjectJavaTime {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Object[] want = {
            LocalDate.of(1998, 4, 9), LocalDateTime.of(2005, 8, 12, 19, 12, 8), Instant.ofEpochSecond(1_000_000_000L, 123),
            Duration.ofMillis(98765), Period.of(1, 2, 3), ZonedDateTime.of(2020, 2, 29, 12, 0, 0, 0, ZoneOffset.ofHours(5)),
            LocalTime.of(23, 59), YearMonth.of(2024, 2) };
        if (rank == 0) {
            MPI.COMM_WORLD.Send(want, 0, want.length, MPI.OBJECT, 1, 0);
        } else if (rank == 1) {
            Object[] got = new Object[want.length];
            MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.OBJECT, 0, 0);
            for (int k = 0; k < want.length; k++) if (!want[k].equals(got[k])) { System.out.println("[" + k + "] " + got[k] + " != " + want[k]); System.exit(1); }
            if (!((LocalDate) got[0]).plusDays(1).equals(LocalDate.of(1998, 4, 10))) { System.out.println("date arithmetic"); System.exit(1); }
            System.out.println("PASS ObjectJavaTime");
        }
        MPI.Finalize();
    }
}
