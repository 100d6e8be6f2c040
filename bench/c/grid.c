/*
 * C MPI baseline for the GridMPI paper's plots (point-to-point and collectives across clusters joined by a slow
 * link, e.g. bench/wan.sh): ping-pong between rank 0 and one peer, and MPI_Bcast / MPI_Reduce / MPI_Allreduce /
 * MPI_Alltoall with the library's own algorithm choice.
 *
 *   grid [--tests pingpong,bcast,reduce,allreduce,alltoall] [--sizes 1K,4K,...,16M] [--iters N] [--warmup N]
 *        [--peer R]
 *
 * Sizes are bytes (a K or M suffix multiplies by 1024 or 1048576); default 1K,4K,16K,64K,256K,1M,4M,16M.
 * Per size: --warmup untimed calls (default 2), then --iters timed ones (default 20) up to 64 KiB, scaled by
 * 65536/size above (at least 3, or --iters when that is smaller).
 *
 * pingpong: rank 0 and rank --peer (default p/2) exchange `bytes` of MPI_BYTE back and forth; time_us = half the
 *           round trip (average over the timed iterations); MB/s = bytes / time_us. Other ranks wait in the
 *           barrier that starts each size.
 * bcast (root 0), reduce (root 0), allreduce (MPI_DOUBLE, MPI_SUM, bytes/8 doubles), alltoall (bytes = the block
 *           each rank sends to each other rank, MPI_BYTE): each rank runs the warm-up calls, a barrier, then times
 *           its calls; time_us = the slowest rank's average per call (MPI_MAX to rank 0); MB/s = bytes * p /
 *           time_us (bcast, reduce, allreduce: the paper's "bytes x processes / time"), bytes * (p-1) / time_us
 *           (alltoall, per process). MB = 10^6 bytes.
 *
 * Every call's result is checked where it costs a few stores and loads (the last byte or element of each
 * block, against a pattern that changes from call to call); a mismatch prints a message and aborts (exit 3).
 * Buffers are allocated once at the largest size, filled, and reused.
 *
 * Output on rank 0 (stdout): a "# grid c <library> ranks=<p>" line, then per test a column header and one row
 * per size.
 */
#include <mpi.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LARGE_BYTES 65536L

static int rank, nprocs;
static unsigned call_counter; /* changes the pattern from call to call (same sequence on every rank) */

static void usage(void) {
    if (rank == 0)
        fprintf(stderr, "usage: grid [--tests pingpong,bcast,reduce,allreduce,alltoall] [--sizes 1K,4K,...]"
                        " [--iters N] [--warmup N] [--peer R]\n");
    MPI_Finalize();
    exit(2);
}

static void fail(const char *test, long bytes, const char *what, double got, double want) {
    fprintf(stderr, "grid: rank %d: %s %ld bytes: %s is %g, expected %g\n", rank, test, bytes, what, got, want);
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, 3);
    exit(3);
}

static long parse_size(const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s) return -1;
    if (*end == 'K' || *end == 'k') { v *= 1024; end++; }
    else if (*end == 'M' || *end == 'm') { v *= 1048576; end++; }
    if (*end != '\0' || v <= 0) return -1;
    return v;
}

static int scaled(int iters, long bytes) {
    if (bytes <= LARGE_BYTES) return iters;
    long s = (long) iters * LARGE_BYTES / bytes;
    long f = iters < 3 ? iters : 3;
    return (int) (s > f ? s : f);
}

static unsigned char pattern(void) { return (unsigned char) (call_counter * 37u + 11u); }
/* the last byte of the block that rank src sends to rank dst in alltoall */
static unsigned char a2a_byte(int src, int dst) { return (unsigned char) (src * 29 + dst * 7 + call_counter * 3u + 1); }

static void header(void) {
    if (rank == 0) printf("# test%11s%8s%12s%12s\n", "bytes", "iters", "time_us", "MB/s");
}

static void row(const char *test, long bytes, int iters, double us, double mbytes) {
    if (rank == 0) {
        printf("%-10s%7ld%8d%12.1f%12.2f\n", test, bytes, iters, us, mbytes / us);
        fflush(stdout);
    }
}

