#!/usr/bin/env bash
# bench/experiments/tcp-copy-profile.sh [--size BYTES] [--iters N]
# Where the copies of a large tcp ping-pong go, buffered (jmpi.tcp.direct=false) against direct (true), same
# build, one after the other: perf record -a over bin/jmpibench latency --transport tcp at one size, then the
# samples of the kernel's copy routines (_copy_from_iter: into socket buffers on write; _copy_to_iter: out of
# them on read) and of the JVM's copy stubs (StubRoutines: arraycopy / MemorySegment.copy into the staging
# buffer and out of the read buffer), with the total and the latency the run printed. Needs perf and root
# (or perf_event_paranoid <= -1). An experiment, not a part of jmpi.
set -euo pipefail
cd "$(dirname "$0")/../.."
size=4M; iters=64000
while [ $# -gt 0 ]; do
  case "$1" in
    --size) size=$2 ;; --iters) iters=$2 ;;
    *) echo "tcp-copy-profile.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# tcp-copy-profile.sh --size $size --iters $iters, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %12s %10s %16s %14s %14s\n' direct latency_us samples kernel_from_iter kernel_to_iter jvm_copy_stubs
for v in false true; do
  lat=$(JMPI_JAVA_OPTS="--enable-native-access=ALL-UNNAMED -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -Djmpi.tcp.direct=$v" \
    perf record -q -a -o "$tmp/perf-$v.data" -- bin/jmpibench latency --transport tcp --min "$size" --max "$size" \
      --iters "$iters" --warmup $((iters / 10)) 2>/dev/null | grep -v '^#' | awk 'NR > 1 { print $3 }')
  perf report -i "$tmp/perf-$v.data" --no-children --sort sym -F sample,sym 2>/dev/null > "$tmp/report-$v.txt"
  total=$(awk '/^# Samples:/ { print $3 }' "$tmp/report-$v.txt")
  sum() { grep -F "$1" "$tmp/report-$v.txt" | awk '{ s += $1 } END { print s + 0 }'; }
  printf '%-8s %12s %10s %16s %14s %14s\n' "$v" "$lat" "$total" "$(sum '[k] _copy_from_iter')" "$(sum '[k] _copy_to_iter')" \
    "$(sum 'StubRoutines')"
done
