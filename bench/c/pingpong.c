/*
 * C MPI baseline for jmpi's benchmark drivers (jmpi-bench): the same measurements, sizes, iteration
 * rule and table shapes, so that `bench/compare-openmpi.sh` can put the two side by side.
 *
 *   pingpong latency|latency-calls|bw|bibw|comms1|comms2 [--min B] [--max B] [--iters N] [--warmup N] [--window N]
 *
 *   latency  blocking MPI_Send/MPI_Recv ping-pong, half the average round trip (us)
 *   bw       window of Isend on rank 0 / Irecv on rank 1, Waitall, 1-byte ack (MB/s, MB = 10^6 B)
 *   bibw     the same in both directions at once (MB/s counting both directions)
 *   comms1   as latency, printed as (bytes, time us, MB/s)
 *   comms2   two simultaneous MPI_Sendrecv exchanges per iteration, a quarter of its time (us)
 *   latency-calls  the latency ping-pong calling the library as jmpi's native transport does (the part
 *            of jmpi's latency on native that is the library's): MPI_THREAD_MULTIPLE, a 32-byte header
 *            before the data, every receive posted in advance with room for 65568 bytes (MPI_Irecv),
 *            sends with MPI_Isend, completion by polling MPI_Testsome over the pending requests (us)
 *
 * Iteration rule (as jmpi.bench.BenchOptions): sizes up to 64 KiB run --iters timed iterations after
 * --warmup untimed ones; larger sizes run iters*65536/size (at least 4 timed, 1 warm-up).
 * Sizes double from --min to --max (K/M/G suffixes are powers of 1024). Byte buffers, one per role,
 * reused (in cache). No Hockney fit here: jmpi's drivers do that.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LARGE_BYTES 65536L
#define MIN_LARGE_ITERS 4
#define TAG_DATA 1
#define TAG_ACK 2

static long parse_bytes(const char *opt, const char *s) {
    char *end;
    long v = strtol(s, &end, 10);
    long unit = 1;
    if (*end == 'K' || *end == 'k') { unit = 1L << 10; end++; }
    else if (*end == 'M' || *end == 'm') { unit = 1L << 20; end++; }
    else if (*end == 'G' || *end == 'g') { unit = 1L << 30; end++; }
    if (*end == 'B' || *end == 'b') end++;
    if (end == s || *end != '\0' || v < 0) {
        fprintf(stderr, "pingpong: %s wants a size such as 4096, 64K or 4M, not '%s'\n", opt, s);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return v * unit;
}

static int scaled(int count, long bytes, int floor) {
    if (bytes <= LARGE_BYTES) return count;
    long s = (long) count * LARGE_BYTES / bytes;
    long f = floor < count ? floor : count;
    return (int) (s > f ? s : f);
}

/* One pending request polled to completion with MPI_Testsome, as jmpi's native progress does. */
static void poll_done(MPI_Request *req) {
    int outcount = 0, index;
    MPI_Status status;
    while (outcount == 0 || outcount == MPI_UNDEFINED) {
        MPI_Testsome(1, req, &outcount, &index, &status);
        if (outcount == MPI_UNDEFINED) break; /* (already complete and freed) */
    }
}

static double ping_pong_calls(char *buf, char *room, int n, int iters, int warmup, int rank) {
    double start = 0, us = 0;
    int peer = 1 - rank;
    MPI_Request recv, send;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank > 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        return 0;
    }
    MPI_Irecv(room, 65568, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &recv);
    for (int i = 0; i < warmup + iters; i++) {
        if (i == warmup) start = MPI_Wtime();
        if (rank == 0) {
            MPI_Isend(buf, n + 32, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &send);
            poll_done(&send);
            poll_done(&recv);
            MPI_Irecv(room, 65568, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &recv);
        } else {
            poll_done(&recv);
            MPI_Irecv(room, 65568, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &recv);
            MPI_Isend(buf, n + 32, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &send);
            poll_done(&send);
        }
    }
    us = (MPI_Wtime() - start) * 1e6 / (2.0 * iters);
    MPI_Cancel(&recv);
    MPI_Wait(&recv, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    return us;
}

