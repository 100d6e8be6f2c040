#!/usr/bin/env bash
# tcp-direct.sh [--min BYTES] [--max BYTES] [--repeat R] [--iters N] [--bw-iters N] [--bind none|core]
# jmpi's tcp transport on loopback with large DATA payloads moved straight between the socket and the
# users' arrays (jmpi.tcp.direct=true: write(2) / read(2) through RawSocket) against the same build
# moving them through the staging and read buffers (jmpi.tcp.direct=false, one copy more on each
# side), side by side: bin/jmpibench latency and bw, 2 ranks, both with --enable-native-access=ALL-UNNAMED
# (without it the direct path is off anyway). R interleaved rounds (default 3), best per size of each
# (lowest latency, highest bandwidth); ratio = direct / buffered. Each round takes the machine-wide
# benchmark lock (/tmp/jmpi-bench.lock) for itself only. Load average printed before and after.
# Defaults: --min 64K --max 16M, --iters 40000 for latency and 4000 for bw (scaled down above 64 KiB by
# the drivers: at least 4 timed after at least 1 warm-up; warm-up one tenth of the timed).
# --bind core: both sides' ranks bound (bin/jmpibench --bind-to core; default none).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
min=64K; max=16M; repeat=3; iters=40000; bwiters=4000; bind=none
while [ $# -gt 0 ]; do
  case "$1" in
    --min) min=$2 ;; --max) max=$2 ;; --bind) bind=$2 ;; --repeat) repeat=$2 ;; --iters) iters=$2 ;; --bw-iters) bwiters=$2 ;;
    *) echo "tcp-direct.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "# jmpi tcp on loopback: jmpi.tcp.direct=true (payloads straight between socket and arrays) vs false (through the buffers), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# host: $(hostname), cores: $(nproc), load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# rounds: $repeat, interleaved; best of the rounds per size; latency --iters $iters --warmup $((iters / 10)), bw --iters $bwiters --warmup $((bwiters / 10))"
echo "# ranks bound: $bind"
echo "# reproduce: bench/tcp-direct.sh --min $min --max $max --repeat $repeat --iters $iters --bw-iters $bwiters --bind $bind"
for r in $(seq "$repeat"); do
  for v in false true; do
    echo "tcp-direct.sh: round $r of $repeat, direct=$v" >&2
    flock /tmp/jmpi-bench.lock bash -c "
      JMPI_JAVA_OPTS='--enable-native-access=ALL-UNNAMED -Djmpi.tcp.direct=$v' bin/jmpibench latency --transport tcp --bind-to $bind \
        --min $min --max $max --iters $iters --warmup $((iters / 10)) | grep -v '^#' | awk 'NR > 1 { print \$1, \$3 }' >> '$out/lat-$v'
      JMPI_JAVA_OPTS='--enable-native-access=ALL-UNNAMED -Djmpi.tcp.direct=$v' bin/jmpibench bw --transport tcp --bind-to $bind \
        --min $min --max $max --iters $bwiters --warmup $((bwiters / 10)) | grep -v '^#' | awk 'NR > 1 { print \$1, \$3 }' >> '$out/bw-$v'"
  done
done
best() { # FILE min|max -> "bytes best" per size
  awk -v how="$2" '{ if (!($1 in b) || (how == "min" ? $2 < b[$1] : $2 > b[$1])) b[$1] = $2 } END { for (k in b) print k, b[k] }' "$1" | sort -n
}
echo
printf '%-8s %10s %14s %14s %8s\n' latency bytes buffered_us direct_us ratio
join <(best "$out/lat-false" min) <(best "$out/lat-true" min) | awk '{ printf "%-8s %10d %14.2f %14.2f %8.2f\n", "latency", $1, $2, $3, $3 / $2 }'
echo
printf '%-8s %10s %14s %14s %8s\n' bw bytes buffered_MB/s direct_MB/s ratio
join <(best "$out/bw-false" max) <(best "$out/bw-true" max) | awk '{ printf "%-8s %10d %14.0f %14.0f %8.2f\n", "bw", $1, $2, $3, $3 / $2 }'
echo
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
