#!/usr/bin/env bash
# bench/ab-builds.sh --baseline DIR [--rounds R] [--bind core|none] [--min BYTES] [--max BYTES] [--bench "latency bw"]
#                    [--transport threads|shm|tcp]
# Two jmpi builds side by side on a transport (default threads), 2 ranks: the built checkout DIR (e.g. `git worktree add
# /tmp/before <commit>`, then bin/build there) against this one, R interleaved rounds (default 5), each run under
# jmpirun --bind-to core by default (both with --enable-native-access=ALL-UNNAMED; binding keeps the two ranks off
# one core, the biggest source of noise on a shared machine; --bind none runs them unbound). Benchmarks:
# jmpi.bench.Latency (ping-pong, us; 20000 iterations after 2000 warm-up) and jmpi.bench.Bandwidth (window of 64,
# MB/s; 2000 after 200), sizes doubling from --min (default 1) to --max (default 4K). Prints every round's row,
# then per size the best and the median of the rounds of each build and the ratio this / baseline (latency: < 1
# is faster; bandwidth: > 1). Each run takes the machine-wide benchmark lock (/tmp/jmpi-bench.lock). shm and tcp
# under --bind core need a baseline from 2ad4537 on (process jobs bind from there).
set -euo pipefail
cd "$(dirname "$0")/.."
source bin/jmpi-env.sh
jmpi_need_lib
rounds=5; bind=core; min=1; max=4K; benches="latency bw"; baseline=; transport=threads
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline=$(cd "$2" && pwd) ;; --rounds) rounds=$2 ;; --bind) bind=$2 ;;
    --min) min=$2 ;; --max) max=$2 ;; --bench) benches=$2 ;; --transport) transport=$2 ;;
    *) echo "ab-builds.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
if [ -z "$baseline" ] || [ ! -f "$baseline/jmpi-dist/target/lib/jmpi-bench.jar" ]; then
  echo "ab-builds.sh: --baseline DIR must name a built checkout (bin/build there)" >&2; exit 2
fi
case "$bind" in core|none) ;; *) echo "ab-builds.sh: --bind is core or none, not $bind" >&2; exit 2 ;; esac
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
run() { # lib bench -> one row of values
  local lib=$1 bench=$2 class=Latency iters=20000 warmup=2000 file="$out/run.txt"
  if [ "$bench" = bw ]; then class=Bandwidth; iters=2000; warmup=200; fi
  flock /tmp/jmpi-bench.lock "$JMPI_JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$lib/*" \
    jmpi.launcher.Jmpirun -np 2 --transport "$transport" --bind-to "$bind" -cp "$lib/jmpi-bench.jar" "jmpi.bench.$class" --min "$min" --max "$max" \
    --iters "$iters" --warmup "$warmup" > "$file" 2>&1 || { echo "ab-builds.sh: a $bench run failed:" >&2; cat "$file" >&2; exit 1; }
  grep -v '^#' "$file" | awk 'NR > 1 { printf "%s ", $3 } END { print "" }'
  grep -v '^#' "$file" | awk 'NR > 1 { printf "%s ", $1 } END { print "" }' > "$out/sizes"
}
rev() { git -C "$1" rev-parse --short HEAD 2>/dev/null || echo unknown; }
echo "# ab-builds.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), host $(hostname), cores $(nproc), load before $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $("$JMPI_JAVA_HOME/bin/java" -version 2>&1 | head -1); $transport transport, 2 ranks, --bind-to $bind"
echo "# base: $baseline (commit $(rev "$baseline")); this: $JMPI_HOME (commit $(rev "$JMPI_HOME")$(git -C "$JMPI_HOME" diff --quiet 2>/dev/null || echo ', with uncommitted changes'))"
for ((r = 1; r <= rounds; r++)); do
  for bench in $benches; do
    for which in base this; do
      lib="$JMPI_LIB"; [ "$which" = base ] && lib="$baseline/jmpi-dist/target/lib"
      row=$(run "$lib" "$bench"); echo "$bench $which $row" >> "$out/rows"; echo "# round $r: $bench $which $row"
    done
  done
done
for bench in $benches; do
  echo
  unit="latency (us)"; higher=0; [ "$bench" = bw ] && { unit="bandwidth (MB/s)"; higher=1; }
  echo "$unit, best and median of $rounds rounds:"
  printf '%-22s' "bytes"; for c in $(cat "$out/sizes"); do printf ' %9s' "$c"; done; echo
  awk -v k="$bench" -v a=base -v b=this -v higher=$higher -f bench/best-median.awk "$out/rows"
done
echo
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# reproduce: bench/ab-builds.sh --baseline $baseline --rounds $rounds --bind $bind --min $min --max $max --bench \"$benches\" --transport $transport"
