/* Overlap of MPI_Iallreduce with computation: the same measurement as bench/ompi/IallreduceOverlap.java
 * (see there), in C on the system's MPI. Usage: iallreduce_overlap [reps] [sizes in doubles ...]. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static volatile double sink;

static void chunk(void) {
    double x = sink;
    for (int i = 0; i < 2000; i++) x = x * 1.0000001 + 0.5;
    sink = x;
}

static double maxall(double t) {
    double m;
    MPI_Allreduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    return m;
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *) a, y = *(const double *) b;
    return x < y ? -1 : x > y;
}

static double median(double *t, int n) {
    double *c = malloc(n * sizeof *c);
    for (int i = 0; i < n; i++) c[i] = t[i];
    qsort(c, n, sizeof *c, cmp);
    double m = c[n / 2];
    free(c);
    return m;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int reps = argc > 1 ? atoi(argv[1]) : 30;
    int defaults[] = {1024, 131072, 1048576};
    int nsizes = argc > 2 ? argc - 2 : 3;
    double *t = malloc(reps * sizeof *t);
    if (rank == 0) {
        printf("# iallreduce-overlap C ranks=%d reps=%d (us; the slowest rank's; median)\n", size, reps);
        printf("%10s %12s %12s %14s %14s %9s %9s\n", "bytes", "blocking", "compute", "overlap_notest", "overlap_test",
               "ovl_none%", "ovl_test%");
    }
    for (int k = 0; k < 2000; k++) chunk();
    for (int s = 0; s < nsizes; s++) {
        int n = argc > 2 ? atoi(argv[2 + s]) : defaults[s];
        double *in = malloc(n * sizeof *in), *out = malloc(n * sizeof *out);
        for (int i = 0; i < n; i++) in[i] = i;
        for (int r = 0; r < 20; r++) {
            MPI_Request q;
            MPI_Allreduce(in, out, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            MPI_Iallreduce(in, out, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q);
            MPI_Wait(&q, MPI_STATUS_IGNORE);
        }
        for (int r = 0; r < reps; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            MPI_Allreduce(in, out, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
            t[r] = maxall((MPI_Wtime() - t0) * 1e6);
        }
        double blocking = median(t, reps);
        double c0 = MPI_Wtime();
        for (int i = 0; i < 200; i++) chunk();
        double perChunk = (MPI_Wtime() - c0) * 1e6 / 200;
        int chunks = (int) (blocking / perChunk + 0.5);
        if (chunks < 1) chunks = 1;
        MPI_Bcast(&chunks, 1, MPI_INT, 0, MPI_COMM_WORLD);
        for (int r = 0; r < reps; r++) {
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            for (int i = 0; i < chunks; i++) chunk();
            t[r] = maxall((MPI_Wtime() - t0) * 1e6);
        }
        double compute = median(t, reps);
        for (int r = 0; r < reps; r++) {
            MPI_Request q;
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            MPI_Iallreduce(in, out, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q);
            for (int i = 0; i < chunks; i++) chunk();
            MPI_Wait(&q, MPI_STATUS_IGNORE);
            t[r] = maxall((MPI_Wtime() - t0) * 1e6);
        }
        double noTest = median(t, reps);
        for (int r = 0; r < reps; r++) {
            MPI_Request q;
            int flag;
            MPI_Barrier(MPI_COMM_WORLD);
            double t0 = MPI_Wtime();
            MPI_Iallreduce(in, out, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &q);
            for (int i = 0; i < chunks; i++) {
                chunk();
                MPI_Test(&q, &flag, MPI_STATUS_IGNORE);
            }
            MPI_Wait(&q, MPI_STATUS_IGNORE);
            t[r] = maxall((MPI_Wtime() - t0) * 1e6);
        }
        double withTest = median(t, reps);
        if (out[1] != size) { fprintf(stderr, "wrong sum %g\n", out[1]); MPI_Abort(MPI_COMM_WORLD, 1); }
        if (rank == 0) {
            double base = blocking < compute ? blocking : compute;
            printf("%10ld %12.1f %12.1f %14.1f %14.1f %8.0f%% %8.0f%%\n", 8L * n, blocking, compute, noTest, withTest,
                   100 * (blocking + compute - noTest) / base, 100 * (blocking + compute - withTest) / base);
        }
        free(in);
        free(out);
    }
    free(t);
    MPI_Finalize();
    return 0;
}
