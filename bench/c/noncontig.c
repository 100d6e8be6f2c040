/*
 * C MPI baseline for bin/jmpibench noncontig (the CLEI 1999 mpiJava paper's commByte / commDouble): ping-pong between ranks
 * 0 and 1 of n elements, half the average round trip, in three modes, for bytes and doubles:
 *   CONTIGUOUS  n consecutive elements
 *   STRIDE      one MPI_Type_vector(n, 1, 64, MPI_BYTE) / MPI_Type_vector(n, 1, 8, MPI_DOUBLE), both sides
 *   LOOP        copy the strided elements into a contiguous buffer, send it, copy out on receipt
 *
 *   noncontig [--min B] [--max B] [--iters N] [--warmup N]
 *
 * Sizes are data bytes, doubling from --min (default 8) to --max (default 256K), plus 1000, 50000 and
 * 100000 (the CLEI 1999 mpiJava paper's Table 3); iteration rule as jmpi.bench.BenchOptions (--iters up to 64 KiB, scaled by
 * 65536/size above, at least 4 timed, 1 warm-up). Rows: type mode bytes elements iterations time_us MB/s,
 * the same as jmpi.bench.Noncontig, whose Hockney fit can be applied to them.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LARGE_BYTES 65536L
#define TAG 3

static int scaled(int count, long bytes, int floor) {
    if (bytes <= LARGE_BYTES) return count;
    long s = (long) count * LARGE_BYTES / bytes;
    long f = floor < count ? floor : count;
    return (int) (s > f ? s : f);
}

static long parse_bytes(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (*end == 'K' || *end == 'k') v <<= 10;
    else if (*end == 'M' || *end == 'm') v <<= 20;
    return v;
}

enum { CONTIG, STRIDE, LOOP };
static const char *MODES[] = {"CONTIGUOUS", "STRIDE", "LOOP"};

static double ping_pong(int dbl, int mode, long n, int iters, int warmup, int rank, char *strided, char *contig) {
    int es = dbl ? 8 : 1, stride = dbl ? 8 : 64;
    MPI_Datatype base = dbl ? MPI_DOUBLE : MPI_BYTE, vec = MPI_DATATYPE_NULL;
    if (mode == STRIDE) {
        MPI_Type_vector((int) n, 1, stride, base, &vec);
        MPI_Type_commit(&vec);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    double start = 0, us = 0;
    if (rank < 2) {
        int peer = 1 - rank;
        for (int i = 0; i < warmup + iters; i++) {
            if (i == warmup) start = MPI_Wtime();
            for (int half = 0; half < 2; half++) {
                int sending = (rank == 0) == (half == 0);
                if (sending) {
                    if (mode == CONTIG) MPI_Send(contig, (int) n, base, peer, TAG, MPI_COMM_WORLD);
                    else if (mode == STRIDE) MPI_Send(strided, 1, vec, peer, TAG, MPI_COMM_WORLD);
                    else {
                        if (dbl) { double *s = (double *) strided, *c = (double *) contig; for (long k = 0; k < n; k++) c[k] = s[k * stride]; }
                        else { for (long k = 0; k < n; k++) contig[k] = strided[k * stride]; }
                        MPI_Send(contig, (int) n, base, peer, TAG, MPI_COMM_WORLD);
                    }
                } else {
                    if (mode == CONTIG) MPI_Recv(contig, (int) n, base, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    else if (mode == STRIDE) MPI_Recv(strided, 1, vec, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    else {
                        MPI_Recv(contig, (int) n, base, peer, TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                        if (dbl) { double *s = (double *) strided, *c = (double *) contig; for (long k = 0; k < n; k++) s[k * stride] = c[k]; }
                        else { for (long k = 0; k < n; k++) strided[k * stride] = contig[k]; }
                    }
                }
            }
        }
        us = (MPI_Wtime() - start) * 1e6 / (2.0 * iters);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (mode == STRIDE) MPI_Type_free(&vec);
    (void) es;
    return us;
}

static int cmp_long(const void *a, const void *b) { long x = *(const long *) a, y = *(const long *) b; return (x > y) - (x < y); }

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long min = 8, max = 256 * 1024;
    int iters = 1000, warmup = 100;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--min")) min = parse_bytes(argv[i + 1]);
        else if (!strcmp(argv[i], "--max")) max = parse_bytes(argv[i + 1]);
        else if (!strcmp(argv[i], "--iters")) iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--warmup")) warmup = atoi(argv[i + 1]);
    }
    long sizes[64];
    int ns = 0;
    for (long n = min; n <= max; n *= 2) sizes[ns++] = n;
    long extra[] = {1000, 50000, 100000};
    for (int i = 0; i < 3; i++) if (extra[i] >= min && extra[i] <= max) sizes[ns++] = extra[i];
    qsort(sizes, ns, sizeof(long), cmp_long);
    char *strided = malloc(max * 64), *contig = malloc(max);
    memset(strided, 'a', max * 64);
    memset(contig, 'a', max);
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING];
        int len;
        MPI_Get_library_version(lib, &len);
        char *nl = strchr(lib, '\n');
        if (nl) *nl = '\0';
        printf("# C MPI baseline (bench/c/noncontig.c)\n# MPI: %s\n# ranks: %d, cores: %ld\n", lib, size,
               sysconf(_SC_NPROCESSORS_ONLN));
        printf("# iterations: %d timed after %d warm-up up to 65536 B; above, scaled by 65536/size\n", iters, warmup);
        printf("%12s %12s %12s %12s %12s %12s %12s\n", "type", "mode", "bytes", "elements", "iterations", "time_us", "MB/s");
    }
    for (int dbl = 0; dbl < 2; dbl++) {
        int es = dbl ? 8 : 1;
        for (int mode = 0; mode < 3; mode++) {
            ping_pong(dbl, mode, 4096 / es, 200, 0, rank, strided, contig); /* warm caches and paths */
            for (int i = 0; i < ns; i++) {
                long n = sizes[i] / es;
                if (n == 0) continue;
                int it = scaled(iters, sizes[i], 4), wu = warmup == 0 ? 0 : scaled(warmup, sizes[i], 1);
                double us = ping_pong(dbl, mode, n, it, wu, rank, strided, contig);
                if (rank == 0) {
                    printf("%12s %12s %12ld %12ld %12d %12.3f %12.2f\n", dbl ? "double" : "byte", MODES[mode], n * es, n,
                           it, us, n * es / us);
                    fflush(stdout);
                }
            }
        }
    }
    free(strided);
    free(contig);
    MPI_Finalize();
    return 0;
}