static double ping_pong(char *buf, int n, int iters, int warmup, int rank) {
    double start = 0, us = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < warmup + iters; i++) {
            if (i == warmup) start = MPI_Wtime();
            MPI_Send(buf, n, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD);
            MPI_Recv(buf, n, MPI_BYTE, 1, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        us = (MPI_Wtime() - start) * 1e6 / (2.0 * iters);
    } else if (rank == 1) {
        for (int i = 0; i < warmup + iters; i++) {
            MPI_Recv(buf, n, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, n, MPI_BYTE, 0, TAG_DATA, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return us;
}

static double exchange(char *sbuf, char *rbuf, int n, int iters, int warmup, int rank) {
    double start = 0, us = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank < 2) {
        int peer = 1 - rank;
        for (int i = 0; i < warmup + iters; i++) {
            if (i == warmup) start = MPI_Wtime();
            for (int k = 0; k < 2; k++)
                MPI_Sendrecv(sbuf, n, MPI_BYTE, peer, TAG_DATA, rbuf, n, MPI_BYTE, peer, TAG_DATA,
                             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        us = (MPI_Wtime() - start) * 1e6 / (4.0 * iters);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return us;
}

static double window_rate(char *sbuf, char *rbuf, int n, int iters, int warmup, int window, int both,
                          int rank, MPI_Request *sends, MPI_Request *recvs) {
    double start = 0, mbps = 0;
    char ack = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank < 2) {
        int peer = 1 - rank, sender = rank == 0 || both, receiver = rank == 1 || both;
        for (int i = 0; i < warmup + iters; i++) {
            if (i == warmup) start = MPI_Wtime();
            if (receiver)
                for (int w = 0; w < window; w++)
                    MPI_Irecv(rbuf, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &recvs[w]);
            if (sender) {
                for (int w = 0; w < window; w++)
                    MPI_Isend(sbuf, n, MPI_BYTE, peer, TAG_DATA, MPI_COMM_WORLD, &sends[w]);
                MPI_Waitall(window, sends, MPI_STATUSES_IGNORE);
            }
            if (receiver) MPI_Waitall(window, recvs, MPI_STATUSES_IGNORE);
            if (!both) {
                if (rank == 0) MPI_Recv(&ack, 1, MPI_BYTE, peer, TAG_ACK, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                else MPI_Send(&ack, 1, MPI_BYTE, peer, TAG_ACK, MPI_COMM_WORLD);
            }
        }
        double seconds = MPI_Wtime() - start;
        mbps = (double) n * window * iters * (both ? 2 : 1) / seconds / 1e6;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    return mbps;
}

int main(int argc, char **argv) {
    int calls = argc >= 2 && !strcmp(argv[1], "latency-calls"), provided;
    if (calls) MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    else MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 2) {
        if (rank == 0) fprintf(stderr, "usage: pingpong latency|latency-calls|bw|bibw|comms1|comms2 [--min B] [--max B] "
                                       "[--iters N] [--warmup N] [--window N]\n");
        MPI_Finalize();
        return 2;
    }
    const char *bench = argv[1];
    int is_lat = !strcmp(bench, "latency") || calls, is_bw = !strcmp(bench, "bw"), is_bibw = !strcmp(bench, "bibw");
    int is_c1 = !strcmp(bench, "comms1"), is_c2 = !strcmp(bench, "comms2");
    if (!(is_lat || is_bw || is_bibw || is_c1 || is_c2) || size < 2) {
        if (rank == 0) fprintf(stderr, "pingpong: unknown benchmark '%s' or fewer than 2 ranks\n", bench);
        MPI_Finalize();
        return 2;
    }
    int streaming = is_bw || is_bibw;
    long min = 1, max = 4L << 20;
    int iters = streaming ? 1000 : 10000, warmup = streaming ? 100 : 1000, window = 64;
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) { if (rank == 0) fprintf(stderr, "pingpong: %s needs a value\n", argv[i]); MPI_Abort(MPI_COMM_WORLD, 2); }
        if (!strcmp(argv[i], "--min")) min = parse_bytes(argv[i], argv[i + 1]);
        else if (!strcmp(argv[i], "--max")) max = parse_bytes(argv[i], argv[i + 1]);
        else if (!strcmp(argv[i], "--iters")) iters = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--warmup")) warmup = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--window")) window = atoi(argv[i + 1]);
        else { if (rank == 0) fprintf(stderr, "pingpong: unknown option %s\n", argv[i]); MPI_Abort(MPI_COMM_WORLD, 2); }
    }
    if (iters < 1 || warmup < 0 || window < 1 || max < min) {
        if (rank == 0) fprintf(stderr, "pingpong: need --iters >= 1, --warmup >= 0, --window >= 1, --min <= --max\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    char *sbuf = malloc(max + 32), *rbuf = malloc(max + 32), *room = malloc(65568);
    MPI_Request *sends = malloc(sizeof(MPI_Request) * window), *recvs = malloc(sizeof(MPI_Request) * window);
    if (!sbuf || !rbuf || !room || !sends || !recvs) { fprintf(stderr, "pingpong: out of memory\n"); MPI_Abort(MPI_COMM_WORLD, 1); }
    memset(sbuf, 'a', max + 32);
    memset(rbuf, 'a', max + 32);
    if (rank == 0) {
        char lib[MPI_MAX_LIBRARY_VERSION_STRING], host[256];
        int len;
        MPI_Get_library_version(lib, &len);
        char *nl = strchr(lib, '\n');
        if (nl) *nl = '\0';
        gethostname(host, sizeof host);
        printf("# C MPI baseline (bench/c/pingpong.c)\n# benchmark: %s\n# MPI: %s\n", bench, lib);
        printf("# ranks: %d, host: %s, cores: %ld\n", size, host, sysconf(_SC_NPROCESSORS_ONLN));
        printf("# buffers: one send and one receive buffer per rank, reused (in cache)\n");
        printf("# iterations: %d timed after %d warm-up up to %ld B; above, scaled by %ld/size "
               "(at least %d timed, 1 warm-up)\n", iters, warmup, LARGE_BYTES, LARGE_BYTES, MIN_LARGE_ITERS);
        if (is_lat) printf("%12s %12s %12s\n", "bytes", "iterations", "latency_us");
        else if (streaming) printf("%12s %12s %12s\n", "bytes", "iterations", "MB/s");
        else printf("%12s %12s %12s %12s\n", "bytes", "iterations", "time_us", "MB/s");
        fflush(stdout);
    }
    for (long n = min, next; n <= max; n = next) {
        next = n == 0 ? 1 : n * 2;
        if (n < max && next > max) next = max; /* an odd maximum is measured too */
        int it = scaled(iters, n, MIN_LARGE_ITERS), wu = warmup == 0 ? 0 : scaled(warmup, n, 1);
        double v;
        if (streaming) v = window_rate(sbuf, rbuf, (int) n, it, wu, window, is_bibw, rank, sends, recvs);
        else if (is_c2) v = exchange(sbuf, rbuf, (int) n, it, wu, rank);
        else if (calls) {
            if (n + 32 > 65568) break; /* (jmpi sends a longer message in two parts: not this pattern) */
            v = ping_pong_calls(sbuf, room, (int) n, it, wu, rank);
        } else v = ping_pong(sbuf, (int) n, it, wu, rank);
        if (rank == 0) {
            if (is_c1 || is_c2) printf("%12ld %12d %12.3f %12.2f\n", n, it, v, n / v);
            else printf("%12ld %12d %12.3f\n", n, it, v);
            fflush(stdout);
        }
        if (n == max) break;
    }
    free(sbuf); free(rbuf); free(room); free(sends); free(recvs);
    MPI_Finalize();
    return 0;
}