static void pingpong(unsigned char *buf, const long *sizes, int nsizes, int iters, int warmup, int peer) {
    header();
    for (int k = 0; k < nsizes; k++) {
        long bytes = sizes[k];
        int it = scaled(iters, bytes);
        double t = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        for (int i = -warmup; i < it; i++) {
            if (i == 0) t = MPI_Wtime();
            call_counter++;
            unsigned char p = pattern();
            if (rank == 0) {
                buf[bytes - 1] = p;
                MPI_Send(buf, (int) bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD);
                MPI_Recv(buf, (int) bytes, MPI_BYTE, peer, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (buf[bytes - 1] != (unsigned char) (p + 1)) fail("pingpong", bytes, "echoed last byte", buf[bytes - 1], (unsigned char) (p + 1));
            } else if (rank == peer) {
                buf[bytes - 1] = (unsigned char) ~p;
                MPI_Recv(buf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (buf[bytes - 1] != p) fail("pingpong", bytes, "received last byte", buf[bytes - 1], p);
                buf[bytes - 1] = (unsigned char) (p + 1);
                MPI_Send(buf, (int) bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
            }
        }
        double us = (MPI_Wtime() - t) * 1e6 / it / 2;
        row("pingpong", bytes, it, us, (double) bytes);
    }
}

enum { BCAST, REDUCE, ALLREDUCE, ALLTOALL };

static void collective(int which, const char *name, unsigned char *sbuf, unsigned char *rbuf,
                       const long *sizes, int nsizes, int iters, int warmup) {
    header();
    double expected = (double) nprocs * (nprocs + 1) / 2; /* every rank contributes rank + 1 */
    for (int k = 0; k < nsizes; k++) {
        long bytes = sizes[k];
        int n = (int) (bytes / 8);
        if ((which == REDUCE || which == ALLREDUCE) && n == 0) {
            if (rank == 0) printf("# %s %ld: skipped (less than one double)\n", name, bytes);
            continue;
        }
        int it = scaled(iters, bytes);
        double *sd = (double *) sbuf, *rd = (double *) rbuf;
        double t = 0;
        for (int i = -warmup; i < it; i++) {
            if (i == 0) {
                MPI_Barrier(MPI_COMM_WORLD);
                t = MPI_Wtime();
            }
            call_counter++;
            switch (which) {
            case BCAST: {
                unsigned char p = pattern();
                sbuf[bytes - 1] = rank == 0 ? p : (unsigned char) ~p;
                MPI_Bcast(sbuf, (int) bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
                if (sbuf[bytes - 1] != p) fail(name, bytes, "last byte", sbuf[bytes - 1], p);
                break;
            }
            case REDUCE:
            case ALLREDUCE:
                sd[n - 1] = rank + 1; /* bcast and alltoall may have written over it */
                rd[n - 1] = -1;
                if (which == REDUCE) MPI_Reduce(sd, rd, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
                else MPI_Allreduce(sd, rd, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
                if ((which == ALLREDUCE || rank == 0) && rd[n - 1] != expected)
                    fail(name, bytes, "last element", rd[n - 1], expected);
                break;
            case ALLTOALL:
                for (int j = 0; j < nprocs; j++) {
                    sbuf[j * bytes + bytes - 1] = a2a_byte(rank, j);
                    rbuf[j * bytes + bytes - 1] = (unsigned char) ~a2a_byte(j, rank);
                }
                MPI_Alltoall(sbuf, (int) bytes, MPI_BYTE, rbuf, (int) bytes, MPI_BYTE, MPI_COMM_WORLD);
                for (int j = 0; j < nprocs; j++)
                    if (rbuf[j * bytes + bytes - 1] != a2a_byte(j, rank))
                        fail(name, bytes, "last byte of a block", rbuf[j * bytes + bytes - 1], a2a_byte(j, rank));
                break;
            }
        }
        double us = (MPI_Wtime() - t) * 1e6 / it, mx;
        MPI_Reduce(&us, &mx, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        row(name, bytes, it, mx, (double) bytes * (which == ALLTOALL ? nprocs - 1 : nprocs));
    }
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);

    static const char *names[] = {"pingpong", "bcast", "reduce", "allreduce", "alltoall"};
    int run[5] = {1, 1, 1, 1, 1};
    long sizes[64] = {1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216};
    int nsizes = 8, iters = 20, warmup = 2, peer = nprocs / 2;

    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) usage();
        const char *opt = argv[i], *val = argv[++i];
        if (!strcmp(opt, "--tests")) {
            memset(run, 0, sizeof run);
            char *copy = strdup(val);
            for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
                int found = 0;
                for (int t = 0; t < 5; t++)
                    if (!strcmp(tok, names[t])) run[t] = found = 1;
                if (!found) {
                    if (rank == 0) fprintf(stderr, "grid: unknown test %s\n", tok);
                    usage();
                }
            }
            free(copy);
        } else if (!strcmp(opt, "--sizes")) {
            nsizes = 0;
            char *copy = strdup(val);
            for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
                long v = parse_size(tok);
                if (v <= 0 || v > 1L << 30 || nsizes == 64) {
                    if (rank == 0) fprintf(stderr, "grid: bad size %s (1 B .. 1 GiB, at most 64 sizes)\n", tok);
                    usage();
                }
                sizes[nsizes++] = v;
            }
            free(copy);
            if (nsizes == 0) usage();
        } else if (!strcmp(opt, "--iters")) {
            iters = atoi(val);
            if (iters < 1) usage();
        } else if (!strcmp(opt, "--warmup")) {
            warmup = atoi(val);
            if (warmup < 0) usage();
        } else if (!strcmp(opt, "--peer")) {
            peer = atoi(val);
        } else {
            if (rank == 0) fprintf(stderr, "grid: unknown option %s\n", opt);
            usage();
        }
    }
    if (run[0] && (peer <= 0 || peer >= nprocs)) {
        if (rank == 0) fprintf(stderr, "grid: pingpong needs a peer rank in 1..%d (got %d; at least 2 ranks)\n", nprocs - 1, peer);
        MPI_Finalize();
        return 2;
    }

    long max = 0;
    for (int k = 0; k < nsizes; k++) if (sizes[k] > max) max = sizes[k];
    long len = max * (run[4] ? nprocs : 1) + 8; /* alltoall: a block per rank */
    unsigned char *sbuf = malloc(len), *rbuf = malloc(len);
    if (!sbuf || !rbuf) {
        fprintf(stderr, "grid: rank %d: cannot allocate 2 x %ld bytes\n", rank, len);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(sbuf, 0, len);
    memset(rbuf, 0, len);
    double *sd = (double *) sbuf;
    for (long i = 0; i < len / 8; i++) sd[i] = rank + 1; /* reduce, allreduce: the sum is p(p+1)/2 everywhere */

    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING], one[MPI_MAX_LIBRARY_VERSION_STRING];
        int n, j = 0;
        MPI_Get_library_version(lib, &n);
        /* the first line, runs of blanks (MPICH pads with tabs) as one space */
        for (int i = 0; i < n && lib[i] && lib[i] != '\n'; i++) {
            if (isspace((unsigned char) lib[i])) {
                if (j > 0 && one[j - 1] != ' ') one[j++] = ' ';
            } else one[j++] = lib[i];
        }
        while (j > 0 && one[j - 1] == ' ') j--;
        one[j] = '\0';
        printf("# grid c %s ranks=%d\n", one, nprocs);
        fflush(stdout);
    }

    if (run[0]) pingpong(sbuf, sizes, nsizes, iters, warmup, peer);
    if (run[1]) collective(BCAST, "bcast", sbuf, rbuf, sizes, nsizes, iters, warmup);
    if (run[2]) collective(REDUCE, "reduce", sbuf, rbuf, sizes, nsizes, iters, warmup);
    if (run[3]) collective(ALLREDUCE, "allreduce", sbuf, rbuf, sizes, nsizes, iters, warmup);
    if (run[4]) collective(ALLTOALL, "alltoall", sbuf, rbuf, sizes, nsizes, iters, warmup);

    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
