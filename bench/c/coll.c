/*
 * C MPI baseline for Leus's broadcast/allreduce tables (bin/jmpibench coll-tables): MPI_Bcast and MPI_Allreduce (doubles,
 * MPI_SUM) with the library's own algorithm choice, at 10^2 .. 10^max doubles (decades), on all ranks.
 *
 *   coll bcast|allreduce [--max-doubles N] [--iters N] [--warmup N] [--mem-cap BYTES]
 *
 * Timing as jmpi.bench.CollKernel: per size, warm-up calls, a barrier, timed calls; each rank's average
 * per call; rank 0 prints the average over ranks (and min / max) in the SWEEP line format of
 * jmpi.bench.CollSweep with the algorithm "openmpi-default" or "mpich-default" (LIBRARY_DEFAULT). Iterations: --iters up to 64 KiB, scaled by
 * 65536/size above (at least 4 timed, 1 warm-up). Sizes whose buffers (all ranks together, this host)
 * exceed --mem-cap (default 4.8 GB, as jmpi's 60 % of -Xmx8g) are skipped.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LARGE_BYTES 65536L
/* the algorithm column: the library's own choice, named by the library this is compiled against */
#if defined(OPEN_MPI)
#define LIBRARY_DEFAULT "openmpi-default"
#elif defined(MPICH_VERSION)
#define LIBRARY_DEFAULT "mpich-default"
#else
#define LIBRARY_DEFAULT "library-default"
#endif

static int scaled(int count, long bytes, int floor) {
    if (bytes <= LARGE_BYTES) return count;
    long s = (long) count * LARGE_BYTES / bytes;
    long f = floor < count ? floor : count;
    return (int) (s > f ? s : f);
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2 || (strcmp(argv[1], "bcast") && strcmp(argv[1], "allreduce"))) {
        if (rank == 0) fprintf(stderr, "usage: coll bcast|allreduce [--max-doubles N] [--iters N] [--warmup N] [--mem-cap B]\n");
        MPI_Finalize();
        return 2;
    }
    int bcast = !strcmp(argv[1], "bcast");
    long max_doubles = 10000000;
    int iters = 200, warmup = 20;
    double mem_cap = 4.8e9;
    for (int i = 2; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--max-doubles")) max_doubles = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--iters")) iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--warmup")) warmup = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--mem-cap")) mem_cap = atof(argv[i + 1]);
    }
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING], host[256];
        int len;
        MPI_Get_library_version(lib, &len);
        char *nl = strchr(lib, '\n');
        if (nl) *nl = '\0';
        gethostname(host, sizeof host);
        printf("# C MPI baseline (bench/c/coll.c): MPI_%s, library default algorithm\n# MPI: %s\n",
               bcast ? "Bcast" : "Allreduce", lib);
        printf("# ranks: %d, host: %s, cores: %ld%s\n", size, host, sysconf(_SC_NPROCESSORS_ONLN),
               size > sysconf(_SC_NPROCESSORS_ONLN) ? " (oversubscribed)" : "");
        printf("# SWEEP collective ranks bytes algorithm avg_us min_us max_us iters\n");
        fflush(stdout);
    }
    for (long n = 100; n <= max_doubles; n *= 10) {
        long bytes = n * 8;
        double need = (double) size * bytes * (bcast ? 2 : 3);
        if (need > mem_cap) {
            if (rank == 0) printf("# skipped %s %d %ld " LIBRARY_DEFAULT ": needs about %.0f MiB > cap\n",
                                  argv[1], size, bytes, need / 1048576);
            continue;
        }
        double *s = malloc(bytes), *r = malloc(bytes);
        for (long i = 0; i < n; i++) { s[i] = 1.0; r[i] = 0.0; }
        int it = scaled(iters, bytes, 4), wu = warmup == 0 ? 0 : scaled(warmup, bytes, 1);
        for (int i = 0; i < wu; i++) {
            if (bcast) MPI_Bcast(s, (int) n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            else MPI_Allreduce(s, r, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
        MPI_Barrier(MPI_COMM_WORLD);
        double t = MPI_Wtime();
        for (int i = 0; i < it; i++) {
            if (bcast) MPI_Bcast(s, (int) n, MPI_DOUBLE, 0, MPI_COMM_WORLD);
            else MPI_Allreduce(s, r, (int) n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        }
        double us = (MPI_Wtime() - t) * 1e6 / it, mn, mx, sum;
        MPI_Reduce(&us, &mn, 1, MPI_DOUBLE, MPI_MIN, 0, MPI_COMM_WORLD);
        MPI_Reduce(&us, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        MPI_Reduce(&us, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            printf("SWEEP %s %d %ld " LIBRARY_DEFAULT " %.3f %.3f %.3f %d\n", argv[1], size, bytes, sum / size, mn, mx, it);
            fflush(stdout);
        }
        free(s);
        free(r);
    }
    MPI_Finalize();
    return 0;
}
